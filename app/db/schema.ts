import type { Generated } from "kysely";

/**
 * Table types for Kysely. Timestamps are ISO-8601 UTC strings in both SQLite
 * and PostgreSQL, so one set of migrations and queries serves both.
 */
export interface AppMetaTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface ContactMessageTable {
  id: string;
  name: string;
  email: string;
  question: string;
  locale: string;
  country: string;
  created_at: string;
}

export type OutboxStatus = "pending" | "sent" | "failed";

/** Mail waiting to be sent; written in the same transaction as its record. */
export interface OutboxTable {
  id: string;
  kind: string;
  recipient: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string;
  status: OutboxStatus;
  attempts: Generated<number>;
  next_attempt_at: string;
  /** A worker's lease: others skip the row until then. */
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface Database {
  app_meta: AppMetaTable;
  contact_message: ContactMessageTable;
  outbox: OutboxTable;
}
