/**
 * The second factor of local staff accounts: TOTP (RFC 6238,
 * through otpauth) and single-use recovery codes. SSO accounts have none
 * here: their identity provider has its own.
 * - Enrolment by the account holder: a secret is kept (encrypted) as pending
 *   until a first code from the app confirms it; then 10 recovery codes are
 *   made and shown once (only their SHA-256 is stored).
 * - A code is accepted once: its time step must be later than the last one
 *   accepted (an atomic update, so two parallel posts of one code cannot
 *   both pass).
 * - Wrong codes are limited per account, counted in the database before the
 *   code is checked (as the password, sign-in.server.ts).
 */
import { createHash, randomBytes } from "node:crypto";

import { Secret, TOTP as Totp } from "otpauth";
import type { RateLimiterAbstract } from "rate-limiter-flexible";

import type { DatabaseHandle, Db } from "~/db/db.server";
import { getDatabaseHandle } from "~/db/instance.server";
import { normaliseRecoveryCode, RECOVERY_CODE_COUNT, secondFactorKind, TOTP } from "~/domain/staff";
import { createRateLimiter } from "~/services/submission/counted-limit.server";
import { singleton } from "~/utils/singleton.server";

import type { StaffUser } from "./sessions.server";
import { take } from "./sign-in.server";
import { decryptSecret, encryptSecret } from "./two-factor-secret.server";

const CODE_LIMIT = { points: 5, durationSeconds: 15 * 60 };

export type TwoFactorKeys = { db: Db; key: Buffer; limiter: RateLimiterAbstract };

export type CodeOutcome<Success> =
  Success | { status: "INVALID" } | { status: "RATE_LIMITED"; retryAfterSeconds: number };

export function createTwoFactorLimiter(handle: DatabaseHandle): Promise<RateLimiterAbstract> {
  return createRateLimiter(handle, CODE_LIMIT.points, {
    keyPrefix: "staff_totp_account",
    durationSeconds: CODE_LIMIT.durationSeconds,
  });
}

const processLimiter = singleton<Promise<RateLimiterAbstract>>("staff-two-factor-limiter");

/** The process's limiter of wrong codes, over its database. */
export function twoFactorLimiter(): Promise<RateLimiterAbstract> {
  return processLimiter.get(() => getDatabaseHandle().then(createTwoFactorLimiter));
}

function totp(secretBase32: string, email: string) {
  return new Totp({
    issuer: TOTP.issuer,
    label: email,
    algorithm: "SHA1",
    digits: TOTP.digits,
    period: TOTP.periodSeconds,
    secret: Secret.fromBase32(secretBase32),
  });
}

const hashCode = (code: string) => createHash("sha256").update(normaliseRecoveryCode(code)).digest("hex");

function account(db: Db, accountId: string) {
  return db.selectFrom("staff_account").selectAll().where("id", "=", accountId).executeTakeFirst();
}

/** What a local account still has to do after its password: nothing, give a code, or enrol first. */
export async function secondFactorStep(
  db: Db,
  email: string,
): Promise<{ accountId: string; step: "verify" | "enrol" } | null> {
  const row = await db
    .selectFrom("staff_account")
    .select(["id", "totp_secret", "totp_required"])
    .where("email", "=", email)
    .executeTakeFirst();
  if (!row) return null;
  if (row.totp_secret) return { accountId: row.id, step: "verify" };
  return row.totp_required ? { accountId: row.id, step: "enrol" } : null;
}

/** The account an enrolment or a code belongs to, as the pages need it. */
export async function twoFactorAccount(db: Db, by: { id: string } | { email: string }) {
  const query = db.selectFrom("staff_account").select(["id", "email", "role", "totp_secret", "totp_required"]);
  const row = await (
    "id" in by ? query.where("id", "=", by.id) : query.where("email", "=", by.email)
  ).executeTakeFirst();
  return row
    ? {
        id: row.id,
        email: row.email,
        role: row.role,
        enrolled: row.totp_secret !== null,
        required: row.totp_required === 1,
      }
    : null;
}

/**
 * The secret being enrolled (made and kept, encrypted, on the first visit,
 * so a reload or a wrong first code shows the same): for the QR code and for
 * typing in. Null when the account has a second factor already.
 */
export async function enrolmentSecret(
  db: Db,
  key: Buffer,
  accountId: string,
): Promise<{ base32: string; uri: string } | null> {
  const row = await account(db, accountId);
  if (!row || row.totp_secret) return null;
  let base32 = row.totp_pending_secret ? decryptSecret(key, accountId, row.totp_pending_secret) : null;
  if (!base32) {
    base32 = new Secret({ size: 20 }).base32;
    await db
      .updateTable("staff_account")
      .set({ totp_pending_secret: encryptSecret(key, accountId, base32) })
      .where("id", "=", accountId)
      .execute();
  }
  return { base32, uri: totp(base32, row.email).toString() };
}

