/**
 * Liveness and readiness for the orchestrator (docs/how-it-works.md):
 * answered before any host or body check and before load shedding, and left
 * out of the request log (server.ts), so probes neither need a site host nor
 * fill the log, and the process's liveness is never mistaken for overload.
 */
import express from "express";

import { getDb } from "~/db/instance.server";
import { writeProbe } from "~/db/write-probe.server";

import { databaseWriteReadiness, type ReadinessCheck } from "./database-readiness";
import { overloadGuard } from "./overload";

/**
 * The probes, with where they learn whether requests are being shed (the
 * process's guard, or a test's) and whether the database takes writes (the
 * process's database, or a test's).
 */
export function healthRoutes(
  isShedding: () => boolean = () => overloadGuard().isShedding(),
  databaseTakesWrites: ReadinessCheck = databaseWriteReadiness(async () => writeProbe(await getDb())),
): express.Router {
  const health = express.Router();

  /** The process is up. */
  health.get("/healthz", (_req, res) => {
    res.type("text/plain").send("ok");
  });

  /** Not shedding load (docs/overload.md) and the database takes a write (a form could be stored). */
  health.get("/readyz", async (_req, res) => {
    if (isShedding()) {
      res.status(503).type("text/plain").send("overloaded");
      return;
    }
    const ready = await databaseTakesWrites();
    res
      .status(ready ? 200 : 503)
      .type("text/plain")
      .send(ready ? "ready" : "database unavailable");
  });

  return health;
}

export const health = healthRoutes();
