/**
 * What the two second-factor pages share: the services' keys,
 * who is enrolling, the QR code, and the end of signing in.
 */
import QRCode from "qrcode";
import { href, redirect, type RouterContextProvider } from "react-router";

import { getConfig } from "~/config.server";
import { siteContext } from "~/context";
import { getDb } from "~/db/instance.server";
import { redirectWithBanner } from "~/http/flash.server";
import { staffContext } from "~/http/staff/guard.server";
import { clearPendingSignIn, readPendingSignIn } from "~/http/staff/pending-sign-in.server";
import { signIn } from "~/http/staff/staff-session.server";
import type { StaffUser } from "~/services/staff/sessions.server";
import { twoFactorKey } from "~/services/staff/two-factor-secret.server";
import { twoFactorAccount, twoFactorLimiter, type TwoFactorKeys } from "~/services/staff/two-factor.server";

export async function twoFactorKeys(): Promise<TwoFactorKeys> {
  return { db: await getDb(), key: twoFactorKey(getConfig().sessionSecret), limiter: await twoFactorLimiter() };
}

type Account = NonNullable<Awaited<ReturnType<typeof twoFactorAccount>>>;

export type Enrolling = { kind: "none" } | { kind: "sso" } | { kind: "signed-in" | "pending"; account: Account };

/**
 * Who the setup page is for: the signed-in local account (enrolling of its
 * own accord), or the account whose password was right a moment ago and
 * that must enrol (`--require-totp`). SSO accounts have their provider's.
 */
export async function enrollingAccount(request: Request, context: Readonly<RouterContextProvider>): Promise<Enrolling> {
  const db = await getDb();
  const staff = context.get(staffContext);
  if (staff) {
    if (staff.method !== "local") return { kind: "sso" };
    const account = await twoFactorAccount(db, { email: staff.email });
    return account ? { kind: "signed-in", account } : { kind: "none" };
  }
  const accountId = await readPendingSignIn(request);
  const account = accountId ? await twoFactorAccount(db, { id: accountId }) : null;
  return account && (account.required || account.enrolled) ? { kind: "pending", account } : { kind: "none" };
}

/** The otpauth:// address as an inline SVG (no script, no image request), for the page to show beside the key in text. */
export function qrCodeSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
}

/** The key as the page shows it for typing in: groups of four. */
export function secretInGroups(base32: string): string[] {
  return base32.match(/.{1,4}/g) ?? [];
}

/** The session starts and the pending cookie goes: the Set-Cookie headers. */
export async function finishSignIn(request: Request, user: StaffUser): Promise<Headers> {
  const headers = new Headers();
  headers.append("Set-Cookie", await signIn(request, user));
  headers.append("Set-Cookie", await clearPendingSignIn(request));
  return headers;
}

/** The login page, in the page's language. */
const loginPath = (context: Readonly<RouterContextProvider>) =>
  href("/:lang/internal-privacy-rights/login", { lang: context.get(siteContext).language });

/** The five minutes after the password are over: back to the login page, which says so. */
export async function signInAgain(request: Request, context: Readonly<RouterContextProvider>): Promise<Response> {
  const response = await redirectWithBanner(request, loginPath(context), {
    type: "error",
    textKey: "internal.twoFactor.expired",
  });
  response.headers.append("Set-Cookie", await clearPendingSignIn(request));
  return response;
}

export const toLogin = (context: Readonly<RouterContextProvider>) => redirect(loginPath(context));
