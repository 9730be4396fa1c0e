import { sql, type Kysely } from "kysely";

/**
 * Corrections on record (TTPA Art. 12(3): a notice is kept
 * up to date; Implementing Regulation (EU) 2026/818: a correction keeps the
 * base id with a new version). Each version keeps the notice as it was: the
 * item's columns as JSON (`snapshot`), so a later schema change cannot
 * rewrite history. The item gets its language (label and notice) and the
 * number and time of its current version.
 */
const NOT_IN_SNAPSHOT = new Set(["search_text", "created_at", "updated_at", "version", "version_at"]);

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("campaign_item")
    .addColumn("language", "text", (col) => col.notNull().defaultTo("nl"))
    .execute();
  await db.schema
    .alterTable("campaign_item")
    .addColumn("version", "integer", (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable("campaign_item").addColumn("version_at", "text").execute();
  await db.schema
    .createTable("campaign_item_version")
    .addColumn("campaign_id", "text", (col) => col.notNull())
    .addColumn("version", "integer", (col) => col.notNull())
    .addColumn("country", "text", (col) => col.notNull())
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("reason", "text")
    // JSON array of the field names that changed since the version before.
    .addColumn("changed_fields", "text", (col) => col.notNull())
    .addColumn("snapshot", "text", (col) => col.notNull())
    .addColumn("recorded_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("campaign_item_version_pk", ["campaign_id", "version"])
    .execute();
  await db.schema
    .createIndex("campaign_item_version_recorded")
    .on("campaign_item_version")
    .column("recorded_at")
    .execute();

  // A Belgian item with only a French note ran in French; every other item in Dutch.
  await sql`update campaign_item set language = 'fr', version_at = updated_at
    where country = 'be' and coalesce(campaign_context_note_fr, '') <> '' and coalesce(campaign_context_note_nl, '') = ''`.execute(
    db,
  );
  await sql`update campaign_item set version_at = updated_at where version_at is null`.execute(db);
  // Every notice published before versions were kept becomes its own version 1.
  const rows = (await sql<Record<string, unknown>>`select * from campaign_item`.execute(db)).rows;
  for (const row of rows) {
    const snapshot = Object.fromEntries(Object.entries(row).filter(([key]) => !NOT_IN_SNAPSHOT.has(key)));
    await db
      .insertInto("campaign_item_version" as never)
      .values({
        campaign_id: row.id,
        version: 1,
        country: row.country,
        kind: "IMPORT",
        reason: null,
        changed_fields: "[]",
        snapshot: JSON.stringify(snapshot),
        recorded_at: row.updated_at,
      } as never)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("campaign_item_version").execute();
  for (const column of ["version_at", "version", "language"]) {
    await db.schema.alterTable("campaign_item").dropColumn(column).execute();
  }
}
