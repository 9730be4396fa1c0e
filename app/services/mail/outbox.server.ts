import type { Kysely, Selectable } from "kysely";

import type { DatabaseKind } from "~/db/db.server";
import type { Database } from "~/db/schema";
import type { OutboxTable } from "~/db/schema/outbox";
import type { UndeliveredMail } from "~/domain/undelivered-mail";

import type { QueueDefinition } from "../outbox/queue.server";
import { doublingSchedule } from "../outbox/retry-schedule";
import { claimDue, enqueue } from "../outbox/store.server";

/** Lower goes first (the `priority` column). */
const PRIORITY = { high: 1, normal: 2, low: 3 } as const;

/**
 * Every kind of mail and how urgent it is: a person waiting for a
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
  "privacy-restriction-lift": PRIORITY.high,
  "privacy-objection-decision": PRIORITY.high,
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

/**
 * How long a claim holds a message. A worker renews it while the message is
 * still in its hands, so a slow send keeps it; after a crash nobody renews
 * it and the message is due again within a minute.
 */
const LEASE_MS = 60_000;

/** Give up after this many failed deliveries (about 1.5 days of backoff). */
export const MAX_ATTEMPTS = 12;
/** Doubling backoff: 10 s, 20 s, 40 s … capped at 4 hours, MAX_ATTEMPTS in all. */
export const MAIL_RETRY_DELAYS_MS = doublingSchedule(10_000, 4 * 60 * 60_000, MAX_ATTEMPTS);

/** Orders claimed messages as the claim does: priority, then age. */
function sendingOrder(a: OutboxRow, b: OutboxRow): number {
  return a.priority - b.priority || a.created_at.localeCompare(b.created_at);
}

/** Mail as the durable queue sees it: the most urgent, then the oldest, first; a refusal for good is a bounce. */
export const MAIL_QUEUE: QueueDefinition<OutboxRow> = {
  name: "mail",
  table: "outbox",
  done: { status: "sent", at: "sent_at" },
  claimOrder: ["priority", "created_at"],
  sendingOrder,
  retryDelaysMs: MAIL_RETRY_DELAYS_MS,
  leaseMs: LEASE_MS,
};

/**
 * Queues a message. Call it with the transaction that writes the record the
 * message belongs to, so that both are stored or neither is; the worker is
 * woken once it commits.
 */
export async function enqueueMail(db: Kysely<Database>, message: MailMessage, now = new Date()): Promise<string> {
  return enqueue(
    MAIL_QUEUE,
    db,
    {
      kind: message.kind,
      priority: PRIORITY_OF_KIND[message.kind],
      recipient: message.to,
      reply_to: message.replyTo ?? null,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html,
      sent_at: null,
    },
    now,
  );
}

/** Takes up to `limit` due messages, most urgent and oldest first, with a lease. */
export function claimDueMail(
  db: Kysely<Database>,
  kind: DatabaseKind,
  limit: number,
  now = new Date(),
  leaseMs = LEASE_MS,
): Promise<OutboxRow[]> {
  return claimDue(MAIL_QUEUE, db, kind, limit, now, leaseMs);
}

/**
 * Mail to `recipient` since `since` that never arrived: refused
 * for good, or every attempt used up. The back office shows it on the
 * request, so an officer knows the person did not get it and can reach
 * them another way.
 */
export async function undeliveredMailTo(
  db: Kysely<Database>,
  recipient: string,
  since: string,
): Promise<UndeliveredMail[]> {
  const rows = await db
    .selectFrom("outbox")
    .select(["created_at", "subject", "status", "last_error"])
    .where("recipient", "=", recipient)
    .where("status", "in", ["bounced", "failed"])
    .where("created_at", ">=", since)
    .orderBy("created_at")
    .execute();
  return rows.map((row) => ({
    createdAt: row.created_at,
    subject: row.subject,
    status: row.status as UndeliveredMail["status"],
    serverAnswer: row.last_error,
  }));
}
