import { createContext, type MiddlewareFunction } from "react-router";

import { getConfig } from "~/config.server";
import { hasSessionCookie } from "~/http/flash.server";
import { isPublicPath } from "~/utils/public-path";

export const PERSONAL = "private, no-store";

/**
 * Whether the request is in the staff area, decided by the server from the
 * route the path matches (server/route-matchers.ts): null when no
 * server said (then the path's spelling alone decides).
 */
export const staffAreaContext = createContext<boolean | null>(null);

/**
 * An anonymous page is the same for everyone: a CDN or reverse
 * proxy may keep it for PAGE_CACHE_SECONDS and serve it a while longer while
 * it fetches a fresh one; browsers revalidate it every time (max-age=0, a
 * 304 when unchanged). A 404 is kept as briefly (crawlers ask for gone pages
 * in bursts); other answers (an error) are not.
 */
function anonymousPageCacheControl(status: number): string {
  const seconds = getConfig().PAGE_CACHE_SECONDS;
  if (![200, 404].includes(status) || seconds === 0) return "no-cache";
  return `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=${seconds * 5}`;
}

/**
 * Caching rules for every page and call: a response that answers a
 * post, sets the session cookie or was made with it (a flash banner) is
 * personal and never stored; other pages are public for a short while
 * and vary with the cookie. A route that sets its own Cache-Control (the
 * plain-HTML API with its ETag) keeps it, and a content-addressed file
 * (`immutable`) keeps it even when a cookie came along; staff pages and calls are never
 * stored. `staffArea`: the server's verdict from the matched route; any
 * spelling of the staff segment counts as well (a 404 for
 * `/nl/Internal-Privacy-Rights/login` is not kept either).
 */
export function cacheHeaders(
  request: Request,
  response: Response,
  staffArea: boolean | null = null,
): Array<[string, string]> {
  // Staff pages are never stored and never indexed, whoever asks.
  if (staffArea === true || !isPublicPath(new URL(request.url).pathname)) {
    return [
      ["Cache-Control", PERSONAL],
      ["Vary", "Cookie"],
      ["X-Robots-Tag", "noindex, nofollow"],
    ];
  }
  // A file named by its content (a locale's texts) is the same for everyone, cookie or not.
  if (/\bimmutable\b/.test(response.headers.get("Cache-Control") ?? "")) return [];
  const personal =
    !["GET", "HEAD"].includes(request.method) || response.headers.has("Set-Cookie") || hasSessionCookie(request);
  if (personal)
    return [
      ["Cache-Control", PERSONAL],
      ["Vary", "Cookie"],
    ];
  if (response.headers.has("Cache-Control")) return [];
  return [
    ["Cache-Control", anonymousPageCacheControl(response.status)],
    ["Vary", "Cookie"],
  ];
}

export const cacheControlMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const response = await next();
  for (const [name, value] of cacheHeaders(request, response, context.get(staffAreaContext))) {
    if (name === "Vary") {
      const vary = response.headers.get("Vary");
      if (
        !vary
          ?.toLowerCase()
          .split(/\s*,\s*/)
          .includes("cookie")
      ) {
        response.headers.set("Vary", vary ? `${vary}, ${value}` : value);
      }
    } else {
      response.headers.set(name, value);
    }
  }
  return response;
};
