import type { Kysely } from "kysely";

/**
 * The political-advertising register (EU Regulation 2024/900, spec 3
 * "Campaign item") and the reports anyone can make about an ad (Art. 15).
 * Amounts and reach are whole numbers; dates are ISO days (yyyy-mm-dd).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("campaign_item")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("country", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("channel", "text", (col) => col.notNull())
    .addColumn("sponsor_name", "text", (col) => col.notNull())
    .addColumn("sponsor_email", "text")
    .addColumn("sponsor_address", "text")
    .addColumn("payer_name", "text")
    .addColumn("payer_email", "text")
    .addColumn("payer_address", "text")
    .addColumn("ultimate_beneficiary_owner_name", "text")
    .addColumn("ultimate_beneficiary_owner_email", "text")
    .addColumn("ultimate_beneficiary_owner_address", "text")
    .addColumn("publication_start_date", "text", (col) => col.notNull())
    .addColumn("publication_end_date", "text")
    .addColumn("reach_lower_bound", "bigint")
    .addColumn("reach_upper_bound", "bigint")
    .addColumn("budget_lower_bound", "bigint")
    .addColumn("budget_upper_bound", "bigint")
    .addColumn("funding_origin_type", "text", (col) => col.notNull())
    .addColumn("funding_region", "text", (col) => col.notNull())
    .addColumn("campaign_context_type", "text", (col) => col.notNull())
    .addColumn("campaign_context_note_nl", "text")
    .addColumn("campaign_context_note_fr", "text")
    .addColumn("campaign_context_url", "text")
    .addColumn("previous_publication_suspended", "integer", (col) => col.notNull().defaultTo(0))
    // Lower-cased, accents folded: sponsor, payer, beneficiary, reference and context notes (the text filter).
    .addColumn("search_text", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("campaign_item_country_start")
    .on("campaign_item")
    .columns(["country", "publication_start_date"])
    .execute();

  await db.schema
    .createTable("political_ad_complaint")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("reference", "text", (col) => col.notNull().unique())
    .addColumn("campaign_id", "text", (col) => col.notNull().references("campaign_item.id"))
    .addColumn("country", "text", (col) => col.notNull())
    .addColumn("reason", "text", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("explanation", "text", (col) => col.notNull())
    .addColumn("locale", "text", (col) => col.notNull())
    .addColumn("state", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("political_ad_complaint").execute();
  await db.schema.dropTable("campaign_item").execute();
}
