/**
 * Under more load than it can take, the server answers the excess
 * at once with 503 and Retry-After (server/overload.ts) instead of making
 * every visitor wait, keeps answering /healthz, and says "overloaded" on
 * /readyz until the load is gone. Pages are rendered every time here
 * (PAGE_CACHE_SECONDS=0), as form posts are.
 */
import net from "node:net";

import { freePort, request, spawnServer, type Answer, type SpawnedServer } from "../setup/spawn-server";
import { expect, test } from "./fixtures";

// Process behaviour, independent of the browser: run once, in the "js" project.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server process test runs once");

const PAGE = "/nl/political-ads";
const SHED_BODY = "The server is busy. Please try again in 7 seconds.";
/** A shed page: Dutch on /nl, with when to try again, a link to try again and one home. */
const SHED_PAGE = (path: string) =>
  '<!doctype html><html lang="nl-NL"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">' +
  "<title>Even te druk – Veldhaven Media</title></head><body><main><h1>Het is even te druk</h1>" +
  "<p>Er komen nu meer bezoekers dan we tegelijk kunnen helpen. Probeer het over 7 seconden opnieuw.</p>" +
  `<p><a href="${path}">Opnieuw proberen</a></p><p><a href="/nl">Naar de startpagina</a></p></main></body></html>`;

/** Every shed answer is the quick 503: one assertion over all of them (thousands under load). */
function expectAllShed(answers: Answer[]): void {
  const kinds = new Set(
    answers.map((answer) =>
      JSON.stringify([answer.headers["retry-after"], answer.headers["cache-control"], answer.body]),
    ),
  );
  expect([...kinds]).toEqual([JSON.stringify(["7", "no-store", SHED_PAGE(PAGE)])]);
}

/**
 * A contact call whose headers are sent and whose body is not yet: the server
 * has taken it (it is in progress) until `finish` sends the rest.
 */
function openSlowPost(port: number) {
  const body = JSON.stringify({ name: "", email: "traag@", question: "" });
  const socket = net.connect(port, "127.0.0.1");
  let answer = "";
  socket.on("data", (chunk) => (answer += chunk));
  const closed = new Promise((resolve) => socket.on("close", resolve));
  socket.write(
    `POST /api/contact?locale=nl_nl HTTP/1.1\r\nHost: nl.localhost:${port}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 5)}`,
  );
  return {
    // Time for the server to read the headers and let the request past the guard.
    accepted: new Promise((resolve) => setTimeout(resolve, 300)),
    finish: async () => {
      socket.write(body.slice(5));
      await closed;
      return answer;
    },
  };
}

/**
 * `visitors` who keep asking for PAGE for `ms`, each request on a connection
 * of its own (request() opens one), while a probe asks `probePath` every
 * 200 ms: every page answer, and the probe's.
 */
