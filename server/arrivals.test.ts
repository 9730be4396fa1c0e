/**
 * When a request arrived (server/arrivals.ts), the start of its queue time:
 * a new connection's first request counts from the connection's acceptance
 * when the event loop was held up meanwhile, and from when it was read when
 * the loop was free (the client had nothing to ask yet, as after a preconnect).
 */
import http from "node:http";
import net from "node:net";

import { afterEach, describe, expect, it } from "vitest";

import { arrivalClock, type ArrivalClock } from "./arrivals";

type Seen = { arrivedAt: number; answeredAt: number };

async function startServer() {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    seen.push({ arrivedAt: clock.arrivedAt(req), answeredAt: performance.now() });
    res.end("ok");
  });
  const clock: ArrivalClock = arrivalClock(server);
  const accepted: number[] = [];
  server.on("connection", () => accepted.push(performance.now()));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    seen,
    accepted,
    /** A connection the server has accepted, on which nothing was sent yet. */
    connect: async () => {
      const socket = net.connect(port, "127.0.0.1");
      socket.on("data", () => {});
      const before = accepted.length;
      while (accepted.length === before) await new Promise((resolve) => setTimeout(resolve, 5));
      return socket;
    },
    ask: (socket: net.Socket) => socket.write("GET / HTTP/1.1\r\nHost: nl.localhost\r\n\r\n"),
    close: async () => {
      clock.stop();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a request's arrival", () => {
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it("is its connection's acceptance when the event loop was held up before the request could be read", async () => {
    server = await startServer();
    const socket = await server.connect();
    const blockedAt = performance.now();
    // The loop is held up (as by a burst of page renders) while the request comes.
    while (performance.now() < blockedAt + 200) {
      // busy
    }
    server.ask(socket);
    await expect.poll(() => server!.seen.length).toBe(1);
    expect(server.seen[0].arrivedAt).toBeLessThan(blockedAt);
    socket.destroy();
  });

  it("is when its request was read, not the connection's acceptance, when the loop was free meanwhile (a preconnect)", async () => {
    server = await startServer();
    const socket = await server.connect();
    await sleep(300);
    const askedAt = performance.now();
    server.ask(socket);
    await expect.poll(() => server!.seen.length).toBe(1);
    // Not the acceptance, 300 ms before: at most the loop's tick margin before the request was sent.
    expect(server.seen[0].arrivedAt).toBeGreaterThan(askedAt - 100);
    socket.destroy();
  });

  it("is the request's own reading for a later request on a kept-alive connection", async () => {
    server = await startServer();
    const socket = await server.connect();
    server.ask(socket);
    await expect.poll(() => server!.seen.length).toBe(1);
    await sleep(100);
    const blockedAt = performance.now();
    while (performance.now() < blockedAt + 150) {
      // busy
    }
    server.ask(socket);
    await expect.poll(() => server!.seen.length).toBe(2);
    expect(server.seen[1].arrivedAt).toBeGreaterThan(blockedAt);
    socket.destroy();
  });
});
