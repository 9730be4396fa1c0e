import type { Kysely } from "kysely";

/**
 * A new confirmation link for the same request (at most 3,
 * one per 5 minutes), and one reminder halfway through a link's life, with a
 * token of its own (only hashes are kept) that also confirms.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("privacy_request")
    .addColumn("links_resent", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("privacy_request").addColumn("link_resent_at", "text").execute();
  await db.schema.alterTable("privacy_request").addColumn("reminder_token_hash", "text").execute();
  await db.schema.alterTable("privacy_request").addColumn("reminder_sent_at", "text").execute();
  await db.schema
    .createIndex("privacy_request_reminder_token")
    .on("privacy_request")
    .column("reminder_token_hash")
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("privacy_request_reminder_token").execute();
  for (const column of ["reminder_sent_at", "reminder_token_hash", "link_resent_at", "links_resent"]) {
    await db.schema.alterTable("privacy_request").dropColumn(column).execute();
  }
}
