/**
 * SIGTERM under keep-alive load. Twenty clients keep
 * sending on their open connections; after the signal each connection still
 * answers the request on it, with `Connection: close`, and is closed after
 * that answer, so no client sees a reset; only then does the process exit 0.
 * A real socket and Node's keep-alive agent; the signal handler
 * installGracefulShutdown registered is called directly and process.exit is
 * stubbed, so the test process keeps running.
 */
import http from "node:http";
import type net from "node:net";

import pino from "pino";
import { afterAll, afterEach, beforeAll, expect, it, vi } from "vitest";

import { installGracefulShutdown } from "./graceful-shutdown";

const CLIENTS = 20;

type Outcome = { sentAfterSignal: boolean } & ({ status: number; connection: string | undefined } | { error: string });

function get(port: number, agent: http.Agent): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const outgoing = http.get({ host: "127.0.0.1", port, path: "/", agent }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }));
      response.on("error", reject);
    });
    outgoing.on("error", reject);
  });
}

// Stubbed for the whole file: a stop's last-resort timer (FORCE_MS) may still run after its test.
let onExit: (code?: number) => void = () => {};
beforeAll(() => {
  vi.spyOn(process, "exit").mockImplementation(((code?: number) => onExit(code)) as typeof process.exit);
});
afterAll(() => {
  vi.restoreAllMocks();
});
/** The code of the next process.exit. */
const nextExit = () => new Promise<number | undefined>((resolve) => (onExit = resolve));
/** Beyond the test's own timeout. */
const FORCE_MS = 30_000;

const added: Array<[NodeJS.Signals, (...args: unknown[]) => void]> = [];
afterEach(() => {
  for (const [signal, listener] of added.splice(0)) process.off(signal, listener);
});

/** Installs the shutdown and returns the SIGTERM handler it registered. */
function install(server: http.Server, times: { graceMs: number; forceMs: number }): () => void {
  const before = { SIGTERM: process.listeners("SIGTERM"), SIGINT: process.listeners("SIGINT") };
  installGracefulShutdown(
    [server],
    { stopBackgroundWork: async () => {}, closeDatabase: async () => {} },
    pino({ level: "silent" }),
    times,
  );
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    for (const listener of process.listeners(signal))
      if (!before[signal].includes(listener)) added.push([signal, listener as (...args: unknown[]) => void]);
  }
  const [, onSigterm] = added.find(([signal]) => signal === "SIGTERM")!;
  return () => onSigterm("SIGTERM");
}

it("answers the requests on open keep-alive connections with Connection: close, resets none, and exits 0", async () => {
  // A quick answer: most of the time a connection waits for its client's next request.
  const server = http.createServer((_req, res) => void res.end("ok"));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  const exited = nextExit();
  const signal = install(server, { graceMs: 2000, forceMs: FORCE_MS });

  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const outcomes: Outcome[] = [];
  let signalled = false;
  /** One client: sends again as soon as an answer came, until its connection is refused (the listener is closed). */
  const client = async () => {
    for (;;) {
      const sentAfterSignal = signalled;
      try {
        outcomes.push({ sentAfterSignal, ...(await get(port, agent)) });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
        outcomes.push({ sentAfterSignal, error: code });
        return;
      }
    }
  };
  const clients = Array.from({ length: CLIENTS }, client);
  // Every connection open and in use (polled: on a busy machine the clients take a while to connect).
  const open = () =>
    new Promise<number>((resolve, reject) =>
      server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
    );
  await expect.poll(open, { timeout: 10_000 }).toBe(CLIENTS);
  signalled = true;
  signal();
  await Promise.all(clients);
  agent.destroy();

  const errors = outcomes.flatMap((outcome) => ("error" in outcome ? [outcome.error] : []));
  // A new connection after the listener closed is refused; nothing else fails.
  expect(errors.filter((code) => code !== "ECONNREFUSED")).toEqual([]);
  const answeredAfterSignal = outcomes.filter((outcome) => outcome.sentAfterSignal && "status" in outcome);
  expect(answeredAfterSignal.length).toBeGreaterThan(0);
  for (const answer of answeredAfterSignal) expect(answer).toMatchObject({ status: 200, connection: "close" });
  expect(await exited).toBe(0);
});

it("closes a connection nobody uses after a quiet second, and cuts only the request still unfinished at the grace limit", async () => {
  const held: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => (req.url === "/held" ? void held.push(res) : void res.end("ok")));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  const exited = nextExit();
  const signal = install(server, { graceMs: 2500, forceMs: FORCE_MS });

  // A keep-alive connection left unused after one answer.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  expect((await get(port, agent)).status).toBe(200);
  const lastUsedAt = performance.now();
  const idleSocket = Object.values(agent.freeSockets).flat()[0]!;
  const idleClosed = new Promise<number>((resolve) => idleSocket.once("close", () => resolve(performance.now())));
  // A request the app never finishes.
  const heldRequest = new Promise<string>((resolve) => {
    const outgoing = http.get({ host: "127.0.0.1", port, path: "/held", agent: false }, () => resolve("answered"));
    outgoing.on("error", (error) => resolve((error as NodeJS.ErrnoException).code ?? error.message));
  });
  await expect.poll(() => held.length).toBe(1);

  const signalledAt = performance.now();
  signal();
  const idleClosedAt = await idleClosed;
  expect(idleClosedAt - lastUsedAt).toBeGreaterThanOrEqual(900);
  expect(idleClosedAt - signalledAt).toBeLessThan(2000);
  expect(await heldRequest).toBe("ECONNRESET");
  expect(performance.now() - signalledAt).toBeGreaterThanOrEqual(2400);
  expect(await exited).toBe(0);
  agent.destroy();
});
