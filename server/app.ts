/**
 * The part of the server built by Vite (it shares modules with the routes):
 * what runs before the server listens and after it stops, and the order in
 * which a request meets the checks (health, request target, host, body) and
 * then the pages.
 * server.ts mounts `app` and calls `start` and `stop`.
 */
import express from "express";
import type { ServerBuild } from "react-router";

import { closeDb, getDatabaseHandle } from "~/db/instance.server";
import { seedRegisterOnFirstStart } from "~/services/campaign/register.server";
import { startMailWorker, stopMailWorker } from "~/services/mail/mailer.server";
import { registerOperationsGauges } from "~/services/operations-gauges.server";
import { buildFigureRollupsOnce } from "~/services/reports/rollup-rebuild.server";
import { startRetentionJob, stopRetentionJob } from "~/services/retention.server";
import { validateContent } from "~/services/site/content.server";
import { allDocuments } from "~/services/site/documents.server";
import { warmSearchIndexes } from "~/services/site/search.server";
import { startWebhooks, stopWebhooks } from "~/services/systems/webhooks.server";
import { getLogger } from "~/utils/logger.server";

import { limitBodySize } from "./body-limits";
import { health } from "./health";
import { rejectMalformedHost } from "./host-guard";
import { startReturningMemoryWhenIdle, stopReturningMemoryWhenIdle } from "./memory-after-load";
import { metricsEndpoint } from "./metrics-endpoint";
import { shedWhenOverloaded } from "./overload";
import { pageHandlerFor } from "./page-handler";
import { recordRequestMetrics } from "./request-metrics";
import { readRequestTarget } from "./request-target";
import { routeMatchers } from "./route-matchers";

export { refuseWhenOverloaded, watchArrivals } from "./overload";

const loadBuild = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;

/**
 * Runs before the server listens: the app's modules are loaded, content
 * and documents validated (a malformed file stops the start), the search
 * indexes built, the database opened and migrated (the daily figures
 * made from the rows on the first start that has them), and the mail
 * outbox worker started.
 */
export async function start(): Promise<void> {
  await loadBuild();
  validateContent();
  allDocuments();
  warmSearchIndexes();
  const { db, kind } = await getDatabaseHandle();
  // The embedded default comes with an invented ad register; PostgreSQL deployments import the real one.
  if (kind === "sqlite") await seedRegisterOnFirstStart(db);
  await buildFigureRollupsOnce(db);
  await startMailWorker();
  await startWebhooks();
  startRetentionJob(db, getLogger());
  registerOperationsGauges(db);
  startReturningMemoryWhenIdle();
}

/**
 * Graceful shutdown (server/graceful-shutdown.ts), in two steps: the
 * background work stops while the last requests finish; the database
 * closes after both.
 */
export async function stopBackgroundWork(): Promise<void> {
  stopRetentionJob();
  stopReturningMemoryWhenIdle();
  // Side by side: each has the same few seconds of grace, inside the shutdown's 10.
  await Promise.all([stopMailWorker(), stopWebhooks()]);
}

export const closeDatabase = closeDb;

export const app = express.Router();

/** The probes and the metrics alone, for PROBE_PORT (server.ts). */
export const probes = express.Router().use(health, metricsEndpoint);

const requestMetrics = new WeakMap<ServerBuild, express.RequestHandler>();

app.use(probes);
// After the probes and scrapes (not worth a series), before everything a visitor meets, a quick 503 included.
app.use(async (req, res, next) => {
  const build = await loadBuild();
  let record = requestMetrics.get(build);
  if (!record) requestMetrics.set(build, (record = recordRequestMetrics(routeMatchers(build))));
  record(req, res, next);
});
// Before any other work: a request shed under load costs next to nothing.
app.use(shedWhenOverloaded);
// Before the host guard: an absolute-form target names the host itself.
app.use(readRequestTarget);
app.use(rejectMalformedHost);
app.use(limitBodySize);
app.use(async (req, res, next) => {
  return pageHandlerFor(await loadBuild())(req, res, next);
});
