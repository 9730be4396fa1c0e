/**
 * Load shedding (server/overload.ts) and the readiness probe that
 * reports it (server/health.ts), on a real Express app and socket. The
 * event-loop delay is injected and sampled on fake interval timers, so a test
 * says exactly what the loop measured; the real sampler is tested on its own.
 */
import http from "node:http";
import type net from "node:net";
import express from "express";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { healthRoutes } from "./health";
import { eventLoopDelaySampler } from "./event-loop";
import { createOverloadGuard, type OverloadGuard } from "./overload";
import { useTestDatabase } from "../tests/setup/unit-database";
import { useTestConfig, useTestDatabaseAsProcessDatabase } from "../tests/setup/unit-process";
import { request } from "../tests/setup/spawn-server";

const SAMPLE_MS = 500;

type Harness = {
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
    arrivedAt: (req) => (arrivals.get(req) ?? arrivals.set(req, performance.now() - Number(req.headers["x-waited"] ?? 0)).get(req))!,
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

const get = (harness: Harness, path: string, waitedMs = 0) => request(harness.port, { path, headers: { "X-Waited": String(waitedMs) } });

/** Synchronous work: the event loop does nothing else meanwhile. */
function blockFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
}

/** Sends a request that the app holds open, and resolves once the app has it. */
async function holdOne(harness: Harness): Promise<http.ClientRequest> {
  const before = harness.held.length;
  const outgoing = http.get({ host: "127.0.0.1", port: harness.port, path: "/nl/held", headers: { Host: "nl.localhost" } });
  outgoing.on("error", () => {});
  await vi.waitFor(() => expect(harness.held.length).toBe(before + 1));
  return outgoing;
}