async function crowd(server: SpawnedServer, visitors: number, ms: number, probePath: string) {
  const answers: Answer[] = [];
  const probes: Answer[] = [];
  const until = Date.now() + ms;
  const visitor = async () => {
    while (Date.now() < until) answers.push(await request(server.port, { path: PAGE }));
  };
  const prober = async () => {
    while (Date.now() < until) {
      probes.push(await request(server.port, { path: probePath }));
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  await Promise.all([...Array.from({ length: visitors }, visitor), prober()]);
  return { answers, probes };
}

/** Some of the crowd got in, the rest got the quick 503, the log names `reason` first, and the server recovers. */
async function expectShedThenRecovered(server: SpawnedServer, answers: Answer[], reason: string) {
  const shed = answers.filter((answer) => answer.status === 503);
  expect(shed.length).toBeGreaterThan(0);
  expect(answers.some((answer) => answer.status === 200)).toBe(true);
  expectAllShed(shed);
  expect(overloadLog(server)[0]).toEqual({ msg: "overloaded: shedding new requests", reason });
  await expect
    .poll(async () => (await request(server.port, { path: "/readyz" })).body, { timeout: 10_000 })
    .toBe("ready");
  expect((await request(server.port, { path: PAGE })).status).toBe(200);
}

/** Log messages of the guard, in order. */
const overloadLog = (server: SpawnedServer) =>
  server
    .logLines()
    .filter((line) => String(line.msg).includes("overloaded"))
    .map((line) => ({ msg: line.msg, reason: line.reason }));

test("over the in-flight cap the excess gets a quick 503 with Retry-After, /healthz answers throughout, /readyz recovers", async () => {
  const server = await spawnServer({
    OVERLOAD_MAX_IN_FLIGHT: "2",
    OVERLOAD_EVENT_LOOP_DELAY_MS: "0",
    OVERLOAD_RETRY_AFTER_SECONDS: "7",
    PAGE_CACHE_SECONDS: "0",
  });
  try {
    // Two requests in progress: their bodies come slowly, as a slow phone sends them.
    const slow = [openSlowPost(server.port), openSlowPost(server.port)];
    await Promise.all(slow.map((post) => post.accepted));
    const answers = await Promise.all(Array.from({ length: 10 }, () => request(server.port, { path: PAGE })));
    const probes = await Promise.all(Array.from({ length: 5 }, () => request(server.port, { path: "/healthz" })));
    for (const probe of probes) expect([probe.status, probe.body]).toEqual([200, "ok"]);
    const shed = answers.filter((answer) => answer.status === 503);
    expect(shed).toHaveLength(10);
    expectAllShed(shed);

    // A JSON call gets the project's JSON error while the cap is reached.
    const calls = await Promise.all(
      Array.from({ length: 20 }, () => request(server.port, { path: "/api/campaign-items?countryCode=NL" })),
    );
    const shedCall = calls.find((answer) => answer.status === 503);
    expect(shedCall, "a call shed at the cap").toBeDefined();
    expect(JSON.parse(shedCall!.body)).toEqual({ error: "UNAVAILABLE", message: SHED_BODY });

    // The slow posts are answered in full; ready again once a sample finds the load gone, and pages served again.
    for (const post of slow) expect(await post.finish()).toMatch(/^HTTP\/1\.1 400 /);
    await expect
      .poll(async () => (await request(server.port, { path: "/readyz" })).body, { timeout: 5000 })
      .toBe("ready");
    expect((await request(server.port, { path: PAGE })).status).toBe(200);
    // One warning when shedding started, one when it stopped: never one per shed request.
    expect(overloadLog(server)[0]).toEqual({ msg: "overloaded: shedding new requests", reason: "in-flight" });
    expect(overloadLog(server).at(-1)?.msg).toBe("no longer overloaded: accepting requests again");
    expect(overloadLog(server).length).toBeLessThan(shed.length + 2);
    expect((await request(server.port, { path: PAGE })).body).toContain("</html>");
  } finally {
    await server.stop();
  }
});

test("a lagging event loop sheds new requests until it catches up; /readyz says so meanwhile", async () => {
  const server = await spawnServer({
    OVERLOAD_MAX_IN_FLIGHT: "0",
    // Below what 30 visitors' page renders make the loop lag even when let in
    // a few per turn (4–5 ms measured), above an idle loop's (well under 1 ms).
    OVERLOAD_EVENT_LOOP_DELAY_MS: "2",
    // The delay's own rule is what this test watches, not the queue time's.
    OVERLOAD_MAX_QUEUE_MS: "0",
    OVERLOAD_RETRY_AFTER_SECONDS: "7",
    PAGE_CACHE_SECONDS: "0",
  });
  try {
    // Visitors who keep coming for three seconds, 30 at a time: those who arrive
    // after the guard measured the lag are turned away.
    const { answers, probes } = await crowd(server, 30, 3000, "/readyz");
    expect(probes.map((probe) => probe.body)).toContain("overloaded");
    await expectShedThenRecovered(server, answers, "event-loop-delay");
  } finally {
    await server.stop();
  }
});

test("a crowd opening a connection per request: while every request waits most of the budget a share is refused at once, /healthz answers, and it recovers", async () => {
  const server = await spawnServer({
    OVERLOAD_MAX_IN_FLIGHT: "0",
    OVERLOAD_EVENT_LOOP_DELAY_MS: "0",
    // A budget 40 visitors' page renders exceed: the queue-time rule is what this test watches.
    OVERLOAD_MAX_QUEUE_MS: "20",
    OVERLOAD_RETRY_AFTER_SECONDS: "7",
    PAGE_CACHE_SECONDS: "0",
  });
  try {
    const { answers, probes } = await crowd(server, 40, 3000, "/healthz");
    expect(new Set(probes.map((probe) => probe.status))).toEqual(new Set([200]));
    await expectShedThenRecovered(server, answers, "queue-time");
  } finally {
    await server.stop();
  }
});

test("20 clients without keep-alive, each waiting for its answer, are all served: a busy loop is not overload", async () => {
  // The deployment's defaults: nothing here is switched off.
  const server = await spawnServer({
    OVERLOAD_EVENT_LOOP_DELAY_MS: "200",
    OVERLOAD_MAX_QUEUE_MS: "500",
    RATE_LIMIT_PER_HOUR: "100000",
    PRIVACY_RATE_LIMIT_PER_HOUR: "100000",
  });
  try {
    const statuses: number[] = [];
    const until = Date.now() + 3000;
    // Each client posts on a new connection (request() opens one) and waits for its answer before the next.
    const client = async (n: number) => {
      while (Date.now() < until) {
        const answer = await request(server.port, {
          method: "POST",
          path: "/api/contact?locale=nl_nl",
          localAddress: `127.0.3.${n + 1}`,
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            name: "Lezer",
            email: `lezer-${n}-${statuses.length}@veldhaven-test.nl`,
            question: "Wanneer komt mijn krant?",
          }),
        });
        statuses.push(answer.status);
      }
    };
    await Promise.all(Array.from({ length: 20 }, (_, n) => client(n)));
    expect(statuses.length).toBeGreaterThan(20);
    expect(statuses.filter((status) => status !== 201)).toEqual([]);
    expect(overloadLog(server)).toEqual([]);
  } finally {
    await server.stop();
  }
});

