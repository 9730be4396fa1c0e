import { randomUUID } from "node:crypto";
import { createCookieSessionStorage, redirect, type SessionStorage } from "react-router";
import { getConfig } from "~/config.server";

import type { BannerMessage } from "~/components/banner";

const FLASH_KEY = "banner" as const;

type FlashData = { [FLASH_KEY]: BannerMessage };

let storage: SessionStorage<Record<string, never>, FlashData> | undefined;

function sessionStorage() {
  const config = getConfig();
  storage ??= createCookieSessionStorage<Record<string, never>, FlashData>({
    cookie: {
      name: "__session",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      // The embedded default is served over plain http on *.localhost.
      secure: config.cookieSecure,
      secrets: [config.sessionSecret],
    },
  });
  return storage;
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
    headers: { "Set-Cookie": await sessionStorage().commitSession(session) },
  });
}

/** Reads (and consumes) the banner; `headers` is set only when there was one. */
export async function takeBanner(
  request: Request,
): Promise<{ banner: BannerMessage | null; headers?: HeadersInit }> {
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes("__session=")) return { banner: null };
  const session = await sessionStorage().getSession(cookie);
  const banner = session.get(FLASH_KEY) ?? null;
  if (!banner) return { banner: null };
  return {
    banner,
    headers: { "Set-Cookie": await sessionStorage().commitSession(session) },
  };
}
