import { randomUUID } from "node:crypto";

import type { UploadOutcome } from "~/domain/request-file";
import type { BannerMessage } from "~/utils/root-data";

import { redirectWithSession, takeFlash } from "./session.server";

export { hasSessionCookie } from "./session.server";

const FLASH_KEY = "banner";
const UPLOAD_KEY = "answerUpload";

const isBanner = (value: unknown): value is BannerMessage =>
  typeof value === "object" && value !== null && "textKey" in value;
const isUploadOutcome = (value: unknown): value is UploadOutcome =>
  typeof value === "object" && value !== null && "refused" in value && Array.isArray(value.refused);

/** Redirects after a successful post, with a banner for the next page (post-redirect-get). */
export async function redirectWithBanner(
  request: Request,
  to: string,
  banner: Omit<BannerMessage, "id">,
): Promise<Response> {
  return redirectWithSession(request, "flash", to, (session) =>
    session.flash(FLASH_KEY, { ...banner, id: randomUUID() } satisfies BannerMessage),
  );
}

/** Reads (and consumes) the banner; `headers` is set only when there was one. */
export async function takeBanner(request: Request): Promise<{ banner: BannerMessage | null; headers?: HeadersInit }> {
  const { value, headers } = await takeFlash(request, "flash", FLASH_KEY, isBanner);
  return { banner: value, headers };
}

/**
 * Redirects after an upload with refused files: the refusals belong by the
 * file field, not in the page's banner, so they travel apart from
 * it and the request page's loader takes them.
 */
export async function redirectWithUploadOutcome(
  request: Request,
  to: string,
  outcome: UploadOutcome,
): Promise<Response> {
  // A cookie holds about 4 kB and a post up to eleven refusals of 150-character names: the start of each name tells the files apart.
  const refused = outcome.refused.map((refusal) => ({ ...refusal, name: shortName(refusal.name) }));
  return redirectWithSession(request, "flash", to, (session) =>
    session.flash(UPLOAD_KEY, { ...outcome, refused } satisfies UploadOutcome),
  );
}

const SHORT_NAME_CHARACTERS = 60;

function shortName(name: string): string {
  const characters = Array.from(name);
  return characters.length > SHORT_NAME_CHARACTERS
    ? `${characters.slice(0, SHORT_NAME_CHARACTERS - 1).join("")}…`
    : name;
}

/** Reads (and consumes) an upload's refusals; `headers` is set only when there were some. */
export async function takeUploadOutcome(
  request: Request,
): Promise<{ outcome: UploadOutcome | null; headers?: HeadersInit }> {
  const { value, headers } = await takeFlash(request, "flash", UPLOAD_KEY, isUploadOutcome);
  return { outcome: value, headers };
}
