/**
 * When a request arrived, for the overload guard's queue time
 * (server/overload.ts). Under load a request waits before Node even sees it:
 * its connection waits to be accepted, then its bytes wait to be read, and
 * only then is it a request. The kernel's listen queue is out of sight, so
 * the earliest moment the process knows is the connection's acceptance (the
 * server's 'connection' event): that is when a connection's first request
 * arrived. A later request on a kept-alive connection arrives when it is read.
 *
 * A connection opened ahead of its request (a browser's preconnect) is not a
 * request waiting: its client simply had nothing to ask yet. What tells the
 * two apart is whether the event loop was free meanwhile. A tick every 10 ms
 * notes when the loop last ran on time; a request's bytes cannot have waited
 * unread since before that (a free loop reads a socket as soon as it has
 * data), so a first request arrived at its connection's acceptance or 20 ms
 * before the loop last ran on time, whichever is later.
 */
import type { IncomingMessage, Server } from "node:http";
import type { Socket } from "node:net";

const TICK_MS = 10;
/** A tick later than this after the previous one: the loop was held up in between. */
const LATE_MS = 2 * TICK_MS;

export type ArrivalClock = {
  /** When `req` arrived (`performance.now()` time); the same answer for a request however often asked. */
  arrivedAt: (req: IncomingMessage) => number;
  /** How many connections were accepted since the previous call. */
  takeAccepted: () => number;
  stop: () => void;
};

/** Follows `server`'s connections from now on; without a server a request arrives when first asked about. */
export function arrivalClock(server?: Server): ArrivalClock {
  const acceptedAt = new WeakMap<Socket, number>();
  const arrivals = new WeakMap<IncomingMessage, number>();
  let previousTick = performance.now();
  let onTimeAt = previousTick;
  const tick = server
    ? setInterval(() => {
        const now = performance.now();
        if (now - previousTick <= LATE_MS) onTimeAt = now;
        previousTick = now;
      }, TICK_MS)
    : undefined;
  tick?.unref();
  let accepted = 0;
  const onConnection = (socket: Socket) => {
    accepted += 1;
    acceptedAt.set(socket, performance.now());
  };
  server?.on("connection", onConnection);

  return {
    arrivedAt: (req) => {
      let at = arrivals.get(req);
      if (at === undefined) {
        const now = performance.now();
        const connection = acceptedAt.get(req.socket);
        // Only the connection's first request arrived with it.
        acceptedAt.delete(req.socket);
        at = connection === undefined ? now : Math.min(now, Math.max(connection, onTimeAt - LATE_MS));
        arrivals.set(req, at);
      }
      return at;
    },
    takeAccepted: () => {
      const count = accepted;
      accepted = 0;
      return count;
    },
    stop: () => {
      if (tick) clearInterval(tick);
      server?.off("connection", onConnection);
    },
  };
}
