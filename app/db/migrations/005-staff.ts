import type { Kysely } from "kysely";

/**
 * Staff sign-in: local accounts (a scrypt hash, never the
 * password) and server-side sessions. A session row holds the SHA-256 of the
 * cookie's opaque id, so a copy of the database opens no session.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("staff_account")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("email", "text", (col) => col.notNull().unique())
    .addColumn("password_hash", "text", (col) => col.notNull())
    .addColumn("role", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("staff_session")
    .addColumn("id_hash", "text", (col) => col.primaryKey())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("role", "text", (col) => col.notNull())
    .addColumn("method", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("last_seen_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("staff_session_email").on("staff_session").column("email").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("staff_session").execute();
  await db.schema.dropTable("staff_account").execute();
}
