import {
  RateLimiterPostgres,
  RateLimiterRes,
  RateLimiterSQLite,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import { getConfig } from "~/config.server";
import type { DatabaseHandle } from "~/db/db.server";
import { getDatabaseHandle } from "~/db/instance.server";
import { getLogger } from "~/utils/logger.server";

export type GuardVerdict =
  | { ok: true }
  | { ok: false; reason: "honeypot" }
  | { ok: false; reason: "rate-limited"; retryAfterSeconds: number };

/**
 * Counts submissions per client IP and form in the database, so that every
 * instance on one PostgreSQL shares the count. The library creates and owns
 * its table (`rate_limit`).
 */
export function createRateLimiter(
  handle: DatabaseHandle,
  pointsPerHour: number,
  limits: { keyPrefix?: string; durationSeconds?: number } = {},
): Promise<RateLimiterAbstract> {
  return new Promise((resolve, reject) => {
    const options = {
      tableName: "rate_limit",
      keyPrefix: limits.keyPrefix ?? "public_form",
      points: pointsPerHour,
      duration: limits.durationSeconds ?? 3600,
    };
    const ready = (error?: unknown) => (error ? reject(error) : resolve(limiter));
    const limiter: RateLimiterAbstract =
      handle.kind === "postgres"
        ? new RateLimiterPostgres({ ...options, storeClient: handle.pool, storeType: "pool" }, ready)
        : new RateLimiterSQLite({ ...options, storeClient: handle.sqlite, storeType: "better-sqlite3" }, ready);
  });
}

const globalForLimiter = globalThis as unknown as { __publicFormLimiter?: Promise<RateLimiterAbstract> };

function processLimiter(): Promise<RateLimiterAbstract> {
  globalForLimiter.__publicFormLimiter ??= getDatabaseHandle().then((handle) =>
    createRateLimiter(handle, getConfig().RATE_LIMIT_PER_HOUR),
  );
  return globalForLimiter.__publicFormLimiter;
}

/** Consumes one submission of `form` for `clientIp`. */
export async function consumeSubmission(
  limiter: RateLimiterAbstract,
  form: string,
  clientIp: string,
): Promise<GuardVerdict> {
  try {
    await limiter.consume(`${form}:${clientIp}`);
    return { ok: true };
  } catch (result) {
    if (result instanceof RateLimiterRes) {
      return { ok: false, reason: "rate-limited", retryAfterSeconds: Math.ceil(result.msBeforeNext / 1000) };
    }
    throw result;
  }
}

/**
 * The honeypot's values as posted (none when the field is absent). Anything
 * but no value or one empty string counts as filled: a repeated field or a
 * JSON object is not what a person's browser sends.
 */
export function isHoneypotFilled(values: readonly unknown[]): boolean {
  return values.length > 1 || (values.length === 1 && values[0] !== "");
}

/**
 * The guard every public form passes before its data is stored: the honeypot
 * must be empty, and the client may not exceed the hourly limit.
 */
export async function guardPublicForm(input: {
  form: string;
  clientIp: string;
  honeypot: readonly unknown[];
}): Promise<GuardVerdict> {
  if (isHoneypotFilled(input.honeypot)) {
    // Logged (never the content) so that a browser's autofill tripping it is noticed.
    getLogger().warn({ form: input.form }, "honeypot filled: submission refused");
    return { ok: false, reason: "honeypot" };
  }
  return consumeSubmission(await processLimiter(), input.form, input.clientIp);
}
