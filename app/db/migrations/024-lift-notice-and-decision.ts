import type { Kysely } from "kysely";

/**
 * A restriction is lifted only after the person was told (Art. 18(3)): when
 * the lift was announced and which mail of the outbox carried the notice,
 * so the lift waits until that mail was actually sent. A right an officer
 * decides on (an objection under Art. 21(1)): what was decided and when, so
 * it is decided once.
 */
const COLUMNS = ["lift_announced_at", "lift_notice_mail_id", "decision", "decided_at"];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of COLUMNS) await db.schema.alterTable("privacy_request").addColumn(column, "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [...COLUMNS].reverse())
    await db.schema.alterTable("privacy_request").dropColumn(column).execute();
}
