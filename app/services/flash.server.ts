import { randomUUID } from "node:crypto";
import { createCookieSessionStorage, redirect, type SessionStorage } from "react-router";
import { getConfig } from "~/config.server";

import type { BannerMessage } from "~/components/banner";

const FLASH_KEY = "banner" as const;
const SESSION_COOKIE = "__session";

/** Whether the request carries our session cookie (then its page is personal). */
export function hasSessionCookie(request: Request): boolean {
  return request.headers.get("Cookie")?.split(/;\s*/).some((pair) => pair.startsWith(`${SESSION_COOKIE}=`)) ?? false;
}

type FlashData = { [FLASH_KEY]: BannerMessage };

let storage: SessionStorage<Record<string, never>, FlashData> | undefined;

function sessionStorage() {
  const config = getConfig();
  storage ??= createCookieSessionStorage<Record<string, never>, FlashData>({
    cookie: {
      name: SESSION_COOKIE,
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secrets: [config.sessionSecret],
    },
  });
  return storage;
}

/**
 * `Secure` when the visitor reached us over HTTPS (as seen through a trusted
 * proxy, TRUST_PROXY): the embedded default is served over plain http on
 * *.localhost, a deployment behind HTTPS gets Secure whatever its database.
 */
function cookieOptions(request: Request) {
  const setting = getConfig().cookieSecure;
  return { secure: setting === "auto" ? new URL(request.url).protocol === "https:" : setting };
}

/** Redirects after a successful post, with a banner for the next page (post-redirect-get). */
export async function redirectWithBanner(
  request: Request,
  to: string,
  banner: Omit<BannerMessage, "id">,
): Promise<Response> {
  const session = await sessionStorage().getSession(request.headers.get("Cookie"));
  session.flash(FLASH_KEY, { ...banner, id: randomUUID() } satisfies BannerMessage);
  return redirect(to, {
    headers: { "Set-Cookie": await sessionStorage().commitSession(session, cookieOptions(request)) },
  });
}

/** Reads (and consumes) the banner; `headers` is set only when there was one. */
export async function takeBanner(
  request: Request,
): Promise<{ banner: BannerMessage | null; headers?: HeadersInit }> {
  if (!hasSessionCookie(request)) return { banner: null };
  const cookie = request.headers.get("Cookie");
  const session = await sessionStorage().getSession(cookie);
  const banner = session.get(FLASH_KEY) ?? null;
  if (!banner) return { banner: null };
  return {
    banner,
    headers: { "Set-Cookie": await sessionStorage().commitSession(session, cookieOptions(request)) },
  };
}
