/**
 * One try of a delivery and what it leaves behind, for the worker's sends
 * and for its probes alike: signed at the moment it is sent (a fresh
 * `webhook-timestamp`, the same `webhook-id`), and recorded as delivered,
 * failed (a category, app/domain/webhook-failure.ts) or given back, with the
 * system's health (system-health.server.ts) following from it.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { meansUnreachable, type WebhookFailure } from "~/domain/webhook-failure";
import { markReachable, markUnreachable, pauseSystem } from "./system-health.server";
import { openSecret } from "./system-secrets.server";
import type { WebhookNetwork } from "./webhook-address.server";
import { giveBackWebhook, markAttemptFailed, markDelivered, releaseWebhooks, type DeliveryRow } from "./webhook-outbox.server";
import { postWebhook } from "./webhook-post.server";
import { signWebhook } from "./webhook-signature.server";

export type Tried = { kind: "sent" } | { kind: "failed"; failure: WebhookFailure } | { kind: "held" };
type Try = Tried & { systemUnreachableSince: string | null };

/** Sends the delivery once (not when its system was paused since it was claimed). */
export async function tryDelivery(db: Kysely<Database>, row: DeliveryRow, now: Date, options: { timeoutMs: number; network: WebhookNetwork }): Promise<Try> {
  const system = await db
    .selectFrom("data_system")
    .select(["id", "channel", "webhook_url", "secret_sealed", "paused_reason", "unreachable_since"])
    .where("id", "=", row.system_id)
    .executeTakeFirst();
  if (!system || system.channel !== "webhook" || !system.webhook_url || !system.secret_sealed) return { kind: "failed", failure: "not-webhook", systemUnreachableSince: null };
  if (system.paused_reason) return { kind: "held", systemUnreachableSince: system.unreachable_since };
  const headers = signWebhook(openSecret(system.id, system.secret_sealed), row.id, now, row.payload);
  const failure = await postWebhook(system.webhook_url, { ...headers, "content-type": "application/json", "user-agent": "veldhaven-privacy-webhooks/1" }, row.payload, options);
  return { ...(failure === null ? { kind: "sent" } : { kind: "failed", failure }), systemUnreachableSince: system.unreachable_since };
}

export type Recorded = {
  outcome: "delivered" | "retry" | "gave-up" | "given-back";
  /** The system had been unreachable and answered: its waiting deliveries are due now. */
  recovered: boolean;
  /** The system was paused by this try (its address resolved into a private network). */
  paused: boolean;
};

/**
 * Records a try. A failed send counts an attempt (and schedules the next)
 * when `counts`; a probe's does not, or probing every few seconds would use
 * up a delivery's schedule within minutes. A refused address never counts:
 * the system is paused and the delivery waits for its new address.
 */
export async function recordTry(
  db: Kysely<Database>,
  row: DeliveryRow,
  tried: Try,
  now: Date,
  options: { counts: boolean; retryDelaysMs?: readonly number[] },
): Promise<Recorded> {
  if (tried.kind === "held") {
    await releaseWebhooks(db, [row.id]);
    return { outcome: "given-back", recovered: false, paused: false };
  }
  const answered = tried.kind === "sent" || (tried.failure.startsWith("http:") && !meansUnreachable(tried.failure));
  const recovered = answered && tried.systemUnreachableSince !== null && (await markReachable(db, row.system_id, now));
  if (tried.kind === "sent") {
    await markDelivered(db, row, now);
    return { outcome: "delivered", recovered, paused: false };
  }
  if (tried.failure === "blocked") {
    await giveBackWebhook(db, row, tried.failure);
    return { outcome: "given-back", recovered, paused: await pauseSystem(db, row.system_id, "private-network", now) };
  }
  if (meansUnreachable(tried.failure) && tried.systemUnreachableSince === null) await markUnreachable(db, row.system_id, now);
  if (!options.counts) {
    await giveBackWebhook(db, row, tried.failure);
    return { outcome: "given-back", recovered, paused: false };
  }
  return { outcome: await markAttemptFailed(db, row, tried.failure, now, options.retryDelaysMs), recovered, paused: false };
}
