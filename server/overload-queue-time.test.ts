/**
 * Load shedding by the time a request waited before its turn
 * (server/overload.ts, OVERLOAD_MAX_QUEUE_MS), and letting requests in a few
 * per turn so a probe is not stuck behind a burst, on a real Express app and
 * socket (tests/setup/overload-harness.ts).
 */
import http from "node:http";

import { describe, expect, it } from "vitest";

import { get, harnessPerTest } from "../tests/setup/overload-harness";

describe("load shedding by the time a request waited", () => {
  const startHarness = harnessPerTest();

  it("refuses a request that has already waited longer than the budget, before Express and without its work; one that has not is served", async () => {
    const harness = await startHarness({ maxQueueMs: 100 });
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
    const harness = await startHarness({ maxQueueMs: 100 });
    const late = await get(harness, "/nl/held-up/page");
    expect([late.status, late.headers["retry-after"]]).toEqual([503, "5"]);
    expect(late.body).toContain("Het is even te druk");
  });

  it("refuses a growing share of new requests at once while every request let in has waited more than four fifths of the budget, not in a burst, and lets them in again once the queue drains", async () => {
    let dice = 0.95;
    const harness = await startHarness({ maxQueueMs: 500, random: () => dice });
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
    const harness = await startHarness({ maxQueueMs: 0 });
    expect((await get(harness, "/nl/about", 60_000)).status).toBe(200);
    expect((await get(harness, "/nl/held-up/page")).status).toBe(200);
  });
});

describe("letting requests in a few per turn", () => {
  const startHarness = harnessPerTest({ sampledByHand: false });

  it("answers /healthz sent after a burst of work before most of the burst, instead of after all of it", async () => {
    const harness = await startHarness();
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
