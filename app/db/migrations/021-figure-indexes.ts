import type { Kysely } from "kysely";

/**
 * The team's figures read a year of requests (50,000 rows and
 * more) by when they were verified or closed. With 020's two-column indexes
 * each of those rows was then looked up in the table, at random: 2 s for a
 * year of 100,000 requests on SQLite (`npm run bench:reports`). These
 * indexes hold every column the figures read, so the counts never touch the
 * table (their first columns are 020's, which they replace: any query that
 * used those uses these). The systems' tasks are counted by when they were
 * made, which nothing indexed.
 */
const RECEIVED = ["country", "verified_at", "closed_at", "right_type", "state", "due_at", "extended_at"];
const CLOSED = ["country", "closed_at", "state", "right_type", "verified_at", "due_at", "extended_at"];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("privacy_request_verified").execute();
  await db.schema.dropIndex("privacy_request_closed").execute();
  await db.schema.createIndex("privacy_request_received_figures").on("privacy_request").columns(RECEIVED).execute();
  await db.schema.createIndex("privacy_request_closed_figures").on("privacy_request").columns(CLOSED).execute();
  await db.schema
    .createIndex("system_task_created")
    .on("system_task")
    .columns(["created_at", "system_id", "state", "answered_at", "request_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("system_task_created").execute();
  await db.schema.dropIndex("privacy_request_closed_figures").execute();
  await db.schema.dropIndex("privacy_request_received_figures").execute();
  await db.schema
    .createIndex("privacy_request_verified")
    .on("privacy_request")
    .columns(["country", "verified_at"])
    .execute();
  await db.schema
    .createIndex("privacy_request_closed")
    .on("privacy_request")
    .columns(["country", "closed_at"])
    .execute();
}
