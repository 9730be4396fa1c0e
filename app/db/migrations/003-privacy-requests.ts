import type { Kysely } from "kysely";

/**
 * Privacy requests (spec 3 "Privacy request"), their audit trail, and the
 * marketing suppressions that objections produce. Only what a flow needs is
 * stored; optional details are NULL when the visitor did not give them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("privacy_request")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("reference", "text", (col) => col.notNull().unique())
    .addColumn("right_type", "text", (col) => col.notNull())
    .addColumn("state", "text", (col) => col.notNull())
    .addColumn("country", "text", (col) => col.notNull())
    .addColumn("locale", "text", (col) => col.notNull())
    .addColumn("email", "text")
    .addColumn("phone_number", "text")
    .addColumn("user_message", "text")
    .addColumn("brand_keys", "text")
    .addColumn("brand_name", "text")
    .addColumn("article", "text")
    .addColumn("publication_link", "text")
    .addColumn("publication_date", "text")
    .addColumn("user_info", "text")
    .addColumn("touchpoint", "text")
    .addColumn("verification_token_hash", "text", (col) => col.unique())
    .addColumn("verification_expires_at", "text")
    .addColumn("verified_at", "text")
    .addColumn("due_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("privacy_request_state")
    .on("privacy_request")
    .columns(["state", "verification_expires_at"])
    .execute();

  await db.schema
    .createTable("audit_event")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("request_id", "text", (col) => col.notNull().references("privacy_request.id").onDelete("cascade"))
    // Order within a request: events of one transaction share their time.
    .addColumn("seq", "integer", (col) => col.notNull())
    .addColumn("at", "text", (col) => col.notNull())
    .addColumn("actor", "text", (col) => col.notNull())
    .addColumn("actor_id", "text")
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("from_state", "text")
    .addColumn("to_state", "text")
    .addColumn("note", "text")
    .execute();
  await db.schema
    .createIndex("audit_event_request")
    .on("audit_event")
    .columns(["request_id", "seq"])
    .unique()
    .execute();

  await db.schema
    .createTable("marketing_suppression")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("country", "text", (col) => col.notNull())
    .addColumn("brand_key", "text", (col) => col.notNull())
    .addColumn("channel", "text", (col) => col.notNull())
    .addColumn("identifier", "text", (col) => col.notNull())
    .addColumn("request_id", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addUniqueConstraint("marketing_suppression_unique", ["country", "brand_key", "channel", "identifier"])
    .execute();
  await db.schema
    .createIndex("marketing_suppression_created")
    .on("marketing_suppression")
    .columns(["created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("marketing_suppression").execute();
  await db.schema.dropTable("audit_event").execute();
  await db.schema.dropTable("privacy_request").execute();
}
