/**
 * The webhook deliveries' outbox (issue 41), beside the mail's and built the
 * same way: a row is written in the transaction that creates its task,
 * claimed with a lease (one UPDATE … RETURNING; `FOR UPDATE SKIP LOCKED` on
 * PostgreSQL) so two instances never send it at once, and retried on the
 * schedule of WEBHOOK_RETRY_DELAYS_MS. Its id is the `webhook-id`: every
 * attempt repeats it, and the receiver deduplicates on it.
 */
import { randomBytes } from "node:crypto";
import type { ExpressionBuilder, Kysely, Selectable } from "kysely";
import type { DatabaseKind } from "~/db/db.server";
import type { Database } from "~/db/schema";
import type { WebhookDeliveryTable } from "~/db/schema/outbox";
import { WEBHOOK_RETRY_DELAYS_MS } from "~/domain/data-system";
import type { WebhookFailure } from "~/domain/webhook-failure";

export type DeliveryRow = Selectable<WebhookDeliveryTable>;

/** A claim holds a delivery this long; the worker renews it while the request is out. */
export const WEBHOOK_LEASE_MS = 60_000;

/** Standard Webhooks ids are `msg_` and a unique part. */
const newWebhookId = () => `msg_${randomBytes(16).toString("base64url")}`;

export async function enqueueWebhook(trx: Kysely<Database>, delivery: { taskId: string; systemId: string; payload: unknown }, now: Date): Promise<string> {
  const id = newWebhookId();
  await trx
    .insertInto("webhook_delivery")
    .values({
      id,
      task_id: delivery.taskId,
      system_id: delivery.systemId,
      payload: JSON.stringify(delivery.payload),
      status: "pending",
      attempts: 0,
      next_attempt_at: now.toISOString(),
      locked_until: null,
      last_error: null,
      created_at: now.toISOString(),
      delivered_at: null,
    })
    .execute();
  return id;
}

/** Up to `limit` due deliveries, oldest first, leased to the caller. */
export async function claimDueWebhooks(db: Kysely<Database>, kind: DatabaseKind, limit: number, now = new Date(), leaseMs = WEBHOOK_LEASE_MS): Promise<DeliveryRow[]> {
  const nowIso = now.toISOString();
  const rows = await db
    .updateTable("webhook_delivery")
    .set({ locked_until: new Date(now.getTime() + leaseMs).toISOString() })
    .where((eb) =>
      eb(
        "id",
        "in",
        eb
          .selectFrom("webhook_delivery")
          .select("id")
          .where("status", "=", "pending")
          .where("next_attempt_at", "<=", nowIso)
          .where((due) => due.or([due("locked_until", "is", null), due("locked_until", "<", nowIso)]))
          // A paused system's deliveries wait for its new address (system-health.server.ts).
          .where("system_id", "not in", (paused) => paused.selectFrom("data_system").select("id").where("paused_reason", "is not", null))
          .orderBy("next_attempt_at")
          .limit(limit)
          .$if(kind === "postgres", (query) => query.forUpdate().skipLocked()),
      ),
    )
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.next_attempt_at.localeCompare(b.next_attempt_at));
}

export async function renewWebhookLeases(db: Kysely<Database>, ids: string[], now: Date, leaseMs: number): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable("webhook_delivery").set({ locked_until: new Date(now.getTime() + leaseMs).toISOString() }).where("id", "in", ids).where("status", "=", "pending").execute();
}

/** Gives deliveries back without counting an attempt (a worker stopping): due again at once. */
export async function releaseWebhooks(db: Kysely<Database>, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable("webhook_delivery").set({ locked_until: null }).where("id", "in", ids).where("status", "=", "pending").execute();
}

export async function markDelivered(db: Kysely<Database>, row: Pick<DeliveryRow, "id" | "attempts">, now = new Date()): Promise<void> {
  await db
    .updateTable("webhook_delivery")
    .set({ status: "delivered", attempts: row.attempts + 1, delivered_at: now.toISOString(), locked_until: null, last_error: null })
    .where("id", "=", row.id)
    .where("status", "=", "pending")
    .execute();
}

/** Gives a delivery back after a try that does not count (a probe, a refused address), noting why it failed. */
export async function giveBackWebhook(db: Kysely<Database>, row: Pick<DeliveryRow, "id">, failure: WebhookFailure): Promise<void> {
  await db.updateTable("webhook_delivery").set({ locked_until: null, last_error: failure }).where("id", "=", row.id).where("status", "=", "pending").execute();
}

/** The oldest waiting delivery of a system, leased to the caller: what a probe sends. */
export async function claimProbeDelivery(db: Kysely<Database>, systemId: string, now: Date, leaseMs = WEBHOOK_LEASE_MS): Promise<DeliveryRow | undefined> {
  const nowIso = now.toISOString();
  const free = (eb: ExpressionBuilder<Database, "webhook_delivery">) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", nowIso)]);
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

/** A system answers again (or got a new address): its waiting deliveries are due now. */
export async function makeSystemDue(db: Kysely<Database>, systemId: string, now: Date): Promise<number> {
  const nowIso = now.toISOString();
  const result = await db
    .updateTable("webhook_delivery")
    .set({ next_attempt_at: nowIso })
    .where("system_id", "=", systemId)
    .where("status", "=", "pending")
    .where("next_attempt_at", ">", nowIso)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Counts a failed attempt and schedules the next, or gives up when the schedule is used up. */
export async function markAttemptFailed(
  db: Kysely<Database>,
  row: Pick<DeliveryRow, "id" | "attempts">,
  failure: WebhookFailure,
  now = new Date(),
  schedule: readonly number[] = WEBHOOK_RETRY_DELAYS_MS,
): Promise<"retry" | "gave-up"> {
  const attempts = row.attempts + 1;
  const delay = schedule[attempts - 1];
  await db
    .updateTable("webhook_delivery")
    .set({
      status: delay === undefined ? "failed" : "pending",
      attempts,
      locked_until: null,
      last_error: failure,
      next_attempt_at: new Date(now.getTime() + (delay ?? 0)).toISOString(),
    })
    .where("id", "=", row.id)
    .where("status", "=", "pending")
    .execute();
  return delay === undefined ? "gave-up" : "retry";
}

/** An officer's "send again": the delivery is due now. Its attempts are kept; one that had given up gets one more. */
export async function resendWebhook(db: Kysely<Database>, taskId: string, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable("webhook_delivery")
    .set({ status: "pending", next_attempt_at: now.toISOString(), locked_until: null })
    .where("task_id", "=", taskId)
    .where("status", "in", ["pending", "failed"])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
