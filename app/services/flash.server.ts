import { randomUUID } from "node:crypto";
import type { BannerMessage } from "~/utils/root-data";
import { redirectWithSession, takeFlash } from "./session.server";

export { hasSessionCookie } from "./session.server";

const FLASH_KEY = "banner";

const isBanner = (value: unknown): value is BannerMessage => typeof value === "object" && value !== null && "textKey" in value;

/** Redirects after a successful post, with a banner for the next page (post-redirect-get). */
export async function redirectWithBanner(
  request: Request,
  to: string,
  banner: Omit<BannerMessage, "id">,
): Promise<Response> {
  return redirectWithSession(request, "flash", to, (session) => session.flash(FLASH_KEY, { ...banner, id: randomUUID() } satisfies BannerMessage));
}

/** Reads (and consumes) the banner; `headers` is set only when there was one. */
export async function takeBanner(request: Request): Promise<{ banner: BannerMessage | null; headers?: HeadersInit }> {
  const { value, headers } = await takeFlash(request, "flash", FLASH_KEY, isBanner);
  return { banner: value, headers };
}
