/**
 * Webhooks' outage probe: each system on its own, so one receiver's outage
 * holds up no other. Without a probe, a receiver down for a minute got its
 * deliveries only at their next retry: 5 minutes after the second failure,
 * 30 after the third. A probe is the receiver's oldest waiting delivery,
 * sent once, signed, with its own `webhook-id`: the cheapest request that is
 * also the true test (the receiver takes our deliveries again, not merely a
 * connection), and one the receiver deduplicates like any retry. Its failure
 * takes no attempt from the delivery. Each system is probed at most once per
 * interval across instances; when it answers, its waiting deliveries are
 * due at once and the queue is woken.
 */
import type { Kysely } from "kysely";

import type { Database } from "~/db/schema";
import { settledWithin } from "~/utils/settled-within";

import type { OutageProbe, ProbeContext } from "../outbox/probe";
import { claimProbes, markReachable, markUnreachable } from "./system-health.server";
import { claimProbeDelivery, type DeliveryRow } from "./webhook-outbox.server";

const STOP_GRACE_MS = 6_000;

export function webhookOutageProbe(
  db: Kysely<Database>,
  options: { intervalMs: number; leaseMs: number },
): OutageProbe<DeliveryRow> {
  let context: ProbeContext<DeliveryRow> | undefined;

  const note = async (row: DeliveryRow, outcome: { receiver?: "answered" | "away" }) => {
    const now = context?.now() ?? new Date();
    if (outcome.receiver === "away") await markUnreachable(db, row.system_id, now);
    if (outcome.receiver === "answered" && (await markReachable(db, row.system_id, now))) {
      context?.logger.info(
        { system: row.system_id },
        "webhook receiver answers again: its waiting deliveries are due now",
      );
      context?.recovered();
    }
  };

  const start = (started: ProbeContext<DeliveryRow>) => {
    context = started;
    const { logger, now } = started;
    /** The probes out now, by system: a slow receiver is never probed twice at once. */
    const out = new Map<string, { deliveryId?: string; done: Promise<void> }>();
    let stopped = false;

    const probe = async (systemId: string, entry: { deliveryId?: string }) => {
      const row = await claimProbeDelivery(db, systemId, now(), options.leaseMs);
      if (!row || stopped) {
        if (row) await started.release([row.id]);
        return;
      }
      entry.deliveryId = row.id;
      await started.tryAsProbe(row);
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
    const timer = setInterval(
      () => void tick().catch((error) => logger.error({ err: error }, "looking for webhook systems to probe failed")),
      Math.max(50, options.intervalMs / 2),
    );
    timer.unref();
    return {
      stop: async () => {
        stopped = true;
        clearInterval(timer);
        await settledWithin(
          [...out.values()].map((entry) => entry.done),
          STOP_GRACE_MS,
        );
        const held = [...out.values()].flatMap((entry) => (entry.deliveryId ? [entry.deliveryId] : []));
        await started
          .release(held)
          .catch((error) => logger.error({ err: error }, "could not give back probed webhook deliveries"));
      },
    };
  };

  // Most tries say nothing new of their system: nothing to write, nothing to wait for.
  const observe = (row: DeliveryRow, outcome: { receiver?: "answered" | "away" }) =>
    outcome.receiver ? note(row, outcome) : undefined;
  return { observe, holding: () => false, start };
}
