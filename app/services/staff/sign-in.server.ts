/**
 * Signing in with a local account (under parallel
 * attack). An attempt is counted before the password is hashed, atomically
 * in the database (every instance shares the counts), so a burst of
 * parallel guesses is refused without being checked:
 * - per account and client address: 5 failures per 15 minutes, then that
 *   address may not try that account (the hard block; a stranger's guesses
 *   never lock the owner out from another address);
 * - per client address: 30 failures per hour, whatever the accounts;
 * - per account: at most 3 attempts being checked at once, from anywhere (a
 *   slow-down, never a lock-out: many addresses guessing one account get
 *   "try again in a moment").
 * A success gives its own attempt back and leaves earlier failures counted.
 * An unknown account and a wrong password get the same answer and take the
 * same time.
 */
import type { RateLimiterAbstract } from "rate-limiter-flexible";

import type { DatabaseHandle, Db } from "~/db/db.server";
import { getDatabaseHandle } from "~/db/instance.server";
import { normaliseEmail } from "~/domain/email";
import { createRateLimiter } from "~/services/submission/counted-limit.server";
import { clientAddressKey } from "~/utils/client-address";
import { metrics } from "~/utils/metrics.server";
import { singleton } from "~/utils/singleton.server";

import { findAccount } from "./accounts.server";
import { decoyHash, verifyPassword } from "./passwords.server";
import type { StaffUser } from "./sessions.server";

const SIGN_IN_LIMITS = {
  accountAtClient: { points: 5, durationSeconds: 15 * 60 },
  client: { points: 30, durationSeconds: 3600 },
  /** Attempts being checked at once per account; the window only frees a slot a crashed process never gave back. */
  inFlight: { points: 3, durationSeconds: 30 },
};

export type SignInLimiters = {
  accountAtClient: RateLimiterAbstract;
  client: RateLimiterAbstract;
  inFlight: RateLimiterAbstract;
};

export type SignInOutcome =
  | { status: "signed-in"; user: StaffUser }
  | { status: "INVALID" }
  | { status: "RATE_LIMITED"; retryAfterSeconds: number }
  | { status: "BUSY"; retryAfterSeconds: number };

const processLimiters = singleton<Promise<SignInLimiters>>("staff-sign-in-limiters");

/** The three limiters over a database (their counts live in its `rate_limit` table). */
export async function createSignInLimiters(handle: DatabaseHandle): Promise<SignInLimiters> {
  const limiter = (name: keyof typeof SIGN_IN_LIMITS) =>
    createRateLimiter(handle, SIGN_IN_LIMITS[name].points, {
      keyPrefix: `staff_signin_${name}`,
      durationSeconds: SIGN_IN_LIMITS[name].durationSeconds,
    });
  return {
    accountAtClient: await limiter("accountAtClient"),
    client: await limiter("client"),
    inFlight: await limiter("inFlight"),
  };
}

/** The process's limiters, over its database. */
export function signInLimiters(): Promise<SignInLimiters> {
  return processLimiters.get(() => getDatabaseHandle().then(createSignInLimiters));
}

/** Takes one point; the seconds until the key may try again when it had none left (the point is counted all the same), else 0. */
export async function take(limiter: RateLimiterAbstract, key: string): Promise<number> {
  try {
    await limiter.consume(key);
    return 0;
  } catch (refused) {
    if (refused instanceof Error) throw refused;
    return Math.max(1, Math.ceil((refused as { msBeforeNext: number }).msBeforeNext / 1000));
  }
}

export async function signInWithPassword(
  db: Db,
  limiters: SignInLimiters,
  input: { email: string; password: string; clientIp: string },
): Promise<SignInOutcome> {
  const outcome = await attemptSignIn(db, limiters, input);
  if (outcome.status !== "signed-in") metrics().signInFailures.inc({ reason: outcome.status });
  return outcome;
}

async function attemptSignIn(
  db: Db,
  limiters: SignInLimiters,
  input: { email: string; password: string; clientIp: string },
): Promise<SignInOutcome> {
  const email = normaliseEmail(input.email);
  if ((await take(limiters.inFlight, email)) > 0) {
    // A slot is held only while an attempt is checked: the refused one gives its point back at once.
    await limiters.inFlight.reward(email, 1);
    return { status: "BUSY", retryAfterSeconds: 1 };
  }
  try {
    // An IPv6 client picks any address in its /64: counted as one, as the forms count it.
    const client = clientAddressKey(input.clientIp);
    const pair = `${email}|${client}`;
    const wait = Math.max(await take(limiters.client, client), await take(limiters.accountAtClient, pair));
    if (wait > 0) return { status: "RATE_LIMITED", retryAfterSeconds: wait };
    const account = await findAccount(db, email);
    const matches = await verifyPassword(input.password, account?.password_hash ?? (await decoyHash()));
    if (!account || !matches) return { status: "INVALID" };
    await Promise.all([limiters.accountAtClient.reward(pair, 1), limiters.client.reward(client, 1)]);
    return { status: "signed-in", user: { email: account.email, role: account.role, method: "local" } };
  } finally {
    await limiters.inFlight.reward(email, 1);
  }
}
