/**
 * Emptying a server's keep-alive connections on a stop without resetting a
 * request. `server.close()` closes every connection that
 * is between two requests at once; under keep-alive load the client has often
 * sent its next request on it already, and gets a reset. Here, from the stop
 * on, every answer says `Connection: close` (Node closes the connection after
 * it), so a connection in use ends after its current answer and its client
 * reconnects elsewhere; only a connection left unused for QUIET_MS is closed
 * by the server, as keep-alive's own timeout would. What is still open at
 * the grace limit is cut by the caller (server/graceful-shutdown.ts).
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import net from "node:net";

/** How long a connection must have been unused before a stop closes it: a client that used it a moment ago may be sending on it now. */
const QUIET_MS = 1000;
/** How often a stop looks for connections that became quiet. */
const CHECK_MS = 100;

type ConnectionState = { requestsInProgress: number; idleSince: number };

export type ConnectionDrain = {
  /** Stops accepting, answers what comes on open connections with `Connection: close`; resolves once every connection is closed. */
  drain: () => Promise<void>;
};

/** Follows the server's connections from now on: call it before the server takes any. */
export function drainableConnections(server: Server): ConnectionDrain {
  const connections = new Map<net.Socket, ConnectionState>();
  const inProgress = new Set<ServerResponse>();
  let draining = false;

  server.on("connection", (socket: net.Socket) => {
    connections.set(socket, { requestsInProgress: 0, idleSince: performance.now() });
    socket.once("close", () => connections.delete(socket));
  });
  // Before the app's own listener, which may answer at once.
  server.prependListener("request", (req: IncomingMessage, res: ServerResponse) => {
    const state = connections.get(req.socket);
    if (state) state.requestsInProgress++;
    if (draining) res.setHeader("Connection", "close");
    inProgress.add(res);
    res.once("close", () => {
      inProgress.delete(res);
      if (!state) return;
      state.requestsInProgress--;
      state.idleSince = performance.now();
    });
  });

  const closeQuietConnections = () => {
    const now = performance.now();
    for (const [socket, state] of connections) {
      if (state.requestsInProgress === 0 && now - state.idleSince >= QUIET_MS) socket.destroy();
    }
  };

  return {
    drain: () => {
      draining = true;
      for (const res of inProgress) if (!res.headersSent) res.setHeader("Connection", "close");
      // net.Server's close, not http.Server's: the latter also closes every
      // connection between two requests at once, the reset this module avoids.
      const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
      closeQuietConnections();
      const check = setInterval(closeQuietConnections, CHECK_MS);
      return closed.finally(() => clearInterval(check));
    },
  };
}
