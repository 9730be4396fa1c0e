/**
 * The queue's statements. One UPDATE … RETURNING claims: on SQLite the
 * statement holds the write lock from its start, so two connections never
 * lease the same row; on PostgreSQL `FOR UPDATE SKIP LOCKED` lets instances
 * claim side by side without waiting for each other. Every change after the
 * claim is conditional on the row still being pending, so a row that another
 * worker finished meanwhile is never moved back.
 *
 * Attempts: `attempts` counts failed tries that were the row's own (a
 * retry, the last one given up, a refusal for good); the schedule is read
 * from it. A success adds nothing, so a row taken at the first try shows 0.
 * A try that says nothing of the row (the receiver away, a probe, a worker
 * stopping, a paused system) gives it back uncounted, so an outage never
 * uses up a schedule.
 */
import { randomUUID } from "node:crypto";

import type { Kysely } from "kysely";

import { afterCommit } from "~/db/commit-hooks.server";
import type { DatabaseKind } from "~/db/db.server";
import type { Database } from "~/db/schema";

import {
  queueDb,
  type QueueDefinition,
  type QueueInsert,
  type QueueName,
  type QueueRow,
  type QueueTarget,
} from "./queue.server";
import { retryDelay, type RetrySchedule } from "./retry-schedule";
import { wakeQueue } from "./wake.server";

/** The longest error text kept on a row: enough for an SMTP server's answer, short enough for a list. */
export const ERROR_TEXT_MAX = 1000;

const errorText = (error: unknown) => String(error instanceof Error ? error.message : error).slice(0, ERROR_TEXT_MAX);

const later = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

/** `db` for a statement that makes rows due: the queue's workers are woken once it is committed. */
export const wakingOnCommit = (db: Kysely<Database>, queue: QueueName) => afterCommit(db, () => wakeQueue(queue));

/**
 * Queues a row. Call it with the transaction that writes the record the row
 * belongs to, so that both are stored or neither is; the queue's workers are
 * woken once that transaction commits (at once without one).
 */
export async function enqueue<Row extends QueueRow>(
  queue: QueueDefinition<Row>,
  trx: Kysely<Database>,
  fields: Omit<Row, keyof QueueRow>,
  now = new Date(),
  id: string = randomUUID(),
): Promise<string> {
  const row = {
    ...fields,
    id,
    status: "pending",
    attempts: 0,
    next_attempt_at: now.toISOString(),
    locked_until: null,
    last_error: null,
    created_at: now.toISOString(),
  };
  await queueDb(wakingOnCommit(trx, queue.name))
    .insertInto(queue.table)
    .values(row as QueueInsert)
    .execute();
  return id;
}

/** Up to `limit` due rows, in the queue's order, leased to the caller. */
export async function claimDue<Row extends QueueRow>(
  queue: QueueDefinition<Row>,
  db: Kysely<Database>,
  kind: DatabaseKind,
  limit: number,
  now = new Date(),
  leaseMs = queue.leaseMs,
): Promise<Row[]> {
  const nowIso = now.toISOString();
  const rows = await queueDb(db)
    .updateTable(queue.table)
    .set({ locked_until: later(now, leaseMs) })
    .where((eb) =>
      eb(
        "id",
        "in",
        eb
          .selectFrom(queue.table)
          .select("id")
          .where("status", "=", "pending")
          .where("next_attempt_at", "<=", nowIso)
          .where((due) => due.or([due("locked_until", "is", null), due("locked_until", "<", nowIso)]))
          .$if(queue.claimable !== undefined, (query) => query.where(queue.claimable!))
          .$call((query) => queue.claimOrder.reduce((ordered, column) => ordered.orderBy(column), query))
          .limit(limit)
          .$if(kind === "postgres", (query) => query.forUpdate().skipLocked()),
      ),
    )
    .returningAll()
    .execute();
  return (rows as unknown as Row[]).sort(queue.sendingOrder);
}

/** Extends the leases of rows this worker still holds. */
export async function renewLeases(
  queue: QueueTarget,
  db: Kysely<Database>,
  ids: string[],
  now: Date,
  leaseMs: number,
): Promise<void> {
  if (ids.length === 0) return;
  await queueDb(db)
    .updateTable(queue.table)
    .set({ locked_until: later(now, leaseMs) })
    .where("id", "in", ids)
    .where("status", "=", "pending")
    .execute();
}

/**
 * Gives rows back without counting an attempt (a worker stopping, an
 * outage, a probe): the next claim, here or elsewhere, may take them at once.
 * `why` is kept as the row's last error when given.
 */
export async function release(queue: QueueTarget, db: Kysely<Database>, ids: string[], why?: unknown): Promise<void> {
  if (ids.length === 0) return;
  await queueDb(db)
    .updateTable(queue.table)
    .set(why === undefined ? { locked_until: null } : { locked_until: null, last_error: errorText(why) })
    .where("id", "in", ids)
    .where("status", "=", "pending")
    .execute();
}

/** The receiver took it (no attempt counted: attempts are failures). */
export async function markDone(
  queue: QueueTarget,
  db: Kysely<Database>,
  row: Pick<QueueRow, "id">,
  now = new Date(),
): Promise<void> {
  await queueDb(db)
    .updateTable(queue.table)
    .set({ status: queue.done.status, locked_until: null, last_error: null })
    .set(queue.done.at, now.toISOString())
    .where("id", "=", row.id)
    .where("status", "=", "pending")
    .execute();
}

/** Refused for good (a bounce): retrying cannot help, so it stops here with the answer kept. */
export async function markDead(
  queue: QueueTarget,
  db: Kysely<Database>,
  row: Pick<QueueRow, "id" | "attempts">,
  deadStatus: string,
  error: unknown,
): Promise<void> {
  await queueDb(db)
    .updateTable(queue.table)
    .set({ status: deadStatus, attempts: row.attempts + 1, locked_until: null, last_error: errorText(error) })
    .where("id", "=", row.id)
    .where("status", "=", "pending")
    .execute();
}

/** Counts a failed attempt and schedules the next, or gives up when the schedule is used up. */
export async function markFailed(
  queue: QueueTarget,
  db: Kysely<Database>,
  row: Pick<QueueRow, "id" | "attempts">,
  error: unknown,
  now = new Date(),
  schedule: RetrySchedule = queue.retryDelaysMs,
): Promise<"retry" | "gave-up"> {
  const attempts = row.attempts + 1;
  const delay = retryDelay(schedule, attempts);
  await queueDb(db)
    .updateTable(queue.table)
    .set({
      status: delay === undefined ? "failed" : "pending",
      attempts,
      locked_until: null,
      last_error: errorText(error),
      next_attempt_at: later(now, delay ?? 0),
    })
    .where("id", "=", row.id)
    .where("status", "=", "pending")
    .execute();
  return delay === undefined ? "gave-up" : "retry";
}
