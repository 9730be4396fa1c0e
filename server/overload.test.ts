/**
 * Load shedding (server/overload.ts) and the readiness probe that
 * reports it (server/health.ts), on a real Express app and socket
 * (tests/setup/overload-harness.ts): by the event loop's delay, the requests
 * in progress and the database's queue; the real sampler is tested on its
 * own. Shedding by the time a request waited: overload-queue-time.test.ts.
 */
import { describe, expect, it, vi } from "vitest";

import { get, harnessPerTest, holdOne } from "../tests/setup/overload-harness";
import { request } from "../tests/setup/spawn-server";
import { useTestDatabase } from "../tests/setup/unit-database";
import { useTestConfig, useTestDatabaseAsProcessDatabase } from "../tests/setup/unit-process";
import { eventLoopDelaySampler } from "./event-loop";

describe("load shedding", () => {
  const startHarness = harnessPerTest();

  it("sheds a new request while the measured event-loop delay is over the threshold, not while it is under", async () => {
    const harness = await startHarness({ maxEventLoopDelayMs: 200 });
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
    expect(JSON.parse(call.body)).toEqual({
      error: "UNAVAILABLE",
      message: "The server is busy. Please try again in 5 seconds.",
    });

    harness.setDelay(20);
    harness.sample();
    expect((await get(harness, "/nl/about")).status).toBe(200);
  });

  it("ignores the event loop when its threshold is 0", async () => {
    const harness = await startHarness({ maxEventLoopDelayMs: 0 });
    harness.setDelay(10_000);
    harness.sample();
    harness.sample();
    expect((await get(harness, "/nl/about")).status).toBe(200);
    expect(harness.guard.isShedding()).toBe(false);
  });

  it("caps the requests in progress: at the cap a new one is shed, below it accepted again", async () => {
    const harness = await startHarness({ maxInFlight: 2 });
    await holdOne(harness);
    await holdOne(harness);
    expect(harness.guard.inFlight()).toBe(2);
    const shed = await get(harness, "/nl/about");
    expect(shed.status).toBe(503);
    expect(shed.headers["retry-after"]).toBe("5");

    harness.releaseHeld();
    await vi.waitFor(() => expect(harness.guard.inFlight()).toBe(0));
    expect((await get(harness, "/nl/about")).status).toBe(200);
  });

  it("sheds a new request while queries queue for a database connection, not once the queue is short again", async () => {
    let waiting = 25;
    const harness = await startHarness({ maxDatabaseWaiting: 20, databaseWaiting: () => waiting });
    const shed = await get(harness, "/nl/about");
    expect([shed.status, shed.headers["retry-after"]]).toEqual([503, "5"]);
    waiting = 3;
    expect((await get(harness, "/nl/about")).status).toBe(200);
  });

  it("always answers /healthz, even while shedding", async () => {
    const harness = await startHarness({ maxEventLoopDelayMs: 200, maxInFlight: 1 });
    await holdOne(harness);
    harness.setDelay(5000);
    harness.sample();
    harness.sample();
    expect((await get(harness, "/nl/about")).status).toBe(503);
    const live = await get(harness, "/healthz");
    expect([live.status, live.body]).toEqual([200, "ok"]);
  });

  it("counts a request out exactly once, whether it finished or the client went away", async () => {
    const harness = await startHarness({ maxInFlight: 10 });
    for (let i = 0; i < 3; i++) expect((await get(harness, "/nl/about")).status).toBe(200);
    expect(harness.guard.inFlight()).toBe(0);

    const aborted = [await holdOne(harness), await holdOne(harness), await holdOne(harness)];
    expect(harness.guard.inFlight()).toBe(3);
    for (const outgoing of aborted) outgoing.destroy();
    await vi.waitFor(() => expect(harness.guard.inFlight()).toBe(0));
    // The app answering after the client left ('finish' does not follow 'close') changes nothing.
    harness.releaseHeld();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(harness.guard.inFlight()).toBe(0);
  });

  it("warns when shedding starts and when it stops (after 2 s without a reason), not for every shed request", async () => {
    const harness = await startHarness({ maxEventLoopDelayMs: 200 });
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
    expect(harness.warnings).toEqual([
      "overloaded: shedding new requests",
      "no longer overloaded: accepting requests again",
    ]);
  });
});

describe("readiness while shedding", () => {
  const database = useTestDatabase();
  useTestConfig();
  useTestDatabaseAsProcessDatabase(database);
  const startHarness = harnessPerTest();

  it("answers /readyz 503 'overloaded' while shedding, and 'ready' once the samples of 2 s find the load gone", async () => {
    const harness = await startHarness({ maxEventLoopDelayMs: 200 });
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
