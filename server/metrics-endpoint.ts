/**
 * `GET /metrics` for Prometheus, never public. It answers only
 * with `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time);
 * without a token configured the path does not exist (404). It sits beside
 * the probes, before the host guard and the overload gate, so a scraper
 * that knows the server by its address is answered, also under load.
 */
import { createHash, timingSafeEqual } from "node:crypto";

import type express from "express";

import { getConfig } from "~/config.server";
import { metrics } from "~/utils/metrics.server";

const digest = (value: string) => createHash("sha256").update(value).digest();

export const metricsEndpoint: express.RequestHandler = (req, res, next) => {
  const token = getConfig().METRICS_TOKEN;
  if (req.path !== "/metrics" || !token || (req.method !== "GET" && req.method !== "HEAD")) return next();
  res.set("Cache-Control", "no-store");
  const given = /^Bearer\s+(\S+)$/i.exec(req.get("Authorization") ?? "")?.[1] ?? "";
  if (!timingSafeEqual(digest(given), digest(token))) {
    res
      .status(401)
      .set("WWW-Authenticate", 'Bearer realm="metrics"')
      .type("text/plain")
      .send("The metrics need the operators' bearer token.\n");
    return;
  }
  const { registry } = metrics();
  registry.metrics().then(
    (text) => res.type(registry.contentType).send(text),
    (error: unknown) => next(error),
  );
};
