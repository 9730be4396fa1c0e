/**
 * The second factor of local staff accounts. TOTP as RFC 6238
 * (through otpauth): the current step and one either side accepted, others
 * refused, each step once; recovery codes single-use; the secret not in the
 * database in plain text; wrong codes counted per account before they are
 * checked; the pending sign-in cookie good for 5 minutes only.
 */
import { Secret, TOTP as Totp } from "otpauth";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { beforeEach, describe, expect, it } from "vitest";

import { secondFactorKind, TOTP } from "~/domain/staff";
import { pendingSignInCookie, readPendingSignIn } from "~/http/staff/pending-sign-in.server";
import { resetSecondFactor, upsertAccount } from "~/services/staff/accounts.server";
import { decryptSecret, encryptSecret, twoFactorKey } from "~/services/staff/two-factor-secret.server";
import {
  confirmEnrolment,
  createTwoFactorLimiter,
  enrolmentSecret,
  secondFactorStep,
  verifySecondFactor,
  type TwoFactorKeys,
} from "~/services/staff/two-factor.server";

import { describeEachDatabase } from "../../../tests/setup/unit-database";
import { TEST_SESSION_SECRET, useTestConfig } from "../../../tests/setup/unit-process";

const PASSWORD = "Zonnebloem-Kade-42";
const STEP_MS = TOTP.periodSeconds * 1000;
/** The middle of a time step, so ±1 step is unambiguous. */
const NOW = new Date(Math.floor(Date.UTC(2026, 10, 23, 9, 0, 0) / STEP_MS) * STEP_MS + STEP_MS / 2);
const at = (steps: number) => new Date(NOW.getTime() + steps * STEP_MS);
const code = (secret: string, when: Date) =>
  Totp.generate({ secret: Secret.fromBase32(secret), timestamp: when.getTime(), digits: 6, period: 30 });

describe("second factor codes", () => {
  it("tells a 6-digit code from a recovery code", () => {
    expect(secondFactorKind("123456")).toBe("totp");
    expect(secondFactorKind("123 456")).toBe("totp");
    expect(secondFactorKind("abcde-fgh23")).toBe("recovery");
    expect(secondFactorKind("ABCDE FGH23")).toBe("recovery");
    expect(secondFactorKind("12345")).toBeNull();
    expect(secondFactorKind("abcde-fgh1")).toBeNull();
  });

  it("encrypts a secret for one account under a key derived from the session secret", () => {
    const key = twoFactorKey(TEST_SESSION_SECRET);
    const stored = encryptSecret(key, "account-1", "JBSWY3DPEHPK3PXP");
    expect(stored).not.toContain("JBSWY3DPEHPK3PXP");
    expect(decryptSecret(key, "account-1", stored)).toBe("JBSWY3DPEHPK3PXP");
    expect(decryptSecret(key, "account-2", stored)).toBeNull();
    expect(decryptSecret(twoFactorKey(`${TEST_SESSION_SECRET}-other`), "account-1", stored)).toBeNull();
  });
});

