import { randomUUID } from "node:crypto";
import { redirect } from "react-router";
import type { BannerMessage } from "~/utils/root-data";
import { commitSession, hasPurposeCookie, readSession } from "./session.server";

export { hasSessionCookie } from "./session.server";

const FLASH_KEY = "banner";

/** Redirects after a successful post, with a banner for the next page (post-redirect-get). */
export async function redirectWithBanner(
  request: Request,
  to: string,
  banner: Omit<BannerMessage, "id">,
): Promise<Response> {
  const session = await readSession(request, "flash");
  session.flash(FLASH_KEY, { ...banner, id: randomUUID() } satisfies BannerMessage);
  return redirect(to, { headers: { "Set-Cookie": await commitSession(request, "flash", session) } });
}

/** Reads (and consumes) the banner; `headers` is set only when there was one. */
export async function takeBanner(request: Request): Promise<{ banner: BannerMessage | null; headers?: HeadersInit }> {
  if (!hasPurposeCookie(request, "flash")) return { banner: null };
  const session = await readSession(request, "flash");
  const banner = (session.get(FLASH_KEY) as BannerMessage | undefined) ?? null;
  if (!banner) return { banner: null };
  return { banner, headers: { "Set-Cookie": await commitSession(request, "flash", session) } };
}