/** The time step of a code valid for `secret` at `now` (±1 step), or null. */
function acceptedStep(secretBase32: string, email: string, code: string, now: Date): number | null {
  const delta = totp(secretBase32, email).validate({
    token: code.replace(/\s/g, ""),
    timestamp: now.getTime(),
    window: TOTP.window,
  });
  return delta === null ? null : Totp.counter({ period: TOTP.periodSeconds, timestamp: now.getTime() }) + delta;
}

/** Counts the attempt first; runs `check` only when the account has attempts left, and gives the point back on success. */
async function limited<Success extends { status: string }>(
  limiter: RateLimiterAbstract,
  accountId: string,
  check: () => Promise<Success | null>,
): Promise<CodeOutcome<Success>> {
  const wait = await take(limiter, accountId);
  if (wait > 0) return { status: "RATE_LIMITED", retryAfterSeconds: wait };
  const outcome = await check();
  if (!outcome) return { status: "INVALID" };
  await limiter.reward(accountId, 1);
  return outcome;
}

function newRecoveryCodes(): string[] {
  const alphabet = "abcdefghijklmnopqrstuvwxyz234567";
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const letters = [...randomBytes(10)].map((byte) => alphabet[byte & 31]).join("");
    return `${letters.slice(0, 5)}-${letters.slice(5)}`;
  });
}

/** Confirms the enrolment with a first code: the secret becomes the account's, and its recovery codes (shown once) are made. */
export async function confirmEnrolment(
  { db, key, limiter }: TwoFactorKeys,
  accountId: string,
  code: string,
  now = new Date(),
): Promise<CodeOutcome<{ status: "enrolled"; recoveryCodes: string[] }>> {
  return limited(limiter, accountId, async () => {
    const row = await account(db, accountId);
    const base32 =
      row?.totp_pending_secret && !row.totp_secret ? decryptSecret(key, accountId, row.totp_pending_secret) : null;
    const step = row && base32 && secondFactorKind(code) === "totp" ? acceptedStep(base32, row.email, code, now) : null;
    if (!row || step === null) return null;
    const recoveryCodes = newRecoveryCodes();
    const enrolled = await db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable("staff_account")
        .set({
          totp_secret: row.totp_pending_secret,
          totp_pending_secret: null,
          totp_last_step: step,
          totp_enrolled_at: now.toISOString(),
          updated_at: now.toISOString(),
        })
        .where("id", "=", accountId)
        .where("totp_secret", "is", null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await trx.deleteFrom("staff_recovery_code").where("account_id", "=", accountId).execute();
      await trx
        .insertInto("staff_recovery_code")
        .values(
          recoveryCodes.map((recoveryCode) => ({
            account_id: accountId,
            code_hash: hashCode(recoveryCode),
            created_at: now.toISOString(),
            used_at: null,
          })),
        )
        .execute();
      return true;
    });
    return enrolled ? { status: "enrolled" as const, recoveryCodes } : null;
  });
}

/** The second step of signing in: a code from the app (once per time step) or an unused recovery code (then used up). */
export async function verifySecondFactor(
  { db, key, limiter }: TwoFactorKeys,
  accountId: string,
  code: string,
  now = new Date(),
): Promise<CodeOutcome<{ status: "verified"; method: "totp" | "recovery"; user: StaffUser }>> {
  return limited(limiter, accountId, async () => {
    const row = await account(db, accountId);
    if (!row?.totp_secret) return null;
    const user: StaffUser = { email: row.email, role: row.role, method: "local" };
    const kind = secondFactorKind(code);
    if (kind === "recovery") {
      const used = await db
        .updateTable("staff_recovery_code")
        .set({ used_at: now.toISOString() })
        .where("account_id", "=", accountId)
        .where("code_hash", "=", hashCode(code))
        .where("used_at", "is", null)
        .executeTakeFirst();
      return Number(used.numUpdatedRows) === 1
        ? { status: "verified" as const, method: "recovery" as const, user }
        : null;
    }
    const base32 = decryptSecret(key, accountId, row.totp_secret);
    const step = kind === "totp" && base32 ? acceptedStep(base32, row.email, code, now) : null;
    if (step === null) return null;
    const accepted = await db
      .updateTable("staff_account")
      .set({ totp_last_step: step })
      .where("id", "=", accountId)
      .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
      .executeTakeFirst();
    return Number(accepted.numUpdatedRows) === 1
      ? { status: "verified" as const, method: "totp" as const, user }
      : null;
  });
}
