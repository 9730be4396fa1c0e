/**
 * The load-shedding tests' harness (server/overload*.test.ts): the guard of
 * server/overload.ts on a real Express app and socket, in the order of
 * server/app.ts. The event-loop delay is injected and sampled on fake
 * interval timers, so a test says exactly what the loop measured; a request
 * says how long it had waited by its `X-Waited` header.
 */
import http from "node:http";
import type net from "node:net";

import express from "express";
import { afterEach, beforeEach, expect, vi } from "vitest";

import { healthRoutes } from "../../server/health";
import { createOverloadGuard, type OverloadGuard } from "../../server/overload";
import { request } from "./spawn-server";

const SAMPLE_MS = 500;

export type Harness = {
  port: number;
  guard: OverloadGuard;
  /** What the next sample of the event-loop delay measures. */
  setDelay: (ms: number) => void;
  /** Runs the queue-time window once (0.1 s). */
  window: () => void;
  /** Requests that reached Express (not refused before it). */
  reachedExpress: () => number;
  /** Runs the sampling timer once. */
  sample: () => void;
  /** Responses of /nl/held, kept open until `releaseHeld`. */
  held: express.Response[];
  releaseHeld: () => void;
  warnings: string[];
  close: () => Promise<void>;
};

const WINDOW_MS = 100;

/**
 * A harness per test of the describe block it is called in, closed after the
 * test. With `sampledByHand` (the default) intervals are fake, so the test
 * drives the event-loop sampler itself.
 */
export function harnessPerTest({ sampledByHand = true } = {}) {
  let current: Harness | undefined;
  if (sampledByHand) beforeEach(() => void vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] }));
  afterEach(async () => {
    await current?.close();
    current = undefined;
    if (sampledByHand) vi.useRealTimers();
  });
  return async (settings?: Parameters<typeof startHarness>[0]) => (current = await startHarness(settings));
}

async function startHarness(
  settings: {
    maxEventLoopDelayMs?: number;
    maxInFlight?: number;
    maxQueueMs?: number;
    maxDatabaseWaiting?: number;
    databaseWaiting?: () => number;
    random?: () => number;
  } = {},
): Promise<Harness> {
  let delay = 0;
  let reachedExpress = 0;
  const warnings: string[] = [];
  const guard = createOverloadGuard({
    maxEventLoopDelayMs: settings.maxEventLoopDelayMs ?? 200,
    maxInFlight: settings.maxInFlight ?? 0,
    maxQueueMs: settings.maxQueueMs ?? 0,
    maxDatabaseWaiting: settings.maxDatabaseWaiting,
    databaseWaiting: settings.databaseWaiting,
    retryAfterSeconds: 5,
    measureDelay: () => delay,
    sampleIntervalMs: SAMPLE_MS,
    queueWindowMs: WINDOW_MS,
    random: settings.random,
    // What a request had waited when it came: its `X-Waited` header (ms), else nothing.
    arrivedAt: (req) =>
      (arrivals.get(req) ?? arrivals.set(req, performance.now() - Number(req.headers["x-waited"] ?? 0)).get(req))!,
    logger: { warn: (_details, message) => warnings.push(message) },
  });
  const arrivals = new WeakMap<object, number>();
  const held: express.Response[] = [];
  const app = express();
  app.use((_req, _res, next) => {
    reachedExpress += 1;
    next();
  });
  // The order of server/app.ts: the probes, then the guard, then the pages.
  app.use(healthRoutes(guard.isShedding));
  // Past the first check, the loop held up (by others' work) before this request's turn.
  app.use("/nl/held-up", (_req, _res, next) => {
    blockFor(150);
    next();
  });
  app.use(guard.shed);
  app.get("/nl/held", (_req, res) => void held.push(res));
  // Work that does not give the event loop back, as a request on the embedded database does.
  app.get("/nl/work", (_req, res) => {
    const until = performance.now() + 10;
    while (performance.now() < until) {
      // busy
    }
    res.type("text/plain").send("worked");
  });
  app.get("/{*path}", (_req, res) => void res.type("text/plain").send("page"));
  // As server.ts has it: the guard's early answer, then Express.
  const server = http.createServer((req, res) => {
    if (!guard.refuseEarly(req, res)) app(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    guard,
    setDelay: (ms) => (delay = ms),
    window: () => vi.advanceTimersByTime(WINDOW_MS),
    reachedExpress: () => reachedExpress,
    sample: () => vi.advanceTimersByTime(SAMPLE_MS),
    held,
    releaseHeld: () => held.splice(0).forEach((res) => res.end("done")),
    warnings,
    close: async () => {
      guard.stop();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export const get = (harness: Harness, path: string, waitedMs = 0) =>
  request(harness.port, { path, headers: { "X-Waited": String(waitedMs) } });

/** Synchronous work: the event loop does nothing else meanwhile. */
function blockFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
}

/** Sends a request that the app holds open, and resolves once the app has it. */
export async function holdOne(harness: Harness): Promise<http.ClientRequest> {
  const before = harness.held.length;
  const outgoing = http.get({
    host: "127.0.0.1",
    port: harness.port,
    path: "/nl/held",
    headers: { Host: "nl.localhost" },
  });
  outgoing.on("error", () => {});
  await vi.waitFor(() => expect(harness.held.length).toBe(before + 1));
  return outgoing;
}
