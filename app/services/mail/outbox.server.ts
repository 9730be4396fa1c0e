import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { Database } from "~/db/schema";
import type { OutboxTable } from "~/db/schema/outbox";
import type { DatabaseKind } from "~/db/db.server";
import type { UndeliveredMail } from "~/domain/undelivered-mail";
import { metrics } from "~/utils/metrics.server";

/** Lower goes first (the `priority` column, migration 009). */
const PRIORITY = { high: 1, normal: 2, low: 3 } as const;

/**
 * Every kind of mail and how urgent it is (issue 24): a person waiting for a
 * link or an answer comes before a team's notification, which comes before
 * the daily digest. A kind not listed here does not compile.
 */
const PRIORITY_OF_KIND = {
  "privacy-verification": PRIORITY.high,
  "privacy-confirmation": PRIORITY.high,
  "ad-complaint-acknowledgement": PRIORITY.high,
  "ad-complaint-outcome": PRIORITY.high,
  "privacy-extension": PRIORITY.high,
  "privacy-rejection": PRIORITY.high,
  "privacy-answer": PRIORITY.high,
  "privacy-status-link": PRIORITY.high,
  "privacy-question": PRIORITY.high,
  "privacy-closed": PRIORITY.high,
  "contact-notification": PRIORITY.normal,
  "privacy-team-notification": PRIORITY.normal,
  "system-task": PRIORITY.normal,
  "ad-complaint-notification": PRIORITY.normal,
  "case-assigned": PRIORITY.normal,
  "case-owner-reminder": PRIORITY.low,
  "privacy-digest": PRIORITY.low,
} as const;

export type MailKind = keyof typeof PRIORITY_OF_KIND;

/** A message to send, as the templates produce it. */
export type MailMessage = {
  kind: MailKind;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
};

export type OutboxRow = Selectable<OutboxTable>;

/** Give up after this many failed deliveries (about 1.5 days of backoff). */
export const MAX_ATTEMPTS = 12;
/**
 * How long a claim holds a message. A worker renews it while the message is
 * still in its hands (lease-keeper.server.ts), so a slow send keeps it; after
 * a crash nobody renews it and the message is due again within a minute.
 */
export const LEASE_MS = 60_000;
const BACKOFF_BASE_MS = 10_000;
const BACKOFF_MAX_MS = 4 * 60 * 60_000;

/** Exponential backoff: 10 s, 20 s, 40 s … capped at 4 hours. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
}

/** Orders claimed messages as the claim does: priority, then age. */
export function sendingOrder(a: OutboxRow, b: OutboxRow): number {
  return a.priority - b.priority || a.created_at.localeCompare(b.created_at);
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
      priority: PRIORITY_OF_KIND[message.kind],
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
 * Takes up to `limit` due messages, most urgent and oldest first, with a
 * lease. One UPDATE … RETURNING: on SQLite the statement holds the write
 * lock from its start, so two connections never lease the same row; on
 * PostgreSQL, `FOR UPDATE SKIP LOCKED` lets instances claim in parallel
 * without waiting for each other. A claim is not an attempt: `attempts`
 * counts failed deliveries, so a message whose worker crashed is simply due
 * again once the lease has run out.
 */
export async function claimDueMail(
  db: Kysely<Database>,
  kind: DatabaseKind,
  limit: number,
  now = new Date(),
  leaseMs = LEASE_MS,
): Promise<OutboxRow[]> {
  const nowIso = now.toISOString();
  const rows = await db
    .updateTable("outbox")
    .set({ locked_until: new Date(now.getTime() + leaseMs).toISOString() })
    .where((eb) =>
      eb(
        "id",
        "in",
        eb
          .selectFrom("outbox")
          .select("id")
          .where("status", "=", "pending")
          .where("next_attempt_at", "<=", nowIso)
          .where((due) => due.or([due("locked_until", "is", null), due("locked_until", "<", nowIso)]))
          .orderBy("priority")
          .orderBy("created_at")
          .limit(limit)
          .$if(kind === "postgres", (query) => query.forUpdate().skipLocked()),
      ),
    )
    .returningAll()
    .execute();
  // RETURNING has no order.
  return rows.sort(sendingOrder);
}

/** Extends the leases of messages this worker still holds. */
export async function renewLeases(db: Kysely<Database>, ids: string[], now = new Date(), leaseMs = LEASE_MS): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable("outbox")
    .set({ locked_until: new Date(now.getTime() + leaseMs).toISOString() })
    .where("id", "in", ids)
    .where("status", "=", "pending")
    .execute();
}

/**
 * Gives messages back without counting an attempt (a worker stopping with
 * messages it has not sent): the next claim, here or elsewhere, takes them at once.
 */
export async function releaseLeases(db: Kysely<Database>, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable("outbox").set({ locked_until: null }).where("id", "in", ids).where("status", "=", "pending").execute();
}

export async function markSent(db: Kysely<Database>, id: string, now = new Date()): Promise<void> {
  await db
    .updateTable("outbox")
    .set({ status: "sent", sent_at: now.toISOString(), locked_until: null, last_error: null })
    .where("id", "=", id)
    .execute();
}

/**
 * A message the SMTP server refused for good (a 5xx to its recipient or its
 * content, issue 37): retrying cannot help, so it stops here, with the
 * server's answer kept for the back office.
 */
export async function markBounced(db: Kysely<Database>, row: Pick<OutboxRow, "id" | "attempts">, error: unknown): Promise<void> {
  await db
    .updateTable("outbox")
    .set({ status: "bounced", attempts: row.attempts + 1, locked_until: null, last_error: errorText(error) })
    .where("id", "=", row.id)
    .where("status", "=", "pending")
    .execute();
  metrics().mailBounces.inc();
}

const errorText = (error: unknown) => String(error instanceof Error ? error.message : error).slice(0, 1000);

/** Counts a failed delivery and schedules the next attempt, or gives up after MAX_ATTEMPTS. */
export async function markFailed(
  db: Kysely<Database>,
  row: Pick<OutboxRow, "id" | "attempts">,
  error: unknown,
  now = new Date(),
): Promise<void> {
  const attempts = row.attempts + 1;
  await db
    .updateTable("outbox")
    .set({
      status: attempts >= MAX_ATTEMPTS ? "failed" : "pending",
      attempts,
      locked_until: null,
      last_error: errorText(error),
      next_attempt_at: new Date(now.getTime() + backoffMs(attempts)).toISOString(),
    })
    .where("id", "=", row.id)
    .where("status", "=", "pending")
    .execute();
  metrics().mailFailures.inc({ final: attempts >= MAX_ATTEMPTS ? "yes" : "no" });
}

/**
 * Mail to `recipient` since `since` that never arrived (issue 37): refused
 * for good, or every attempt used up. The back office shows it on the
 * request, so an officer knows the person did not get it and can reach
 * them another way.
 */
export async function undeliveredMailTo(db: Kysely<Database>, recipient: string, since: string): Promise<UndeliveredMail[]> {
  const rows = await db
    .selectFrom("outbox")
    .select(["created_at", "subject", "status", "last_error"])
    .where("recipient", "=", recipient)
    .where("status", "in", ["bounced", "failed"])
    .where("created_at", ">=", since)
    .orderBy("created_at")
    .execute();
  return rows.map((row) => ({ createdAt: row.created_at, subject: row.subject, status: row.status as UndeliveredMail["status"], serverAnswer: row.last_error }));
}
