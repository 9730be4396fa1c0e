import type { Kysely } from "kysely";

/**
 * Mail priority: what a person waits for (a verification link)
 * is sent before what a team reads later. Lower goes first; the values are
 * written out here, not imported, so this migration stays what it was when
 * it ran (app/services/mail/outbox.server.ts holds the table per kind).
 * Queued rows get the normal priority. The claim reads pending rows in
 * (priority, created_at) order, so one index serves its filter and its
 * order and it stops after a batch; it replaces the (status, next_attempt_at)
 * index of 002, which that order cannot use.
 */
const NORMAL_PRIORITY = 2;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("outbox")
    .addColumn("priority", "integer", (col) => col.notNull().defaultTo(NORMAL_PRIORITY))
    .execute();
  await db.schema.createIndex("outbox_claim").on("outbox").columns(["status", "priority", "created_at"]).execute();
  await db.schema.dropIndex("outbox_due").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("outbox_due").on("outbox").columns(["status", "next_attempt_at"]).execute();
  await db.schema.dropIndex("outbox_claim").execute();
  await db.schema.alterTable("outbox").dropColumn("priority").execute();
}
