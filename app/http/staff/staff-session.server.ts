/**
 * The staff sign-in cookie (`__staff`): a session cookie, signed, HttpOnly, SameSite=Lax,
 * Secure over HTTPS, holding only the session's opaque id. The session
 * itself is a database row (sessions.server.ts).
 */
import { createCookie } from "react-router";

import { getConfig } from "~/config.server";
import { getDb } from "~/db/instance.server";
import { cookieIsSecure, STAFF_COOKIE_NAME } from "~/http/session.server";

import {
  endSession,
  extendSession,
  sessionState,
  startSession,
  type SessionState,
  type StaffUser,
} from "../../services/staff/sessions.server";

let cookie: ReturnType<typeof createCookie> | undefined;
function staffCookie() {
  // A session cookie: gone when the browser closes; the 12-hour
  // and idle limits are the server's (sessions.server.ts).
  cookie ??= createCookie(STAFF_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secrets: [getConfig().sessionSecret],
  });
  return cookie;
}

async function sessionId(request: Request): Promise<string | null> {
  const value: unknown = await staffCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : null;
}

/** What the browser's staff cookie opens: a session, one that has ended, or nothing (no cookie, or not one we signed). */
export async function readStaffSession(request: Request): Promise<SessionState | null> {
  const id = await sessionId(request);
  if (!id) return null;
  return sessionState(await getDb(), id, getConfig().STAFF_SESSION_IDLE_MINUTES);
}

/** "Stay signed in": the session's new end, or null when there is none to extend. */
export async function keepSignedIn(request: Request): Promise<Date | null> {
  const id = await sessionId(request);
  if (!id) return null;
  return extendSession(await getDb(), id, getConfig().STAFF_SESSION_IDLE_MINUTES);
}

/** Ends any session the browser had and starts a new one: the Set-Cookie value. */
export async function signIn(request: Request, user: StaffUser): Promise<string> {
  const db = await getDb();
  const previous = await sessionId(request);
  if (previous) await endSession(db, previous);
  const id = await startSession(db, user);
  return staffCookie().serialize(id, { secure: cookieIsSecure(request) });
}

/** Ends the session: the Set-Cookie value that removes the cookie. */
export async function signOut(request: Request): Promise<string> {
  const id = await sessionId(request);
  if (id) await endSession(await getDb(), id);
  return staffCookie().serialize("", { secure: cookieIsSecure(request), maxAge: 0 });
}
