import { createHash, timingSafeEqual } from "node:crypto";

import { getConfig } from "~/config.server";
import { getDb } from "~/db/instance.server";
import { parseCountry } from "~/domain/country";
import { invalidParameter, unavailableForAMinute } from "~/http/json-call.server";
import { decodeCursor, FEED_PAGE_SIZE, suppressionsSince } from "~/services/privacy-request/suppressions.server";
import { jsonError, NO_STORE } from "~/utils/json-error";
import { getLogger } from "~/utils/logger.server";

import type { Route } from "./+types/internal.suppressions";

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Compared in constant time (hashes of equal length), against every configured token. */
function knownToken(request: Request): boolean {
  const match = /^Bearer ([\x21-\x7e]+)$/.exec(request.headers.get("Authorization") ?? "");
  if (!match) return false;
  const given = digest(match[1]);
  let found = false;
  for (const token of getConfig().SUPPRESSION_API_TOKENS) found = timingSafeEqual(given, digest(token)) || found;
  return found;
}

/**
 * `GET /api/internal/suppressions?since=ISO-TIME&country=NL|BE&cursor=&limit=`:
 * the suppressions created after `since`, oldest first, a page at a time
 * (`nextCursor` until the last page). For the marketing systems, with a
 * bearer token from SUPPRESSION_API_TOKENS.
 */
export async function loader({ request }: Route.LoaderArgs) {
  if (!knownToken(request)) {
    return jsonError(401, "UNAUTHORIZED", {
      message: "A valid bearer token is required.",
      headers: { ...NO_STORE, "WWW-Authenticate": 'Bearer realm="suppressions"' },
    });
  }
  const params = new URL(request.url).searchParams;
  const since = params.get("since") ?? undefined;
  if (since !== undefined && Number.isNaN(Date.parse(since)))
    return invalidParameter("since", "'since' must be an ISO 8601 time, e.g. 2026-11-01T00:00:00Z.");
  const country = parseCountry(params.get("country"));
  if (params.has("country") && !country) return invalidParameter("country", "'country' must be NL or BE.");
  const cursorParam = params.get("cursor");
  const cursor = cursorParam ? decodeCursor(cursorParam) : null;
  if (cursorParam && !cursor) return invalidParameter("cursor", "'cursor' must be a nextCursor from a previous page.");
  const limit = Number(params.get("limit") ?? FEED_PAGE_SIZE.default);
  if (!Number.isInteger(limit) || limit < 1 || limit > FEED_PAGE_SIZE.max)
    return invalidParameter("limit", `'limit' must be a whole number from 1 to ${FEED_PAGE_SIZE.max}.`);
  try {
    const page = await suppressionsSince(await getDb(), {
      since: since === undefined ? undefined : new Date(since).toISOString(),
      country,
      cursor,
      limit,
    });
    return Response.json({ suppressions: page.items, nextCursor: page.nextCursor }, { headers: NO_STORE });
  } catch (error) {
    getLogger().error({ err: error }, "suppression feed could not be read");
    return unavailableForAMinute("Try again in a minute.");
  }
}
