import type { Kysely } from "kysely";

/**
 * A request that looks like one already open or just completed
 * (the same right, the same address) points at it; a request waiting for the
 * person keeps when its clock stopped; and the questions an officer asks,
 * with the link to answer them and the answer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("privacy_request").addColumn("duplicate_of", "text").execute();
  await db.schema.alterTable("privacy_request").addColumn("paused_at", "text").execute();
  await db.schema
    .createTable("info_request")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("request_id", "text", (col) => col.notNull().references("privacy_request.id").onDelete("cascade"))
    .addColumn("question", "text", (col) => col.notNull())
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("asked_by", "text", (col) => col.notNull())
    .addColumn("asked_at", "text", (col) => col.notNull())
    .addColumn("answer", "text")
    .addColumn("answered_at", "text")
    .execute();
  await db.schema.createIndex("info_request_request").on("info_request").column("request_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("info_request").execute();
  await db.schema.alterTable("privacy_request").dropColumn("paused_at").execute();
  await db.schema.alterTable("privacy_request").dropColumn("duplicate_of").execute();
}
