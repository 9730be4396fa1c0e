/**
 * A clean stop on SIGTERM or SIGINT. The listener closes at once
 * (no new connections); requests in progress may finish, and a request that
 * comes on an open keep-alive connection is still answered, with
 * `Connection: close`, after which that connection closes
 * (server/connection-drain.ts). Meanwhile the background work stops: the mail
 * worker finishes the messages it is sending and gives back the rest, the
 * retention and digest timer stops. Connections still open after the grace
 * period (a client that never finished its headers, a slow body) are cut,
 * then the database is closed, and the process exits 0. Only when that
 * sequence itself hangs does the last-resort timer exit 1.
 */
import type { Server } from "node:http";

import type { Logger } from "pino";

import { drainableConnections } from "./connection-drain";

export type ShutdownTimes = {
  /** How long requests in progress may take before their connections are cut. */
  graceMs: number;
  /** When the process exits 1 whatever is still running. */
  forceMs: number;
};

const SHUTDOWN_TIMES: ShutdownTimes = { graceMs: 6_000, forceMs: 10_000 };

export function installGracefulShutdown(
  /** The site's server, and the probes' when they have a port of their own. */
  servers: Server[],
  app: { stopBackgroundWork: () => Promise<void>; closeDatabase: () => Promise<void> },
  logger: Logger,
  times: ShutdownTimes = SHUTDOWN_TIMES,
): void {
  // Followed from the start: a stop must know which connections were in use just before it.
  const drains = servers.map((server) => drainableConnections(server));
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => {
      logger.error(`shutdown did not finish within ${times.forceMs / 1000} s; exiting`);
      process.exit(1);
    }, times.forceMs);
    force.unref();

    const closed = Promise.all(drains.map((connections) => connections.drain()));
    const grace = setTimeout(() => {
      logger.warn("closing the connections still open after the grace period");
      for (const server of servers) server.closeAllConnections();
    }, times.graceMs);
    grace.unref();

    try {
      await Promise.all([closed, app.stopBackgroundWork()]);
      clearTimeout(grace);
      await app.closeDatabase();
      logger.info("stopped");
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}
