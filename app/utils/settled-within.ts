/**
 * Resolves true when all settle, false when `ms` runs out first: how the
 * outbox workers (mail and webhooks) wait at a stop for what is in flight.
 */
export async function settledWithin(promises: Promise<unknown>[], ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([Promise.allSettled(promises).then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
