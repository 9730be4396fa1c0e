import type { Kysely } from "kysely";

/**
 * What an officer typed when their session ended under
 * it, kept until they have signed in again (at most 30 minutes). Only the
 * SHA-256 of the id in the login link is stored, like a session's; `email`
 * is whose session it was (null when that session was already gone), so
 * nobody else gets the text back. `session_hash` is the ended session's:
 * one kept form per ended session (a unique index, so even posts sent at
 * once keep one), so an old cookie cannot fill the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("staff_kept_form")
    .addColumn("id_hash", "text", (col) => col.primaryKey())
    .addColumn("session_hash", "text", (col) => col.notNull())
    .addColumn("email", "text")
    .addColumn("path", "text", (col) => col.notNull())
    .addColumn("form_id", "text", (col) => col.notNull())
    .addColumn("fields", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("staff_kept_form_session")
    .on("staff_kept_form")
    .column("session_hash")
    .unique()
    .execute();
  await db.schema.createIndex("staff_kept_form_created").on("staff_kept_form").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("staff_kept_form").execute();
}
