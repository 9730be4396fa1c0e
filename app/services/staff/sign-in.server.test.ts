import { beforeEach, describe, expect, it } from "vitest";

import { listAccounts, removeAccount, upsertAccount } from "~/services/staff/accounts.server";
import { hashPassword, passwordProblem, verifyPassword } from "~/services/staff/passwords.server";
import { endSession, purgeSessions, readSession, startSession } from "~/services/staff/sessions.server";
import { createSignInLimiters, signInWithPassword, type SignInLimiters } from "~/services/staff/sign-in.server";

import { describeEachDatabase } from "../../../tests/setup/unit-database";

const MINUTE = 60_000;
const PASSWORD = "Zonnebloem-Kade-42";

describe("staff passwords", () => {
  it("are stored as salted scrypt hashes that verify only the right password", async () => {
    const first = await hashPassword(PASSWORD);
    const second = await hashPassword(PASSWORD);
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]{43}$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain(PASSWORD);
    expect(await verifyPassword(PASSWORD, first)).toBe(true);
    expect(await verifyPassword(`${PASSWORD} `, first)).toBe(false);
    expect(await verifyPassword(PASSWORD, "md5$abc")).toBe(false);
  });

  it("refuse short, repetitive, common and self-describing ones", () => {
    expect(passwordProblem("kort-wacht1", "a@b.nl")).toMatch(/at least 12/);
    expect(passwordProblem("aaaaaaaaaaaaaaa", "a@b.nl")).toMatch(/repetitive/);
    expect(passwordProblem("Password1234", "a@b.nl")).toMatch(/common/);
    expect(passwordProblem("!!Wachtwoord2026", "a@b.nl")).toMatch(/common/);
    expect(passwordProblem("Veldhaven2026!", "a@b.nl")).toMatch(/common/);
    expect(passwordProblem("annelies-de-vries-1", "annelies@veldhaven.nl")).toMatch(/e-mail name/);
    expect(passwordProblem(PASSWORD, "anna@veldhaven.nl")).toBeNull();
  });
});

