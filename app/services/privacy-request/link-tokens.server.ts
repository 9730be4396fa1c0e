/**
 * The tokens in the links we mail (confirmation, reminder, answer, status,
 * question): 256 random bits, of which only the SHA-256 is stored, so a
 * copy of the database opens no link.
 */
import { createHash, randomBytes } from "node:crypto";

import type { Country } from "~/domain/country";
import { linkLanguage, type Locale } from "~/i18n/locale";
import { publicOrigin } from "~/utils/public-origin.server";

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

/**
 * The mailed link to a page of the person's request: on the request's own
 * site and in its language, whichever host (the back office's may be the
 * other country's) the step was taken on.
 */
export function personLink(request: { country: Country; locale: Locale }, path: `/${string}`, token: string): string {
  return `${publicOrigin(request.country, "")}/${linkLanguage(request.locale)}${path}?token=${token}`;
}
