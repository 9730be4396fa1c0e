/** Local staff accounts (`npm run staff`), for the embedded default and small deployments. */
import { randomUUID } from "node:crypto";

import type { Db } from "~/db/db.server";
import { normaliseEmail } from "~/domain/email";
import type { StaffRole } from "~/domain/staff";

import { rememberStaffMember } from "../case-work/staff-members.server";
import { hashPassword, passwordProblem } from "./passwords.server";

export type UpsertOutcome =
  { status: "created" | "reset"; email: string; role: StaffRole } | { status: "refused"; problem: string };

/**
 * Creates the account, or sets a new password (and role) on an existing one.
 * `requireTotp` makes a second factor compulsory: the account
 * enrols one after its next password; without it an existing account keeps
 * what it had.
 */
export async function upsertAccount(
  db: Db,
  input: { email: string; password: string; role: StaffRole; requireTotp?: boolean },
  now = new Date(),
): Promise<UpsertOutcome> {
  const email = normaliseEmail(input.email);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return { status: "refused", problem: "e-mail address is not valid" };
  const problem = passwordProblem(input.password, email);
  if (problem) return { status: "refused", problem: `password ${problem}` };
  const passwordHash = await hashPassword(input.password);
  const existing = await db.selectFrom("staff_account").select("id").where("email", "=", email).executeTakeFirst();
  if (existing) {
    await db
      .updateTable("staff_account")
      .set({
        password_hash: passwordHash,
        role: input.role,
        updated_at: now.toISOString(),
        ...(input.requireTotp ? { totp_required: 1 } : {}),
      })
      .where("id", "=", existing.id)
      .execute();
    // A new password ends every session the old one opened.
    await db.deleteFrom("staff_session").where("email", "=", email).where("method", "=", "local").execute();
    await rememberStaffMember(db, { email, role: input.role }, now);
    return { status: "reset", email, role: input.role };
  }
  await db
    .insertInto("staff_account")
    .values({
      id: randomUUID(),
      email,
      password_hash: passwordHash,
      role: input.role,
      totp_required: input.requireTotp ? 1 : 0,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .execute();
  await rememberStaffMember(db, { email, role: input.role }, now);
  return { status: "created", email, role: input.role };
}

/** Removes the account and signs it out everywhere. */
export async function removeAccount(db: Db, rawEmail: string): Promise<boolean> {
  const email = normaliseEmail(rawEmail);
  const existing = await findAccount(db, email);
  if (existing) await db.deleteFrom("staff_recovery_code").where("account_id", "=", existing.id).execute();
  const result = await db.deleteFrom("staff_account").where("email", "=", email).executeTakeFirst();
  await db.deleteFrom("staff_session").where("email", "=", email).where("method", "=", "local").execute();
  // No new work for them; what they owned keeps their name until an officer gives it to someone else.
  await db.deleteFrom("staff_member").where("email", "=", email).execute();
  return Number(result.numDeletedRows) > 0;
}

/**
 * A lost authenticator and lost recovery codes: an administrator removes the
 * second factor (`npm run staff -- reset-2fa`). The account must enrol a new
 * one at its next sign-in, and every session it has ends now.
 */
export async function resetSecondFactor(db: Db, rawEmail: string, now = new Date()): Promise<boolean> {
  const account = await findAccount(db, rawEmail);
  if (!account) return false;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("staff_account")
      .set({
        totp_secret: null,
        totp_pending_secret: null,
        totp_last_step: null,
        totp_enrolled_at: null,
        totp_required: 1,
        updated_at: now.toISOString(),
      })
      .where("id", "=", account.id)
      .execute();
    await trx.deleteFrom("staff_recovery_code").where("account_id", "=", account.id).execute();
    await trx.deleteFrom("staff_session").where("email", "=", account.email).where("method", "=", "local").execute();
  });
  return true;
}

export function listAccounts(db: Db) {
  return db
    .selectFrom("staff_account")
    .select(["email", "role", "totp_required", "totp_secret", "created_at", "updated_at"])
    .orderBy("email")
    .execute();
}

export function findAccount(db: Db, rawEmail: string) {
  return db.selectFrom("staff_account").selectAll().where("email", "=", normaliseEmail(rawEmail)).executeTakeFirst();
}
