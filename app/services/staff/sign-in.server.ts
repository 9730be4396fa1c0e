/**
 * Signing in with a local account. Failed attempts are limited per account
 * (against guessing one password) and per client address (against trying
 * many accounts); an unknown account and a wrong password get the same
 * answer and take the same time.
 */
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import type { Db } from "~/db/db.server";
import { getDatabaseHandle } from "~/db/instance.server";
import { createRateLimiter } from "~/services/public-form-guard.server";
import { normaliseEmail } from "~/domain/email";
import { findAccount } from "./accounts.server";
import { decoyHash, verifyPassword } from "./passwords.server";
import type { StaffUser } from "./sessions.server";

const SIGN_IN_LIMITS = {
  /** Failed attempts per account per 15 minutes. */
  perAccount: { points: 5, durationSeconds: 15 * 60 },
  /** Failed attempts per client address per hour. */
  perClient: { points: 30, durationSeconds: 3600 },
};

export type SignInLimiters = { account: RateLimiterAbstract; client: RateLimiterAbstract };

export type SignInOutcome = { status: "signed-in"; user: StaffUser } | { status: "INVALID" } | { status: "RATE_LIMITED"; retryAfterSeconds: number };

const globalForLimiters = globalThis as unknown as { __staffSignInLimiters?: Promise<SignInLimiters> };

export function signInLimiters(): Promise<SignInLimiters> {
  globalForLimiters.__staffSignInLimiters ??= getDatabaseHandle().then(async (handle) => ({
    account: await createRateLimiter(handle, SIGN_IN_LIMITS.perAccount.points, { keyPrefix: "staff_signin_account", durationSeconds: SIGN_IN_LIMITS.perAccount.durationSeconds }),
    client: await createRateLimiter(handle, SIGN_IN_LIMITS.perClient.points, { keyPrefix: "staff_signin_client", durationSeconds: SIGN_IN_LIMITS.perClient.durationSeconds }),
  }));
  return globalForLimiters.__staffSignInLimiters;
}

/** Seconds until the key may try again, or 0. */
async function blockedFor(limiter: RateLimiterAbstract, key: string): Promise<number> {
  const state = await limiter.get(key);
  return state && state.remainingPoints <= 0 ? Math.max(1, Math.ceil(state.msBeforeNext / 1000)) : 0;
}

async function countFailure(limiter: RateLimiterAbstract, key: string): Promise<void> {
  // Over the limit rejects: the failure is counted all the same.
  await limiter.consume(key).catch(() => undefined);
}

export async function signInWithPassword(
  db: Db,
  limiters: SignInLimiters,
  input: { email: string; password: string; clientIp: string },
): Promise<SignInOutcome> {
  const email = normaliseEmail(input.email);
  const wait = Math.max(await blockedFor(limiters.account, email), await blockedFor(limiters.client, input.clientIp));
  if (wait > 0) return { status: "RATE_LIMITED", retryAfterSeconds: wait };
  const account = await findAccount(db, email);
  const matches = await verifyPassword(input.password, account?.password_hash ?? (await decoyHash()));
  if (!account || !matches) {
    await countFailure(limiters.account, email);
    await countFailure(limiters.client, input.clientIp);
    return { status: "INVALID" };
  }
  await limiters.account.delete(email);
  return { status: "signed-in", user: { email: account.email, role: account.role, method: "local" } };
}
