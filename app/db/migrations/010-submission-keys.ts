import type { Kysely } from "kysely";

/**
 * Submissions recognised when they come again: a JSON call's
 * `Idempotency-Key`, or a form's per-render submission id with its fields.
 * Only keyed hashes are kept (of the key and of the body), with the answer
 * the first submission got, for 24 hours (the retention job deletes them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("submission_key")
    .addColumn("key_hash", "text", (col) => col.primaryKey())
    .addColumn("fingerprint", "text", (col) => col.notNull())
    .addColumn("answer", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("submission_key_created_at").on("submission_key").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("submission_key").execute();
}
