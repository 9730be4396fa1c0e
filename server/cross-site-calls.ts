/**
 * React Router refuses a page's action posted from
 * another origin, but runs a call's action (a route without a page: the JSON
 * calls under /api, sign-out) whatever the Origin. The staff call acts with
 * the staff member's cookie, so another site must not be able to make a
 * browser send it. One rule, for every state-changing call, whatever its
 * path's spelling (the route decides, server/route-matchers.ts):
 *
 * - an `Origin` header, when present, must be this request's own origin
 *   (as React Router compares them for pages; `null` is another origin);
 * - a `Sec-Fetch-Site` header, when present, must be `same-origin` or `none`.
 *
 * A client that is not a browser sends neither, with or without a cookie, and
 * is served as before: the public calls are used by other programs (spec 7).
 * A browser page of another site cannot post to them either way: a JSON post
 * needs a CORS preflight, and these calls answer none (only the register's
 * read-only calls allow other origins, and only GET and HEAD:
 * server/register-cors.ts), so the browser never sends it; the simple
 * requests it may send without asking (a form post, text/plain) are the
 * ones refused here. Opening submissions to other sites would let any page
 * file complaints or privacy requests in a visitor's name from their browser.
 */
import type express from "express";

import { jsonErrorBody, NO_STORE } from "~/utils/json-error";

import type { RouteMatchers } from "./route-matchers";
import { requestOrigin } from "./web-adapter";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const OWN_SITE_FETCHES = new Set(["same-origin", "none"]);

/** Why a request comes from another site, or null when nothing says so. */
function crossSiteReason(req: express.Request): string | null {
  const origin = req.get("Origin");
  if (origin !== undefined) {
    let sender: string | null = null;
    try {
      sender = new URL(origin).origin;
    } catch {
      // Not an origin: refused below.
    }
    if (sender !== requestOrigin(req)) return "cross-origin call refused";
  }
  const fetchSite = req.get("Sec-Fetch-Site");
  if (fetchSite !== undefined && !OWN_SITE_FETCHES.has(fetchSite.toLowerCase())) return "cross-site call refused";
  return null;
}

/** Answers 403 to a state-changing call another site's page sent, and says whether it did. */
export function refusedCrossSiteCall(
  req: express.Request,
  res: express.Response,
  { submitsToCall }: RouteMatchers,
): boolean {
  if (!STATE_CHANGING.has(req.method) || !submitsToCall(new URL(req.originalUrl, "http://host"))) return false;
  const reason = crossSiteReason(req);
  if (!reason) return false;
  res.locals.logReason = reason;
  res
    .status(403)
    .set(NO_STORE)
    .json(jsonErrorBody("CROSS_ORIGIN", { message: "This call is only accepted from the site's own pages." }));
  return true;
}