test("a request that has waited longer than the budget is refused at once with 503 and Retry-After; a connection merely opened early is served", async () => {
  const server = await spawnServer({ OVERLOAD_MAX_QUEUE_MS: "300", OVERLOAD_RETRY_AFTER_SECONDS: "7" });
  const send = (socket: net.Socket) => {
    socket.write(`GET ${PAGE} HTTP/1.1\r\nHost: nl.localhost:${server.port}\r\nConnection: close\r\n\r\n`);
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk));
    return new Promise<string>((resolve) => socket.on("close", () => resolve(answer)));
  };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  try {
    // Connections the server has taken (an idle server takes one at once).
    const early = net.connect(server.port, "127.0.0.1");
    const waiting = net.connect(server.port, "127.0.0.1");
    await sleep(300);
    // A browser's preconnect: its request comes later, on an idle server. It did not wait in a queue.
    expect(await send(early)).toMatch(/^HTTP\/1\.1 200 /);

    // The server's process stopped (as a loop held up by work would be) while a request came:
    // when it runs again, that request has waited longer than the budget.
    server.child.kill("SIGSTOP");
    const answer = send(waiting);
    await sleep(600);
    server.child.kill("SIGCONT");
    const [head, body] = (await answer).split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 503 /);
    expect(head).toContain("Retry-After: 7");
    expect(body).toBe(SHED_PAGE(PAGE));
    // The log line comes through the child's pipe, which may be read after the answer arrived.
    await expect
      .poll(() => overloadLog(server)[0])
      .toEqual({ msg: "overloaded: shedding new requests", reason: "queue-time" });
    // Nothing is held against the next visitor.
    expect((await request(server.port, { path: PAGE })).status).toBe(200);
  } finally {
    server.child.kill("SIGCONT");
    await server.stop();
  }
});

test("with PROBE_PORT the probes answer on a port of their own, visitors' pages only on the site's, and both close on SIGTERM", async () => {
  const probePort = await freePort();
  const server = await spawnServer({ PROBE_PORT: String(probePort) });
  try {
    const live = await request(probePort, { path: "/healthz" });
    expect([live.status, live.body]).toEqual([200, "ok"]);
    const ready = await request(probePort, { path: "/readyz" });
    expect([ready.status, ready.body]).toEqual([200, "ready"]);
    // No site on the probe port; the site's port keeps its probes.
    expect((await request(probePort, { path: PAGE })).status).toBe(404);
    expect((await request(server.port, { path: PAGE })).status).toBe(200);
    expect((await request(server.port, { path: "/healthz" })).body).toBe("ok");
  } finally {
    await server.stop();
  }
  expect(server.child.exitCode).toBe(0);
  await expect(request(probePort, { path: "/healthz" })).rejects.toThrow();
});