describe("load shedding", () => {
  let harness: Harness | undefined;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
  });
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
    vi.useRealTimers();
  });

  it("sheds a new request while the measured event-loop delay is over the threshold, not while it is under", async () => {
    harness = await startHarness({ maxEventLoopDelayMs: 200 });
    harness.setDelay(150);
    harness.sample();
    expect((await get(harness, "/nl/about")).status).toBe(200);

    harness.setDelay(250);
    harness.sample();
    // One late sample is a stall (a cold start, a GC pause), not overload.
    expect((await get(harness, "/nl/about")).status).toBe(200);
    harness.sample();
    const shed = await get(harness, "/nl/about");
    expect(shed.status).toBe(503);
    expect(shed.headers["retry-after"]).toBe("5");
    expect(shed.headers["cache-control"]).toBe("no-store");
    // In the page's language, with when to try again and a way back.
    expect(shed.headers["content-type"]).toMatch(/^text\/html/);
    expect(shed.body).toContain('<html lang="nl-NL">');
    expect(shed.body).toContain("<h1>Het is even te druk</h1>");
    expect(shed.body).toContain("Probeer het over 5 seconden opnieuw.");
    expect(shed.body).toContain('<a href="/nl/about">Opnieuw proberen</a>');
    expect(shed.body).toContain('<a href="/nl">Naar de startpagina</a>');
    const french = await request(harness.port, { path: "/fr/about?x=<b>", host: "be.localhost" });
    expect(french.status).toBe(503);
    expect(french.body).toContain('<html lang="fr-BE">');
    expect(french.body).toContain("Réessayez dans 5 secondes.");
    // The address as sent, escaped: nothing of it becomes markup.
    expect(french.body).toContain('<a href="/fr/about?x=&#60;b&#62;">Réessayer</a>');

    const call = await get(harness, "/api/campaign-items");
    expect(call.status).toBe(503);
    expect(call.headers["retry-after"]).toBe("5");
    expect(JSON.parse(call.body)).toEqual({ error: "UNAVAILABLE", message: "The server is busy. Please try again in 5 seconds." });

    harness.setDelay(20);
    harness.sample();
    expect((await get(harness, "/nl/about")).status).toBe(200);
  });

  it("ignores the event loop when its threshold is 0", async () => {
    harness = await startHarness({ maxEventLoopDelayMs: 0 });
    harness.setDelay(10_000);
    harness.sample();
    harness.sample();
    expect((await get(harness, "/nl/about")).status).toBe(200);
    expect(harness.guard.isShedding()).toBe(false);
  });

  it("caps the requests in progress: at the cap a new one is shed, below it accepted again", async () => {
    harness = await startHarness({ maxInFlight: 2 });
    await holdOne(harness);
    await holdOne(harness);
    expect(harness.guard.inFlight()).toBe(2);
    const shed = await get(harness, "/nl/about");
    expect(shed.status).toBe(503);
    expect(shed.headers["retry-after"]).toBe("5");

    harness.releaseHeld();
    await vi.waitFor(() => expect(harness!.guard.inFlight()).toBe(0));
    expect((await get(harness, "/nl/about")).status).toBe(200);
  });

  it("sheds a new request while queries queue for a database connection, not once the queue is short again", async () => {
    let waiting = 25;
    harness = await startHarness({ maxDatabaseWaiting: 20, databaseWaiting: () => waiting });
    const shed = await get(harness, "/nl/about");
    expect([shed.status, shed.headers["retry-after"]]).toEqual([503, "5"]);
    waiting = 3;
    expect((await get(harness, "/nl/about")).status).toBe(200);
  });

  it("always answers /healthz, even while shedding", async () => {
    harness = await startHarness({ maxEventLoopDelayMs: 200, maxInFlight: 1 });
    await holdOne(harness);
    harness.setDelay(5000);
    harness.sample();
    harness.sample();
    expect((await get(harness, "/nl/about")).status).toBe(503);
    const live = await get(harness, "/healthz");
    expect([live.status, live.body]).toEqual([200, "ok"]);
  });

  it("counts a request out exactly once, whether it finished or the client went away", async () => {
    harness = await startHarness({ maxInFlight: 10 });
    for (let i = 0; i < 3; i++) expect((await get(harness, "/nl/about")).status).toBe(200);
    expect(harness.guard.inFlight()).toBe(0);

    const aborted = [await holdOne(harness), await holdOne(harness), await holdOne(harness)];
    expect(harness.guard.inFlight()).toBe(3);
    for (const outgoing of aborted) outgoing.destroy();
    await vi.waitFor(() => expect(harness!.guard.inFlight()).toBe(0));
    // The app answering after the client left ('finish' does not follow 'close') changes nothing.
    harness.releaseHeld();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(harness.guard.inFlight()).toBe(0);
  });

  it("warns when shedding starts and when it stops (after 2 s without a reason), not for every shed request", async () => {
    harness = await startHarness({ maxEventLoopDelayMs: 200 });
    harness.setDelay(300);
    harness.sample();
    harness.sample();
    for (let i = 0; i < 5; i++) expect((await get(harness, "/nl/about")).status).toBe(503);
    harness.sample();
    harness.setDelay(0);
    for (let i = 0; i < 3; i++) harness.sample();
    expect(harness.guard.isShedding()).toBe(true);
    harness.sample();
    expect(harness.guard.isShedding()).toBe(false);
    expect(harness.warnings).toEqual(["overloaded: shedding new requests", "no longer overloaded: accepting requests again"]);
  });

  it("refuses a request that has already waited longer than the budget, before Express and without its work; one that has not is served", async () => {
    harness = await startHarness({ maxQueueMs: 100 });
    const before = harness.reachedExpress();
    const late = await get(harness, "/nl/about", 150);
    expect([late.status, late.headers["retry-after"], late.headers["cache-control"]]).toEqual([503, "5", "no-store"]);
    expect(late.body).toContain("Probeer het over 5 seconden opnieuw.");
    expect(harness.reachedExpress()).toBe(before);
    expect(harness.guard.isShedding()).toBe(true);
    expect((await get(harness, "/nl/about", 50)).status).toBe(200);
    // The probes are never refused.
    expect((await get(harness, "/healthz", 150)).status).toBe(200);
  });

  it("refuses a request whose turn comes after the budget, without doing its work", async () => {
    harness = await startHarness({ maxQueueMs: 100 });
    const late = await get(harness, "/nl/held-up/page");
    expect([late.status, late.headers["retry-after"]]).toEqual([503, "5"]);
    expect(late.body).toContain("Het is even te druk");
  });

  it("refuses a growing share of new requests at once while every request let in has waited more than four fifths of the budget, not in a burst, and lets them in again once the queue drains", async () => {
    let dice = 0.95;
    harness = await startHarness({ maxQueueMs: 500, random: () => dice });
    // A burst: most waited, one got in at once. Not a queue that stands.
    await Promise.all([get(harness, "/nl/about", 450), get(harness, "/nl/about", 450), get(harness, "/nl/about", 10)]);
    harness.window();
    expect((await get(harness, "/nl/about", 450)).status).toBe(200);
    // Window after window every request waited 450 ms of the 500: a tenth more refused per window.
    for (let window = 1; window <= 9; window++) {
      harness.window();
      expect((await get(harness, "/nl/about", 450)).status, `after ${window} windows`).toBe(200);
    }
    harness.window();
    const before = harness.reachedExpress();
    const refused = await Promise.all(Array.from({ length: 5 }, () => get(harness!, "/nl/about")));
    expect(refused.map((answer) => answer.status)).toEqual(Array(5).fill(503));
    expect(refused[0].headers["retry-after"]).toBe("5");
    expect(harness.reachedExpress()).toBe(before);
    expect(harness.guard.isShedding()).toBe(true);

    // Nothing let in: nothing stands in the queue, the share falls a tenth per window.
    harness.window();
    dice = 0.5;
    expect((await get(harness, "/nl/about")).status).toBe(503);
    for (let window = 0; window < 5; window++) harness.window();
    expect((await get(harness, "/nl/about")).status).toBe(200);
    for (let window = 0; window < 4; window++) harness.window();
    dice = 0;
    expect((await get(harness, "/nl/about")).status).toBe(200);
    for (let window = 0; window < 30; window++) harness.window();
    expect(harness.guard.isShedding()).toBe(false);
  });

  it("never refuses for a request's wait when the budget is 0", async () => {
    harness = await startHarness({ maxQueueMs: 0 });
    expect((await get(harness, "/nl/about", 60_000)).status).toBe(200);
    expect((await get(harness, "/nl/held-up/page")).status).toBe(200);
  });
});

