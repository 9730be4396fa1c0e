import type { Kysely } from "kysely";

/**
 * A link to answer an officer's question, issued from the status
 * page to someone who lost the mailed one. Only the token's SHA-256 is kept;
 * it dies with its answer and expires with the status link it came from.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("reply_link")
    .addColumn("token_hash", "text", (col) => col.primaryKey())
    .addColumn("info_request_id", "text", (col) => col.notNull().references("info_request.id").onDelete("cascade"))
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("reply_link_question").on("reply_link").column("info_request_id").execute();
  await db.schema.createIndex("reply_link_expires").on("reply_link").column("expires_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("reply_link").execute();
}
