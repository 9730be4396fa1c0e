import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * Files of privacy requests in the database, so every instance on
 * PostgreSQL sees them: each file's facts, its sealed 1 MB chunks, and the
 * deliveries (the link that lets the person download an answer).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const bytes = db.getExecutor().adapter instanceof PostgresAdapter ? sql`bytea` : sql`blob`;
  await db.schema
    .createTable("request_delivery")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("request_id", "text", (col) => col.notNull().references("privacy_request.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("message", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("files_deleted_at", "text")
    .execute();
  await db.schema
    .createIndex("request_delivery_expiry")
    .on("request_delivery")
    .columns(["files_deleted_at", "expires_at"])
    .execute();

  await db.schema
    .createTable("request_file")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("request_id", "text", (col) => col.notNull().references("privacy_request.id").onDelete("cascade"))
    .addColumn("direction", "text", (col) => col.notNull())
    // UPLOADING while its chunks arrive, STORED once whole, DELETED when its chunks are gone (the facts stay).
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("media_type", "text", (col) => col.notNull())
    .addColumn("size", "integer", (col) => col.notNull())
    .addColumn("chunk_count", "integer", (col) => col.notNull())
    .addColumn("key_id", "text", (col) => col.notNull())
    .addColumn("uploaded_by", "text", (col) => col.notNull())
    .addColumn("delivery_id", "text", (col) => col.references("request_delivery.id").onDelete("set null"))
    .addColumn("downloads", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("last_downloaded_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("deleted_at", "text")
    .execute();
  await db.schema.createIndex("request_file_request").on("request_file").columns(["request_id", "status"]).execute();

  await db.schema
    .createTable("file_chunk")
    .addColumn("file_id", "text", (col) => col.notNull().references("request_file.id").onDelete("cascade"))
    .addColumn("seq", "integer", (col) => col.notNull())
    .addColumn("data", bytes, (col) => col.notNull())
    .addPrimaryKeyConstraint("file_chunk_pk", ["file_id", "seq"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("file_chunk").execute();
  await db.schema.dropTable("request_file").execute();
  await db.schema.dropTable("request_delivery").execute();
}
