/**
 * Liveness and readiness for the orchestrator (README "Architecture"):
 * answered before any host or body check, and left out of the request log
 * (server.ts), so probes neither need a site host nor fill the log.
 */
import express from "express";
import { isDatabaseReady } from "~/db/db.server";
import { getDb } from "~/db/instance.server";

export const health = express.Router();

/** The process is up. */
health.get("/healthz", (_req, res) => {
  res.type("text/plain").send("ok");
});

/** The database answers. */
health.get("/readyz", async (_req, res) => {
  const ready = await isDatabaseReady(await getDb());
  res.status(ready ? 200 : 503).type("text/plain").send(ready ? "ready" : "database unavailable");
});
