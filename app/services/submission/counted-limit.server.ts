import { RateLimiterPostgres, RateLimiterSQLite, type RateLimiterAbstract } from "rate-limiter-flexible";

import type { DatabaseHandle } from "~/db/db.server";
import { getLogger } from "~/utils/logger.server";

/**
 * A limit counted in the database, so that every instance on one PostgreSQL
 * shares the count (submissions: submission/limits.server.ts; staff sign-in).
 * The library creates and owns its table (`rate_limit`).
 */
export async function createRateLimiter(
  handle: DatabaseHandle,
  pointsPerHour: number,
  limits: { keyPrefix?: string; durationSeconds?: number } = {},
): Promise<RateLimiterAbstract> {
  try {
    return await openRateLimiter(handle, pointsPerHour, limits);
  } catch (error) {
    // Two creators of the table at once on a fresh PostgreSQL database (two
    // instances starting): CREATE TABLE IF NOT EXISTS is not safe against
    // itself there (unique_violation on the catalogue). The table exists now.
    if ((error as { code?: unknown } | null)?.code !== "23505") throw error;
    return openRateLimiter(handle, pointsPerHour, limits);
  }
}

function openRateLimiter(
  handle: DatabaseHandle,
  pointsPerHour: number,
  limits: { keyPrefix?: string; durationSeconds?: number },
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

/**
 * The honeypot's values as posted (none when the field is absent). Anything
 * but no value or one empty string counts as filled: a repeated field or a
 * JSON object is not what a person's browser sends.
 */
export function isHoneypotFilled(values: readonly unknown[]): boolean {
  return values.length > 1 || (values.length === 1 && values[0] !== "");
}

/**
 * The guard every public form passes before anything else is done with it:
 * the honeypot must be empty. (How many submissions are taken is counted
 * later, when one is about to be stored: submission/limits.server.ts.)
 */
export function honeypotRefuses(form: string, honeypot: readonly unknown[]): boolean {
  if (!isHoneypotFilled(honeypot)) return false;
  // Logged (never the content) so that a browser's autofill tripping it is noticed.
  getLogger().warn({ form }, "honeypot filled: submission refused");
  return true;
}
