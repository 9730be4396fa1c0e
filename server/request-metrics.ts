/**
 * Every request's duration by route id (the leaf route React
 * Router matches; `none` when nothing does), method and status class;
 * page-cache hits and misses; and the render time of an HTML page that did
 * not come from the cache.
 */
import type express from "express";

import { metrics } from "~/utils/metrics.server";

import type { RouteMatchers } from "./route-matchers";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export function recordRequestMetrics(matchers: Pick<RouteMatchers, "routeIdsOf">): express.RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once("finish", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = matchers.routeIdsOf(req.path).at(-1) ?? "none";
      const measured = metrics();
      measured.httpDuration.observe(
        {
          route,
          method: METHODS.has(req.method) ? req.method : "OTHER",
          status_class: `${Math.floor(res.statusCode / 100)}xx`,
        },
        seconds,
      );
      const cache = res.getHeader("X-Cache");
      if (cache === "HIT" || cache === "MISS") measured.pageCache.inc({ result: cache === "HIT" ? "hit" : "miss" });
      if (cache !== "HIT" && /^text\/html/.test(String(res.getHeader("Content-Type") ?? "")))
        measured.renderDuration.observe({ route }, seconds);
    });
    next();
  };
}
