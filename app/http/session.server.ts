/**
 * The product's cookies, one per purpose, all signed, HttpOnly and
 * SameSite=Lax (STYLE.md), `Secure` when the visitor came over HTTPS:
 * - `__session`: flash messages (a banner after a post).
 * - `__privacy`: the objection's steps (brand keys only) and the processed page's summary.
 * - `__staff`: a staff member's session id (staff/staff-session.server.ts).
 * - `__staff_pending`: the account whose password was right, until its second factor (5 minutes).
 */
import {
  createCookieSessionStorage,
  redirect,
  type Session,
  type SessionData,
  type SessionStorage,
} from "react-router";

import { getConfig } from "~/config.server";

/** The staff sign-in cookie holds a database session id, not a cookie session (staff/staff-session.server.ts). */
export const STAFF_COOKIE_NAME = "__staff";
/** Between a correct password and the second factor (staff/pending-sign-in.server.ts): the account's id, 5 minutes. */
export const STAFF_PENDING_COOKIE_NAME = "__staff_pending";

export const COOKIE_NAMES = { flash: "__session", privacy: "__privacy" } as const;
type Purpose = keyof typeof COOKIE_NAMES;

const storages = new Map<Purpose, SessionStorage>();

function storage(purpose: Purpose): SessionStorage {
  let found = storages.get(purpose);
  if (!found) {
    found = createCookieSessionStorage({
      cookie: {
        name: COOKIE_NAMES[purpose],
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        // The objection's steps are minutes apart; a day is plenty.
        ...(purpose === "privacy" ? { maxAge: 24 * 3600 } : {}),
        secrets: [getConfig().sessionSecret],
      },
    });
    storages.set(purpose, found);
  }
  return found;
}

/**
 * `Secure` when the visitor reached us over HTTPS (as seen through a trusted
 * proxy, TRUST_PROXY): the embedded default is served over plain http on
 * *.localhost, a deployment behind HTTPS gets Secure whatever its database.
 */
export function cookieIsSecure(request: Request): boolean {
  const setting = getConfig().cookieSecure;
  return setting === "auto" ? new URL(request.url).protocol === "https:" : setting;
}

function cookieOptions(request: Request) {
  return { secure: cookieIsSecure(request) };
}

/** The names of the cookies in a Cookie header. */
function cookieNames(cookieHeader: string | null | undefined): string[] {
  return cookieHeader?.split(/;\s*/).map((pair) => pair.split("=")[0].trim()) ?? [];
}

function hasCookie(request: Request, name: string): boolean {
  return cookieNames(request.headers.get("Cookie")).includes(name);
}

const PERSONAL_COOKIES = [...Object.values(COOKIE_NAMES), STAFF_COOKIE_NAME, STAFF_PENDING_COOKIE_NAME];

/** Whether a Cookie header holds any of our cookies, staff sign-in included (then its page is personal). */
export function hasPersonalCookie(cookieHeader: string | null | undefined): boolean {
  return cookieNames(cookieHeader).some((name) => PERSONAL_COOKIES.includes(name as (typeof PERSONAL_COOKIES)[number]));
}

export function hasSessionCookie(request: Request): boolean {
  return hasPersonalCookie(request.headers.get("Cookie"));
}

export function hasPurposeCookie(request: Request, purpose: Purpose): boolean {
  return hasCookie(request, COOKIE_NAMES[purpose]);
}

export async function readSession(request: Request, purpose: Purpose): Promise<Session<SessionData, SessionData>> {
  return storage(purpose).getSession(request.headers.get("Cookie"));
}

/** The Set-Cookie value that stores the session. */
export async function commitSession(
  request: Request,
  purpose: Purpose,
  session: Session<SessionData, SessionData>,
): Promise<string> {
  return storage(purpose).commitSession(session, cookieOptions(request));
}

/** Redirects to `to` (post-redirect-get) with the purpose's cookie as `change` leaves it: a value kept, a one-time value set. */
export async function redirectWithSession(
  request: Request,
  purpose: Purpose,
  to: string,
  change: (session: Session<SessionData, SessionData>) => void,
): Promise<Response> {
  const session = await readSession(request, purpose);
  change(session);
  return redirect(to, { headers: { "Set-Cookie": await commitSession(request, purpose, session) } });
}

/** Reads and consumes a one-time value (a flash); `headers`, the cookie without it, only when there was one. */
export async function takeFlash<Value>(
  request: Request,
  purpose: Purpose,
  key: string,
  isValue: (value: unknown) => value is Value,
): Promise<{ value: Value | null; headers?: HeadersInit }> {
  if (!hasPurposeCookie(request, purpose)) return { value: null };
  const session = await readSession(request, purpose);
  const value: unknown = session.get(key);
  if (!isValue(value)) return { value: null };
  // A cookie left with nothing in it goes: the visitor's next pages can come from the page cache again.
  const cookie =
    Object.keys(session.data).length === 0
      ? await storage(purpose).destroySession(session, cookieOptions(request))
      : await commitSession(request, purpose, session);
  return { value, headers: { "Set-Cookie": cookie } };
}

/** React Router's cookie sessions keep a flash under this prefix until it is read. */
const FLASH_PREFIX = "__flash_";

/**
 * Whether a visitor's cookies change a public page: a flash not
 * yet shown (a banner after a post, the processed page's summary) changes
 * whichever page reads it next, and the objection's kept choice changes the
 * pages that show it (`showsKeptChoice`). Nothing else in our cookies does:
 * an emptied session, a staff sign-in (no public page reads it) or another
 * site's cookie leave the page the one every visitor gets.
 */
export async function cookiesChangePage(
  cookieHeader: string | null | undefined,
  { showsKeptChoice }: { showsKeptChoice: boolean },
): Promise<boolean> {
  const names = cookieNames(cookieHeader);
  for (const purpose of Object.keys(COOKIE_NAMES) as Purpose[]) {
    if (!names.includes(COOKIE_NAMES[purpose])) continue;
    if (purpose === "privacy" && showsKeptChoice) return true;
    const { data } = await storage(purpose).getSession(cookieHeader);
    if (Object.keys(data).some((key) => key.startsWith(FLASH_PREFIX))) return true;
  }
  return false;
}
