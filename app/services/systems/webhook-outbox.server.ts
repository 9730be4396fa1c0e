/**
 * Webhook deliveries as the durable queue (app/services/outbox) sees them: a
 * row written in the transaction that creates its task, claimed oldest due
 * first, never one of a paused system, retried on the schedule of
 * WEBHOOK_RETRY_DELAYS_MS. Its id is the `webhook-id`: every attempt repeats
 * it, and the receiver deduplicates on it.
 */
import { randomBytes } from "node:crypto";

import { sql, type ExpressionBuilder, type Kysely, type Selectable, type SqlBool } from "kysely";

import type { DatabaseKind } from "~/db/db.server";
import type { Database } from "~/db/schema";
import type { WebhookDeliveryTable } from "~/db/schema/outbox";
import { WEBHOOK_RETRY_DELAYS_MS } from "~/domain/data-system";

import type { QueueDefinition } from "../outbox/queue.server";
import { claimDue, enqueue, wakingOnCommit } from "../outbox/store.server";

export type DeliveryRow = Selectable<WebhookDeliveryTable>;

/** A claim holds a delivery this long; the worker renews it while the request is out. */
const WEBHOOK_LEASE_MS = 60_000;

export const WEBHOOK_QUEUE: QueueDefinition<DeliveryRow> = {
  name: "webhooks",
  table: "webhook_delivery",
  done: { status: "delivered", at: "delivered_at" },
  claimOrder: ["next_attempt_at"],
  sendingOrder: (a, b) => a.next_attempt_at.localeCompare(b.next_attempt_at),
  // A paused system's deliveries wait for its new address (system-health.server.ts).
  claimable: sql<SqlBool>`system_id not in (select id from data_system where paused_reason is not null)`,
  retryDelaysMs: WEBHOOK_RETRY_DELAYS_MS,
  leaseMs: WEBHOOK_LEASE_MS,
};

/** Standard Webhooks ids are `msg_` and a unique part. */
const newWebhookId = () => `msg_${randomBytes(16).toString("base64url")}`;

export function enqueueWebhook(
  trx: Kysely<Database>,
  delivery: { taskId: string; systemId: string; payload: unknown },
  now: Date,
): Promise<string> {
  const fields = {
    task_id: delivery.taskId,
    system_id: delivery.systemId,
    payload: JSON.stringify(delivery.payload),
    delivered_at: null,
  };
  return enqueue(WEBHOOK_QUEUE, trx, fields, now, newWebhookId());
}

/** Up to `limit` due deliveries, oldest first, leased to the caller. */
export function claimDueWebhooks(
  db: Kysely<Database>,
  kind: DatabaseKind,
  limit: number,
  now = new Date(),
  leaseMs = WEBHOOK_LEASE_MS,
): Promise<DeliveryRow[]> {
  return claimDue(WEBHOOK_QUEUE, db, kind, limit, now, leaseMs);
}

/** The oldest waiting delivery of a system, leased to the caller: what a probe sends. */
export async function claimProbeDelivery(
  db: Kysely<Database>,
  systemId: string,
  now: Date,
  leaseMs = WEBHOOK_LEASE_MS,
): Promise<DeliveryRow | undefined> {
  const nowIso = now.toISOString();
  const free = (eb: ExpressionBuilder<Database, "webhook_delivery">) =>
    eb.or([eb("locked_until", "is", null), eb("locked_until", "<", nowIso)]);
  const oldest = await db
    .selectFrom("webhook_delivery")
    .select("id")
    .where("system_id", "=", systemId)
    .where("status", "=", "pending")
    .where(free)
    .orderBy("next_attempt_at")
    .limit(1)
    .executeTakeFirst();
  if (!oldest) return undefined;
  // The lease is checked again in the UPDATE: another instance that took the row first wins.
  return db
    .updateTable("webhook_delivery")
    .set({ locked_until: new Date(now.getTime() + leaseMs).toISOString() })
    .where("id", "=", oldest.id)
    .where("status", "=", "pending")
    .where(free)
    .returningAll()
    .executeTakeFirst();
}

/** A system answers again (or got a new address): its waiting deliveries are due now, and the workers are told. */
export async function makeSystemDue(db: Kysely<Database>, systemId: string, now: Date): Promise<number> {
  const nowIso = now.toISOString();
  const result = await wakingOnCommit(db, WEBHOOK_QUEUE.name)
    .updateTable("webhook_delivery")
    .set({ next_attempt_at: nowIso })
    .where("system_id", "=", systemId)
    .where("status", "=", "pending")
    .where("next_attempt_at", ">", nowIso)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** An officer's "send again": the delivery is due now (the workers are told). Its attempts are kept; one that had given up gets one more. */
export async function resendWebhook(db: Kysely<Database>, taskId: string, now = new Date()): Promise<boolean> {
  const result = await wakingOnCommit(db, WEBHOOK_QUEUE.name)
    .updateTable("webhook_delivery")
    .set({ status: "pending", next_attempt_at: now.toISOString(), locked_until: null })
    .where("task_id", "=", taskId)
    .where("status", "in", ["pending", "failed"])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
