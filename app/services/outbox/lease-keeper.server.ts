import type { Logger } from "pino";

export type LeaseKeeper = {
  /** Rows this worker has claimed and not yet finished. */
  hold: (ids: string[]) => void;
  /** A row done, failed or given back: its lease is no longer ours to renew. */
  letGo: (id: string) => void;
  held: () => string[];
  stop: () => void;
};

/**
 * Renews, three times per lease, the leases of the rows this worker holds:
 * a send that takes longer than a lease (a slow SMTP server or receiver, a
 * long pool queue) never lets another worker take the row, while a crashed
 * worker, which renews nothing, loses its rows after one lease.
 */
export function keepLeases(
  renewLeases: (ids: string[], now: Date, leaseMs: number) => Promise<void>,
  options: { leaseMs: number; now: () => Date; logger?: Logger; queue: string },
): LeaseKeeper {
  const ids = new Set<string>();
  let renewing = false;
  const renew = async () => {
    // A slow database must not stack renewals up.
    if (renewing || ids.size === 0) return;
    renewing = true;
    try {
      await renewLeases([...ids], options.now(), options.leaseMs);
    } catch (error) {
      options.logger?.warn({ err: error }, `${options.queue} lease renewal failed; will try again`);
    } finally {
      renewing = false;
    }
  };
  const timer = setInterval(() => void renew(), Math.max(1, Math.floor(options.leaseMs / 3)));
  timer.unref();
  return {
    hold: (claimed) => claimed.forEach((id) => ids.add(id)),
    letGo: (id) => ids.delete(id),
    held: () => [...ids],
    stop: () => clearInterval(timer),
  };
}