describeEachDatabase("staff accounts, sessions and sign-in on $name", (database) => {
  let limiters: SignInLimiters;
  beforeEach(async () => {
    limiters = await createSignInLimiters(database.handle);
  });
  const db = () => database.db;

  it("creates an account, resets its password (ending its sessions), lists and removes it", async () => {
    expect(await upsertAccount(db(), { email: " Anna@Veldhaven.NL ", password: PASSWORD, role: "agent" })).toEqual({
      status: "created",
      email: "anna@veldhaven.nl",
      role: "agent",
    });
    expect(await upsertAccount(db(), { email: "anna@veldhaven.nl", password: "kort", role: "agent" })).toMatchObject({
      status: "refused",
    });
    const session = await startSession(db(), { email: "anna@veldhaven.nl", role: "agent", method: "local" });
    expect(
      await upsertAccount(db(), { email: "anna@veldhaven.nl", password: "Nieuwe-Lente-Regen-7", role: "officer" }),
    ).toEqual({ status: "reset", email: "anna@veldhaven.nl", role: "officer" });
    expect(await readSession(db(), session, 30)).toBeNull();
    expect(await listAccounts(db())).toEqual([
      expect.objectContaining({ email: "anna@veldhaven.nl", role: "officer" }),
    ]);
    const again = await startSession(db(), { email: "anna@veldhaven.nl", role: "officer", method: "local" });
    expect(await removeAccount(db(), "ANNA@veldhaven.nl")).toBe(true);
    expect(await readSession(db(), again, 30)).toBeNull();
    expect(await removeAccount(db(), "anna@veldhaven.nl")).toBe(false);
    expect(await listAccounts(db())).toEqual([]);
  });

  it("keeps a session while it is used, ends it after the idle time, the absolute limit, or sign-out", async () => {
    const start = new Date("2026-11-23T08:00:00Z");
    const user = { email: "bart@veldhaven.nl", role: "agent" as const, method: "local" as const };
    const id = await startSession(db(), user, start);
    expect(id).toMatch(/^[\w-]{43}$/);
    // Only the id's hash is stored.
    const rows = await db().selectFrom("staff_session").select("id_hash").execute();
    expect(rows.map((row) => row.id_hash)).not.toContain(id);

    // Used every 25 minutes, it lives on until the 12-hour limit.
    let now = start;
    for (let step = 1; step * 25 < 12 * 60; step++) {
      now = new Date(start.getTime() + step * 25 * MINUTE);
      expect(await readSession(db(), id, 30, now), `after ${step * 25} minutes`).toEqual(user);
    }
    expect(await readSession(db(), id, 30, new Date(start.getTime() + 12 * 60 * MINUTE))).toBeNull();

    const idle = await startSession(db(), user, start);
    expect(await readSession(db(), idle, 30, new Date(start.getTime() + 29 * MINUTE))).toEqual(user);
    expect(await readSession(db(), idle, 30, new Date(start.getTime() + 60 * MINUTE))).toBeNull();

    const signedOut = await startSession(db(), user, start);
    await endSession(db(), signedOut);
    expect(await readSession(db(), signedOut, 30, start)).toBeNull();
    expect(await readSession(db(), "not-a-session-id", 30, start)).toBeNull();
  });

  it("purges sessions past their limits", async () => {
    const start = new Date("2026-11-24T08:00:00Z");
    await db().deleteFrom("staff_session").execute();
    await startSession(db(), { email: "c@veldhaven.nl", role: "agent", method: "local" }, start);
    await startSession(
      db(),
      { email: "d@veldhaven.nl", role: "agent", method: "oidc" },
      new Date(start.getTime() + 50 * MINUTE),
    );
    expect(await purgeSessions(db(), 30, new Date(start.getTime() + 60 * MINUTE))).toBe(1);
    expect((await db().selectFrom("staff_session").select("email").execute()).map((row) => row.email)).toEqual([
      "d@veldhaven.nl",
    ]);
  });

  it("signs in with the right password; an unknown account and a wrong password get the same answer", async () => {
    await upsertAccount(db(), { email: "eva@veldhaven.nl", password: PASSWORD, role: "officer" });
    const ok = await signInWithPassword(db(), limiters, {
      email: "EVA@veldhaven.nl",
      password: PASSWORD,
      clientIp: "192.0.2.1",
    });
    expect(ok).toEqual({ status: "signed-in", user: { email: "eva@veldhaven.nl", role: "officer", method: "local" } });
    expect(
      await signInWithPassword(db(), limiters, {
        email: "eva@veldhaven.nl",
        password: "Verkeerd-Wachtwoord-1",
        clientIp: "192.0.2.1",
      }),
    ).toEqual({ status: "INVALID" });
    expect(
      await signInWithPassword(db(), limiters, {
        email: "niemand@veldhaven.nl",
        password: PASSWORD,
        clientIp: "192.0.2.1",
      }),
    ).toEqual({ status: "INVALID" });
  });

  it("limits failed sign-ins per account and address (even with the right password afterwards) and per client address", async () => {
    await upsertAccount(db(), { email: "eva@veldhaven.nl", password: PASSWORD, role: "officer" });
    await upsertAccount(db(), { email: "fleur@veldhaven.nl", password: PASSWORD, role: "agent" });
    for (let n = 0; n < 5; n++) {
      expect(
        (
          await signInWithPassword(db(), limiters, {
            email: "fleur@veldhaven.nl",
            password: "Fout-Fout-Fout-1",
            clientIp: "192.0.2.10",
          })
        ).status,
      ).toBe("INVALID");
    }
    const locked = await signInWithPassword(db(), limiters, {
      email: "fleur@veldhaven.nl",
      password: PASSWORD,
      clientIp: "192.0.2.10",
    });
    expect(locked).toMatchObject({ status: "RATE_LIMITED" });
    expect((locked as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(800);
    // A stranger's guesses never lock the owner out from her own address.
    expect(
      (
        await signInWithPassword(db(), limiters, {
          email: "fleur@veldhaven.nl",
          password: PASSWORD,
          clientIp: "192.0.2.11",
        })
      ).status,
    ).toBe("signed-in");

    // One address trying many accounts.
    for (let n = 0; n < 30; n++) {
      await signInWithPassword(db(), limiters, {
        email: `poging${n}@veldhaven.nl`,
        password: "Fout-Fout-Fout-1",
        clientIp: "198.51.100.99",
      });
    }
    expect(
      (
        await signInWithPassword(db(), limiters, {
          email: "eva@veldhaven.nl",
          password: PASSWORD,
          clientIp: "198.51.100.99",
        })
      ).status,
    ).toBe("RATE_LIMITED");
    // Another address is not affected.
    expect(
      (
        await signInWithPassword(db(), limiters, {
          email: "eva@veldhaven.nl",
          password: PASSWORD,
          clientIp: "198.51.100.100",
        })
      ).status,
    ).toBe("signed-in");
  });

  it("counts an IPv6 client by its /64: rotating addresses in it gets no more guesses", async () => {
    await upsertAccount(db(), { email: "iris@veldhaven.nl", password: PASSWORD, role: "officer" });
    const statuses: string[] = [];
    for (let n = 1; n <= 8; n++) {
      statuses.push(
        (
          await signInWithPassword(db(), limiters, {
            email: "iris@veldhaven.nl",
            password: "Fout-Fout-Fout-1",
            clientIp: `2001:db8:1:2::${n.toString(16)}`,
          })
        ).status,
      );
    }
    // Five guesses per account and client, then refused, whichever address of the /64 asks.
    expect(statuses).toEqual([...Array(5).fill("INVALID"), ...Array(3).fill("RATE_LIMITED")]);
    // Another /64 is another client.
    expect(
      (
        await signInWithPassword(db(), limiters, {
          email: "iris@veldhaven.nl",
          password: PASSWORD,
          clientIp: "2001:db8:1:3::1",
        })
      ).status,
    ).toBe("signed-in");
  });

  it("counts an attempt before checking it: 60 parallel wrong passwords from one address, at most 10 checked; the right one in the burst is refused too", async () => {
    await upsertAccount(db(), { email: "gijs@veldhaven.nl", password: PASSWORD, role: "officer" });
    const attempts = Array.from({ length: 60 }, (_, n) =>
      signInWithPassword(db(), limiters, {
        email: "gijs@veldhaven.nl",
        password: n === 15 ? PASSWORD : `Fout-Fout-Fout-${n}`,
        clientIp: "203.0.113.5",
      }),
    );
    const outcomes = await Promise.all(attempts);
    const checked = outcomes.filter((outcome) => outcome.status === "INVALID" || outcome.status === "signed-in").length;
    expect(checked).toBeLessThanOrEqual(10);
    expect(outcomes[15].status).not.toBe("signed-in");
    expect(outcomes.every((outcome) => ["INVALID", "RATE_LIMITED", "BUSY"].includes(outcome.status))).toBe(true);
  });

  it("checks at most 3 attempts on one account at once, from any address; a success does not wipe earlier failures", async () => {
    await upsertAccount(db(), { email: "hanna@veldhaven.nl", password: PASSWORD, role: "agent" });
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        signInWithPassword(db(), limiters, {
          email: "hanna@veldhaven.nl",
          password: "Fout-Fout-Fout-1",
          clientIp: `198.18.0.${n + 1}`,
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === "INVALID").length).toBeLessThanOrEqual(3);
    expect(outcomes.filter((outcome) => outcome.status === "BUSY").length).toBeGreaterThanOrEqual(9);
    // Once nothing is in flight the owner gets in.
    expect(
      (
        await signInWithPassword(db(), limiters, {
          email: "hanna@veldhaven.nl",
          password: PASSWORD,
          clientIp: "198.18.1.1",
        })
      ).status,
    ).toBe("signed-in");

    for (let n = 0; n < 4; n++)
      await signInWithPassword(db(), limiters, {
        email: "hanna@veldhaven.nl",
        password: "Fout-Fout-Fout-1",
        clientIp: "198.18.2.1",
      });
    expect(
      (
        await signInWithPassword(db(), limiters, {
          email: "hanna@veldhaven.nl",
          password: PASSWORD,
          clientIp: "198.18.2.1",
        })
      ).status,
    ).toBe("signed-in");
    // The success gave back its own attempt only: one more failure, then that address is blocked.
    expect(
      (
        await signInWithPassword(db(), limiters, {
          email: "hanna@veldhaven.nl",
          password: "Fout-Fout-Fout-1",
          clientIp: "198.18.2.1",
        })
      ).status,
    ).toBe("INVALID");
    expect(
      (
        await signInWithPassword(db(), limiters, {
          email: "hanna@veldhaven.nl",
          password: PASSWORD,
          clientIp: "198.18.2.1",
        })
      ).status,
    ).toBe("RATE_LIMITED");
  });
});
