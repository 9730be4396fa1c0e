import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Database, OutboxTable } from "~/db/schema";
import type { DatabaseKind } from "~/db/db.server";

/** A message to send, as the templates produce it. */
export type MailMessage = {
  kind: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
};

export type OutboxRow = Omit<OutboxTable, "attempts"> & { attempts: number };

/** Give up after this many failed attempts (about 1.5 days of backoff). */
export const MAX_ATTEMPTS = 12;
const LEASE_MS = 2 * 60_000;
const BACKOFF_BASE_MS = 10_000;
const BACKOFF_MAX_MS = 4 * 60 * 60_000;

/** Exponential backoff: 10 s, 20 s, 40 s … capped at 4 hours. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
}

/**
 * Queues a message. Call it with the transaction that writes the record the
 * message belongs to, so that both are stored or neither is.
 */
export async function enqueueMail(db: Kysely<Database>, message: MailMessage, now = new Date()): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("outbox")
    .values({
      id,
      kind: message.kind,
      recipient: message.to,
      reply_to: message.replyTo ?? null,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html,
      status: "pending",
      attempts: 0,
      next_attempt_at: now.toISOString(),
      locked_until: null,
      last_error: null,
      created_at: now.toISOString(),
      sent_at: null,
    })
    .execute();
  return id;
}

/**
 * Takes up to `limit` due messages for this worker with a lease. On
 * PostgreSQL, `FOR UPDATE SKIP LOCKED` lets instances claim in parallel
 * without taking the same row; SQLite serialises writers, so a transaction
 * that reads and leases is enough there.
 */
export async function claimDueMail(
  db: Kysely<Database>,
  kind: DatabaseKind,
  limit: number,
  now = new Date(),
): Promise<OutboxRow[]> {
  const nowIso = now.toISOString();
  const leaseIso = new Date(now.getTime() + LEASE_MS).toISOString();
  if (kind === "postgres") {
    const result = await sql<OutboxRow>`
      update outbox set locked_until = ${leaseIso}, attempts = attempts + 1
      where id in (
        select id from outbox
        where status = 'pending' and next_attempt_at <= ${nowIso}
          and (locked_until is null or locked_until < ${nowIso})
        order by created_at
        limit ${limit}
        for update skip locked
      )
      returning *`.execute(db);
    // RETURNING has no order; send the oldest first.
    return result.rows.sort((a, b) => a.created_at.localeCompare(b.created_at));
  }
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom("outbox")
      .selectAll()
      .where("status", "=", "pending")
      .where("next_attempt_at", "<=", nowIso)
      .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", nowIso)]))
      .orderBy("created_at")
      .limit(limit)
      .execute();
    if (due.length === 0) return [];
    await trx
      .updateTable("outbox")
      .set((eb) => ({ locked_until: leaseIso, attempts: eb("attempts", "+", 1) }))
      .where("id", "in", due.map((row) => row.id))
      .execute();
    return due.map((row) => ({ ...row, locked_until: leaseIso, attempts: row.attempts + 1 }));
  });
}

export async function markSent(db: Kysely<Database>, id: string, now = new Date()): Promise<void> {
  await db
    .updateTable("outbox")
    .set({ status: "sent", sent_at: now.toISOString(), locked_until: null, last_error: null })
    .where("id", "=", id)
    .execute();
}

/** Schedules the next attempt, or gives up after MAX_ATTEMPTS. */
export async function markFailed(
  db: Kysely<Database>,
  row: Pick<OutboxRow, "id" | "attempts">,
  error: unknown,
  now = new Date(),
): Promise<void> {
  const giveUp = row.attempts >= MAX_ATTEMPTS;
  await db
    .updateTable("outbox")
    .set({
      status: giveUp ? "failed" : "pending",
      locked_until: null,
      last_error: String(error instanceof Error ? error.message : error).slice(0, 1000),
      next_attempt_at: new Date(now.getTime() + backoffMs(row.attempts)).toISOString(),
    })
    .where("id", "=", row.id)
    .execute();
}
