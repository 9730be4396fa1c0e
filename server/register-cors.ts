/**
 * The political-ad register is open data (TTPA Art. 11-12
 * notices are public by law), so a journalist's notebook or a dashboard on
 * another site may read it from the browser. Its read-only calls, and the
 * OpenAPI document that describes them, answer any origin:
 *
 * - every GET and HEAD answer (errors included, so a page can read why)
 *   carries `Access-Control-Allow-Origin: *` and never
 *   `Access-Control-Allow-Credentials`: a browser sends no cookie with such a
 *   read and refuses one made `credentials: "include"`, so nothing a visitor
 *   is signed in to can leak. The answer is the same for every origin, so a
 *   cache needs no `Vary: Origin`;
 * - `Access-Control-Expose-Headers` lets the page read the ETag (for its own
 *   If-None-Match), the download's file name and Retry-After;
 * - `Cross-Origin-Resource-Policy: cross-origin` instead of helmet's
 *   `same-origin` (server.ts), which would stop another site's no-cors
 *   load (a page isolated with COEP, a prefetch) though CORS allows it;
 * - an OPTIONS preflight (a page that sends If-None-Match itself) gets 204
 *   with the methods and the one request header a client needs.
 *
 * Every other route (pages, submissions, staff) gets none of this: a
 * submission stays same-origin (server/cross-site-calls.ts). The route
 * decides, not the path's spelling (server/route-matchers.ts).
 */
import type express from "express";

import type { RouteMatchers } from "./route-matchers";

/** The register's read calls, this document and the public privacy figures (ids of app/routes.ts). */
const OPEN_READ_ROUTE_IDS = new Set([
  "api-campaign-items",
  "api-campaign-items-export",
  "api-campaign-item",
  "api-openapi",
  "api-privacy-figures",
]);

const ANY_ORIGIN_READ = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "ETag, Content-Disposition, Retry-After",
  "Cross-Origin-Resource-Policy": "cross-origin",
};

const PREFLIGHT = {
  ...ANY_ORIGIN_READ,
  "Access-Control-Allow-Methods": "GET, HEAD",
  "Access-Control-Allow-Headers": "If-None-Match",
  // Chromium's ceiling: two hours without asking again.
  "Access-Control-Max-Age": "7200",
  Allow: "GET, HEAD, OPTIONS",
};

/**
 * For a read of an open call: sets the CORS headers and lets it go on; for
 * its OPTIONS: answers the preflight (204) and says it did.
 */
export function answeredOpenRead(req: express.Request, res: express.Response, { routeIdsOf }: RouteMatchers): boolean {
  if (req.method !== "GET" && req.method !== "HEAD" && req.method !== "OPTIONS") return false;
  const route = routeIdsOf(req.path).at(-1);
  if (route === undefined || !OPEN_READ_ROUTE_IDS.has(route)) return false;
  if (req.method !== "OPTIONS") {
    res.set(ANY_ORIGIN_READ);
    return false;
  }
  res.status(204).set(PREFLIGHT).end();
  return true;
}
