/**
 * Probes the systems whose receiver stopped answering. Without a probe, a
 * receiver down for a minute got its deliveries only at their next retry:
 * 5 minutes after the second failure, 30 after the third. A probe is the
 * receiver's oldest waiting delivery, sent once, signed, with its own
 * `webhook-id`: the cheapest request that is also the true test (the
 * receiver takes our deliveries again, not merely a connection), and one
 * the receiver deduplicates like any retry. Its failure takes no attempt
 * from the delivery. Each system is probed on its own, at most once per
 * interval across instances; when it answers, its waiting deliveries are
 * due at once and the worker is woken.
 */
import type { Logger } from "pino";
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { metrics } from "~/utils/metrics.server";
import { settledWithin } from "~/utils/settled-within";
import { claimProbes } from "./system-health.server";
import type { WebhookNetwork } from "./webhook-address.server";
import { recordTry, tryDelivery } from "./webhook-attempt.server";
import { claimProbeDelivery, releaseWebhooks } from "./webhook-outbox.server";

type ProbeOptions = {
  logger: Logger;
  intervalMs: number;
  timeoutMs: number;
  leaseMs: number;
  network: WebhookNetwork;
  now: () => Date;
  /** A system answered again: its deliveries are due now. */
  onRecovery: () => void;
};

const STOP_GRACE_MS = 6_000;

export function startProbes(db: Kysely<Database>, options: ProbeOptions): { stop: () => Promise<void> } {
  const { logger, now } = options;
  /** The probes out now, by system: a slow receiver is never probed twice at once. */
  const out = new Map<string, { deliveryId?: string; done: Promise<void> }>();
  let stopped = false;

  const probe = async (systemId: string, entry: { deliveryId?: string }) => {
    const row = await claimProbeDelivery(db, systemId, now(), options.leaseMs);
    if (!row || stopped) {
      if (row) await releaseWebhooks(db, [row.id]);
      return;
    }
    entry.deliveryId = row.id;
    const tried = await tryDelivery(db, row, now(), options);
    const recorded = await recordTry(db, row, tried, now(), { counts: false });
    if (recorded.outcome === "delivered") metrics().webhookDeliveries.inc({ outcome: "delivered" });
    if (recorded.recovered) {
      logger.info({ system: systemId }, "webhook receiver answers again: its waiting deliveries are due now");
      options.onRecovery();
    }
  };

  const tick = async () => {
    if (stopped) return;
    const due = (await claimProbes(db, now(), options.intervalMs)).filter((id) => !out.has(id));
    for (const systemId of due) {
      const entry: { deliveryId?: string; done: Promise<void> } = { done: Promise.resolve() };
      entry.done = probe(systemId, entry)
        .catch((error) => logger.error({ err: error, system: systemId }, "probing a webhook system failed"))
        .finally(() => out.delete(systemId));
      out.set(systemId, entry);
    }
  };

  // Looked at twice per interval, so a timer's jitter never stretches one interval into two; the claim keeps each system to one probe per interval.
  const timer = setInterval(() => void tick().catch((error) => logger.error({ err: error }, "looking for webhook systems to probe failed")), Math.max(50, options.intervalMs / 2));
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await settledWithin([...out.values()].map((entry) => entry.done), STOP_GRACE_MS);
      const held = [...out.values()].flatMap((entry) => (entry.deliveryId ? [entry.deliveryId] : []));
      await releaseWebhooks(db, held).catch((error) => logger.error({ err: error }, "could not give back probed webhook deliveries"));
    },
  };
}