describeEachDatabase("TOTP enrolment and sign-in on $name", (database) => {
  let keys: TwoFactorKeys;
  let accountId: string;
  let limiter: RateLimiterAbstract;
  beforeEach(async () => {
    limiter = await createTwoFactorLimiter(database.handle);
    keys = { db: database.db, key: twoFactorKey(TEST_SESSION_SECRET), limiter };
    await upsertAccount(database.db, {
      email: "anna@veldhaven.nl",
      password: PASSWORD,
      role: "officer",
      requireTotp: true,
    });
    accountId = (await database.db.selectFrom("staff_account").select("id").executeTakeFirstOrThrow()).id;
  });

  /** Enrols with a code of `NOW`; the secret and the recovery codes. */
  async function enrol() {
    const secret = await enrolmentSecret(keys.db, keys.key, accountId);
    if (!secret) throw new Error("no enrolment secret");
    const outcome = await confirmEnrolment(keys, accountId, code(secret.base32, NOW), NOW);
    if (outcome.status !== "enrolled") throw new Error(`not enrolled: ${outcome.status}`);
    return { secret: secret.base32, recoveryCodes: outcome.recoveryCodes };
  }

  it("asks an account that must have a second factor to enrol, then for its code", async () => {
    expect(await secondFactorStep(keys.db, "anna@veldhaven.nl")).toEqual({ accountId, step: "enrol" });
    await upsertAccount(database.db, { email: "bart@veldhaven.nl", password: PASSWORD, role: "agent" });
    expect(await secondFactorStep(keys.db, "bart@veldhaven.nl")).toBeNull();
    await enrol();
    expect(await secondFactorStep(keys.db, "anna@veldhaven.nl")).toEqual({ accountId, step: "verify" });
  });

  it("an administrator's reset removes a lost second factor and its recovery codes: the next sign-in enrols a new one", async () => {
    const { secret } = await enrol();
    expect(await resetSecondFactor(database.db, "Anna@Veldhaven.nl")).toBe(true);
    expect(await secondFactorStep(keys.db, "anna@veldhaven.nl")).toEqual({ accountId, step: "enrol" });
    expect(await database.db.selectFrom("staff_recovery_code").selectAll().execute()).toEqual([]);
    // The old authenticator's codes open nothing.
    expect((await verifySecondFactor(keys, accountId, code(secret, NOW), NOW)).status).not.toBe("verified");
    expect(await resetSecondFactor(database.db, "nobody@veldhaven.nl")).toBe(false);
  });

  it("shows the same secret until a code confirms it, with an otpauth address, and stores it only encrypted", async () => {
    const first = await enrolmentSecret(keys.db, keys.key, accountId);
    expect(first?.uri).toMatch(
      /^otpauth:\/\/totp\/Veldhaven%20Media:anna%40veldhaven\.nl\?issuer=Veldhaven%20Media&secret=[A-Z2-7]{32}&algorithm=SHA1&digits=6&period=30$/,
    );
    expect(await enrolmentSecret(keys.db, keys.key, accountId)).toEqual(first);
    expect(await confirmEnrolment(keys, accountId, "000000", NOW)).toEqual({ status: "INVALID" });
    const { secret, recoveryCodes } = await enrol();
    expect(secret).toBe(first?.base32);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const recoveryCode of recoveryCodes) expect(recoveryCode).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const row = await keys.db
      .selectFrom("staff_account")
      .selectAll()
      .where("id", "=", accountId)
      .executeTakeFirstOrThrow();
    const stored = await keys.db.selectFrom("staff_recovery_code").selectAll().execute();
    const dump = JSON.stringify({ row, stored });
    expect(dump).not.toContain(secret);
    for (const recoveryCode of recoveryCodes) expect(dump).not.toContain(recoveryCode.replace("-", ""));
    expect(row.totp_pending_secret).toBeNull();
    expect(stored.map((entry) => entry.code_hash)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^[0-9a-f]{64}$/)]),
    );
    // Once enrolled, no new secret is offered.
    expect(await enrolmentSecret(keys.db, keys.key, accountId)).toBeNull();
  });

  it("accepts a code of the current step and of one step either side, refuses others", async () => {
    const { secret } = await enrol();
    // At step 10: steps 8 and 12 are too far, step 9 is one behind.
    expect(await verifySecondFactor(keys, accountId, code(secret, at(8)), at(10))).toEqual({ status: "INVALID" });
    expect(await verifySecondFactor(keys, accountId, code(secret, at(12)), at(10))).toEqual({ status: "INVALID" });
    expect(await verifySecondFactor(keys, accountId, code(secret, at(9)), at(10))).toMatchObject({
      status: "verified",
      method: "totp",
    });
    // At step 11, the next step's code (a clock one step ahead); at step 14, that step's own.
    expect(await verifySecondFactor(keys, accountId, code(secret, at(12)), at(11))).toMatchObject({
      status: "verified",
    });
    expect(await verifySecondFactor(keys, accountId, code(secret, at(14)), at(14))).toMatchObject({
      status: "verified",
      user: { email: "anna@veldhaven.nl", role: "officer", method: "local" },
    });
  });

  it("accepts each time step once: no replay, not even of an earlier step", async () => {
    const { secret } = await enrol();
    // The enrolment's own code (step 0) is used up.
    expect(await verifySecondFactor(keys, accountId, code(secret, NOW), NOW)).toEqual({ status: "INVALID" });
    expect(await verifySecondFactor(keys, accountId, code(secret, at(1)), at(1))).toMatchObject({ status: "verified" });
    const replays = await Promise.all(
      [1, 2].map(() => verifySecondFactor(keys, accountId, code(secret, at(1)), at(1))),
    );
    expect(replays).toEqual([{ status: "INVALID" }, { status: "INVALID" }]);
    expect(await verifySecondFactor(keys, accountId, code(secret, at(2)), at(2))).toMatchObject({ status: "verified" });
  });

  it("accepts each recovery code once, in any case or spacing", async () => {
    const { recoveryCodes } = await enrol();
    const [first, second] = recoveryCodes;
    expect(await verifySecondFactor(keys, accountId, first.toUpperCase().replace("-", " "), NOW)).toMatchObject({
      status: "verified",
      method: "recovery",
    });
    expect(await verifySecondFactor(keys, accountId, first, NOW)).toEqual({ status: "INVALID" });
    expect(await verifySecondFactor(keys, accountId, second, NOW)).toMatchObject({
      status: "verified",
      method: "recovery",
    });
    expect(await verifySecondFactor(keys, accountId, "abcde-fghij", NOW)).toEqual({ status: "INVALID" });
  });

  it("counts wrong codes per account before checking them: after five, even the right one waits", async () => {
    const { secret } = await enrol();
    const wrong = await Promise.all(
      Array.from({ length: 8 }, () => verifySecondFactor(keys, accountId, "000000", at(1))),
    );
    expect(wrong.filter((outcome) => outcome.status === "INVALID")).toHaveLength(5);
    expect(wrong.filter((outcome) => outcome.status === "RATE_LIMITED")).toHaveLength(3);
    expect(await verifySecondFactor(keys, accountId, code(secret, at(1)), at(1))).toMatchObject({
      status: "RATE_LIMITED",
    });
  });
});

describe("the pending sign-in cookie", () => {
  useTestConfig();
  const request = (cookie?: string) =>
    new Request("http://nl.localhost/nl/internal-privacy-rights/two-factor", {
      headers: cookie ? { Cookie: cookie } : {},
    });

  it("names the account for 5 minutes, then nothing; a forged one names nobody", async () => {
    const setCookie = await pendingSignInCookie(request(), "account-1", NOW);
    expect(setCookie).toMatch(/^__staff_pending=[^;]+; Max-Age=300; Path=\/; HttpOnly; SameSite=Lax$/);
    const cookie = setCookie.split(";")[0];
    expect(await readPendingSignIn(request(cookie), new Date(NOW.getTime() + 4 * 60_000))).toBe("account-1");
    expect(await readPendingSignIn(request(cookie), new Date(NOW.getTime() + 5 * 60_000))).toBeNull();
    const forged = `__staff_pending=${Buffer.from(JSON.stringify({ accountId: "account-2", expiresAt: NOW.getTime() + 60_000 })).toString("base64")}`;
    expect(await readPendingSignIn(request(forged), NOW)).toBeNull();
    expect(await readPendingSignIn(request(), NOW)).toBeNull();
  });
});
