import type { Kysely } from "kysely";

/**
 * Links to a request's status page: asked for with the reference
 * and the e-mail address, mailed to that address. Only the token's SHA-256
 * is kept; the retention run deletes expired links.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("status_link")
    .addColumn("token_hash", "text", (col) => col.primaryKey())
    .addColumn("request_id", "text", (col) => col.notNull().references("privacy_request.id").onDelete("cascade"))
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("status_link_expires").on("status_link").column("expires_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("status_link").execute();
}
