import { sql, type Kysely } from "kysely";

/**
 * Every table stores the country as the site names it ("nl",
 * "be"); the ad register and its reports stored the ISO code ("NL", "BE").
 * The code is now only the exchange format (domain/country.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update campaign_item set country = lower(country)`.execute(db);
  await sql`update political_ad_complaint set country = lower(country)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update campaign_item set country = upper(country)`.execute(db);
  await sql`update political_ad_complaint set country = upper(country)`.execute(db);
}