describe("letting requests in a few per turn", () => {
  let harness: Harness | undefined;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  it("answers /healthz sent after a burst of work before most of the burst, instead of after all of it", async () => {
    harness = await startHarness();
    const port = harness.port;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 41 });
    const fetchVia = (path: string) =>
      new Promise<string>((resolve, reject) => {
        http
          .get({ host: "127.0.0.1", port, path, agent, headers: { Host: "nl.localhost" } }, (res) => {
            res.resume();
            res.on("end", () => resolve(path));
          })
          .on("error", reject);
      });
    try {
      // Connections already open, as behind a proxy: a burst arrives in one read of the sockets.
      await Promise.all(Array.from({ length: 41 }, () => fetchVia("/nl/about")));
      const finished: string[] = [];
      const burst = Array.from({ length: 40 }, () => fetchVia("/nl/work").then((path) => finished.push(path)));
      await new Promise((resolve) => setTimeout(resolve, 20));
      const probe = fetchVia("/healthz").then((path) => finished.push(path));
      await Promise.all([...burst, probe]);
      expect(finished.indexOf("/healthz"), "burst requests answered before the probe").toBeLessThan(20);
    } finally {
      agent.destroy();
    }
  });
});

describe("readiness while shedding", () => {
  const database = useTestDatabase();
  useTestConfig();
  useTestDatabaseAsProcessDatabase(database);
  let harness: Harness | undefined;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
  });
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
    vi.useRealTimers();
  });

  it("answers /readyz 503 'overloaded' while shedding, and 'ready' once the samples of 2 s find the load gone", async () => {
    harness = await startHarness({ maxEventLoopDelayMs: 200 });
    expect((await get(harness, "/readyz")).body).toBe("ready");
    harness.setDelay(400);
    harness.sample();
    harness.sample();
    const busy = await get(harness, "/readyz");
    expect([busy.status, busy.body]).toEqual([503, "overloaded"]);
    harness.setDelay(0);
    for (let i = 0; i < 3; i++) harness.sample();
    expect((await get(harness, "/readyz")).body).toBe("overloaded");
    harness.sample();
    const ready = await get(harness, "/readyz");
    expect([ready.status, ready.body]).toEqual([200, "ready"]);
  });
});

describe("event-loop delay sampler", () => {
  it("measures a loop blocked by synchronous work, and next to nothing once it is free", async () => {
    const measure = eventLoopDelaySampler();
    await new Promise((resolve) => setTimeout(resolve, 50));
    measure();
    // The histogram starts timing again at its first tick after a reset.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const blockedUntil = Date.now() + 300;
    while (Date.now() < blockedUntil) {
      // Synchronous work, as a burst of page renders would do.
    }
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(measure()).toBeGreaterThan(50);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(measure()).toBeLessThan(20);
  });
});
