/**
 * When a failed row is tried again: the delay before each retry, in
 * milliseconds, the first after the first failed attempt. When the list is
 * used up the queue gives up (the row is `failed`). One shape for every
 * queue, so a schedule reads the same whether it is mail's backoff or the
 * webhooks' configured list (WEBHOOK_RETRY_SECONDS).
 */
export type RetrySchedule = readonly number[];

/** The delay after `attempts` failed attempts, or undefined: give up. */
export function retryDelay(schedule: RetrySchedule, attempts: number): number | undefined {
  return attempts >= 1 ? schedule[attempts - 1] : undefined;
}

/** Doubling delays from `firstMs`, capped at `maxMs`, for `attempts` attempts in all (so one delay fewer). */
export function doublingSchedule(firstMs: number, maxMs: number, attempts: number): RetrySchedule {
  return Array.from({ length: Math.max(0, attempts - 1) }, (_, index) => Math.min(firstMs * 2 ** index, maxMs));
}
