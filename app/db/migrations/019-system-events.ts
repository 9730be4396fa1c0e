import type { Kysely } from "kysely";

/**
 * The register's own trail. Who added or changed a system, when,
 * and which fields: names only, a secret only as "replaced", never a value.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("data_system_event")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("system_id", "text", (col) => col.notNull())
    .addColumn("at", "text", (col) => col.notNull())
    .addColumn("actor", "text", (col) => col.notNull())
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("fields", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("data_system_event_at").on("data_system_event").column("at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("data_system_event").execute();
}
