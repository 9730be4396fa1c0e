import type { Kysely } from "kysely";

/** The audit trail of an ad report: who reviewed it, and what the reporter was told. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("complaint_event")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("complaint_id", "text", (col) =>
      col.notNull().references("political_ad_complaint.id").onDelete("cascade"),
    )
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
    .createIndex("complaint_event_complaint")
    .on("complaint_event")
    .columns(["complaint_id", "seq"])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("complaint_event").execute();
}
