import type { Kysely } from "kysely";

/**
 * A second factor for local staff accounts: a TOTP secret
 * (AES-256-GCM under a key derived from the session secret, so a copy of the
 * database alone does not yield it), the secret being enrolled, whether the
 * account must use one, the last time step accepted (a code works once), and
 * the recovery codes (only their SHA-256, each single-use).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("staff_account").addColumn("totp_secret", "text").execute();
  await db.schema.alterTable("staff_account").addColumn("totp_pending_secret", "text").execute();
  await db.schema
    .alterTable("staff_account")
    .addColumn("totp_required", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("staff_account").addColumn("totp_last_step", "integer").execute();
  await db.schema.alterTable("staff_account").addColumn("totp_enrolled_at", "text").execute();

  await db.schema
    .createTable("staff_recovery_code")
    .addColumn("account_id", "text", (col) => col.notNull())
    .addColumn("code_hash", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("used_at", "text")
    .addPrimaryKeyConstraint("staff_recovery_code_pk", ["account_id", "code_hash"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("staff_recovery_code").execute();
  for (const column of ["totp_enrolled_at", "totp_last_step", "totp_required", "totp_pending_secret", "totp_secret"]) {
    await db.schema.alterTable("staff_account").dropColumn(column).execute();
  }
}
