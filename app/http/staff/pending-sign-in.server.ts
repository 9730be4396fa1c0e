/**
 * Between a correct password and the second factor: no session
 * yet, only a signed, HttpOnly cookie naming the account, valid 5 minutes.
 * The time limit is in the signed value, so a browser that keeps the cookie
 * longer gains nothing.
 */
import { createCookie } from "react-router";

import { getConfig } from "~/config.server";
import type { Db } from "~/db/db.server";
import { PENDING_SIGN_IN_SECONDS } from "~/domain/staff";
import { cookieIsSecure, STAFF_PENDING_COOKIE_NAME } from "~/http/session.server";
import { safeReturnPath } from "~/validation/staff-return";

import { secondFactorStep } from "../../services/staff/two-factor.server";

let cookie: ReturnType<typeof createCookie> | undefined;
function pendingCookie() {
  cookie ??= createCookie(STAFF_PENDING_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: PENDING_SIGN_IN_SECONDS,
    secrets: [getConfig().sessionSecret],
  });
  return cookie;
}

/**
 * The Set-Cookie value that names the account waiting for its second factor,
 * and the page to go back to once it is given (where the session ended).
 */
export function pendingSignInCookie(
  request: Request,
  accountId: string,
  now = new Date(),
  returnPath: string | null = null,
): Promise<string> {
  return pendingCookie().serialize(
    { accountId, expiresAt: now.getTime() + PENDING_SIGN_IN_SECONDS * 1000, returnPath },
    { secure: cookieIsSecure(request) },
  );
}

/** The account waiting for its second factor, or null (no cookie, a forged one, or older than 5 minutes). */
export async function readPendingSignIn(request: Request, now = new Date()): Promise<string | null> {
  const value: unknown = await pendingCookie().parse(request.headers.get("Cookie"));
  if (typeof value !== "object" || value === null) return null;
  const { accountId, expiresAt } = value as { accountId?: unknown; expiresAt?: unknown };
  if (typeof accountId !== "string" || typeof expiresAt !== "number" || expiresAt <= now.getTime()) return null;
  return accountId;
}

/** The page to go back to after the second factor (checked again: a cookie is only as safe as its secret). */
export async function pendingReturnPath(request: Request): Promise<string | null> {
  const value: unknown = await pendingCookie().parse(request.headers.get("Cookie"));
  return typeof value === "object" && value !== null
    ? safeReturnPath((value as { returnPath?: unknown }).returnPath)
    : null;
}

/** The Set-Cookie value that removes it. */
export function clearPendingSignIn(request: Request): Promise<string> {
  return pendingCookie().serialize("", { secure: cookieIsSecure(request), maxAge: 0 });
}

/** After a correct password: whether the account gives a code or enrols first, with the cookie that carries it there; null: sign in now. */
export async function startSecondFactor(
  request: Request,
  db: Db,
  email: string,
  returnPath: string | null = null,
): Promise<{ step: "verify" | "enrol"; cookie: string } | null> {
  const next = await secondFactorStep(db, email);
  return next
    ? { step: next.step, cookie: await pendingSignInCookie(request, next.accountId, new Date(), returnPath) }
    : null;
}
