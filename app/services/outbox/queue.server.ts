/**
 * What a durable queue is made of. Mail and webhook deliveries are the same
 * thing to the queue: a row written in the transaction that decided to send
 * it, claimed by one worker at a time with a lease, tried, and then done,
 * retried on a schedule, dead (refused for good) or given back untouched.
 * Each user describes its table here; the rest (claim, lease, retries,
 * wake-on-commit, outage probe, metrics) is the queue's.
 */
import type { Expression, Insertable, Kysely, SqlBool } from "kysely";

import type { Database } from "~/db/schema";

import type { RetrySchedule } from "./retry-schedule";

export type QueueName = "mail" | "webhooks";

/** The columns every queue table has, under the same names. */
export type QueueRow = {
  id: string;
  status: string;
  attempts: number;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
};

/** The tables the queue runs on, seen through their shared columns (and those a claim may order by). */
type QueueTables = Record<
  "outbox" | "webhook_delivery",
  QueueRow & { sent_at: string | null; delivered_at: string | null; priority: number }
>;
export type QueueInsert = Insertable<QueueTables["outbox"]>;
export type QueueDb = Kysely<QueueTables>;

/** Where a queue's rows are and what its statements need to know of them. */
export type QueueTarget = {
  name: QueueName;
  table: keyof QueueTables;
  /** The status of a row once its receiver took it, and the column that records when. */
  done: { status: string; at: "sent_at" | "delivered_at" };
  retryDelaysMs: RetrySchedule;
  /** How long a claim holds a row; its worker renews it while the row is in its hands. */
  leaseMs: number;
};

export type QueueDefinition<Row extends QueueRow> = QueueTarget & {
  /** A claim takes the due rows in this order (most urgent first). */
  claimOrder: readonly ("priority" | "created_at" | "next_attempt_at")[];
  /** The same order over claimed rows (RETURNING has none). */
  sendingOrder: (a: Row, b: Row) => number;
  /** Only rows that also meet this may be claimed (webhooks: not those of a paused system). */
  claimable?: Expression<SqlBool>;
};

/** The database as the queue's statements see it. */
export const queueDb = (db: Kysely<Database>): QueueDb => db as unknown as QueueDb;
