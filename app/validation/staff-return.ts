/**
 * After a staff session ended, the login page sends the
 * staff member back to the page they were on, with what they had typed. The
 * page travels in the login link (`returnTo`) and, past the password, in the
 * second factor's or single sign-on's signed cookie; wherever it is read, it
 * is checked here, so that no link can send a signed-in browser elsewhere
 * (an open redirect) or back into signing in.
 */
import { href } from "react-router";

import { isLanguage } from "~/i18n/locale";

export const RETURN_PARAM = "returnTo";
/** The kept form's id, on the page the staff member comes back to. */
const KEPT_PARAM = "kept";
/** `?session=ended`: the login page says why the staff member is there. */
export const SESSION_PARAM = "session";
export const SESSION_ENDED = "ended";

/** What was typed, as the form refills it: the form's id and each field's value (or values). */
export type KeptForm = { formId: string; values: Record<string, string | string[]> };

const STAFF_AREA = "internal-privacy-rights";
/** The steps of signing in and out: going back to one would loop. */
const SIGN_IN_STEPS = new Set(["login", "logout", "sso", "two-factor", "keep-alive"]);
const MAX_LENGTH = 1000;
const BASE = "http://return.invalid";
/** A request's files take posts only: the officer goes back to the request. */
const FILES_OF_A_REQUEST = /^(\/[a-z]+\/internal-privacy-rights\/requests\/[^/]+)\/files(?:\/[^/]+)?$/;
const KEPT_ID = /^[A-Za-z0-9_-]{43}$/;

/**
 * A staff page of this site as a path and query (`/nl/internal-privacy-rights/requests/PR-…?…`),
 * or null: anything with a host or scheme (`//host`, `/\host`, `https:`), control
 * characters, a fragment, a spelling the URL parser would rewrite (`..`, `%2e`),
 * a page outside the staff area, or a step of signing in.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length > MAX_LENGTH) return null;
  if (!value.startsWith("/") || value.startsWith("//") || /[\\#\s\p{Cc}]/u.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || `${url.pathname}${url.search}` !== value) return null;
  const [, language, area, page] = url.pathname.split("/");
  if (!isLanguage(language) || area !== STAFF_AREA || !page || SIGN_IN_STEPS.has(page)) return null;
  return value;
}

/**
 * The page a staff request was made from, to come back to after signing in:
 * its path and query without React Router's own parameters (`.data`,
 * `_routes`, `index`) and without an earlier kept form; null when it is no
 * page to come back to.
 */
export function returnPathOf(url: URL): string | null {
  const query = new URLSearchParams(url.search);
  for (const name of ["_routes", "index", KEPT_PARAM]) query.delete(name);
  const pathname = url.pathname.replace(/\.data$/, "").replace(FILES_OF_A_REQUEST, "$1");
  const search = query.toString();
  return safeReturnPath(search ? `${pathname}?${search}` : pathname);
}

/** The page to come back to with the kept form's id added. */
export function withKeptForm(returnPath: string, keptId: string): string {
  const url = new URL(returnPath, BASE);
  url.searchParams.set(KEPT_PARAM, keptId);
  return `${url.pathname}${url.search}`;
}

/** The login page for a staff member whose session ended on `returnPath`. */
export function loginAfterSessionEnded(language: string, returnPath: string | null): string {
  const query = new URLSearchParams({ [SESSION_PARAM]: SESSION_ENDED });
  if (returnPath) query.set(RETURN_PARAM, returnPath);
  return `${href("/:lang/internal-privacy-rights/login", { lang: language })}?${query}`;
}

/** The page a login (or single sign-on) link asks to come back to, if it is one. */
export function returnPathAsked(url: URL): string | null {
  return safeReturnPath(url.searchParams.get(RETURN_PARAM));
}

/** The kept form's id on a page's address, if it looks like one. */
export function keptFormIdOf(url: URL): string | null {
  const id = url.searchParams.get(KEPT_PARAM);
  return id && KEPT_ID.test(id) ? id : null;
}
