/**
 * SIGTERM under keep-alive load. Twenty clients keep
 * sending on their open connections (a page and the liveness probe in
 * turn). After the signal, a request on an open connection is still
 * answered, with `Connection: close`, and its connection closed after the
 * answer; no request gets a reset or a hang-up, only new connections are
 * refused once the listener is closed; the process exits 0 well before the
 * grace period would cut anything. Server behaviour: runs once, in the "js"
 * project.
 */
import http from "node:http";

import { spawnServer } from "../setup/spawn-server";
import { expect, test } from "./fixtures";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server behaviour: runs once");
test.setTimeout(60_000);

const CLIENTS = 20;

type Outcome = { status: number; connection: string | undefined } | { error: string };

function get(
  port: number,
  path: string,
  agent: http.Agent,
): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const outgoing = http.get(
      { host: "127.0.0.1", port, path, agent, headers: { Host: `nl.localhost:${port}` } },
      (response) => {
        response.resume();
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }),
        );
        response.on("error", reject);
      },
    );
    outgoing.on("error", reject);
  });
}

test("SIGTERM under keep-alive load: every request on an open connection is answered, none is reset; exit 0", async () => {
  const server = await spawnServer({ LOG_LEVEL: "warn" });
  try {
    const exited = new Promise<number | null>((resolve) => server.child.on("exit", (code) => resolve(code)));
    const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
    /** Each client's outcomes, in order. */
    const outcomes: Outcome[][] = Array.from({ length: CLIENTS }, () => []);
    /** One client: sends again as soon as an answer came, until a new connection is refused. */
    const client = async (n: number) => {
      for (let sent = 0; sent < 10_000; sent++) {
        try {
          outcomes[n].push(await get(server.port, (n + sent) % 2 ? "/healthz" : "/nl/about", agent));
        } catch (error) {
          outcomes[n].push({ error: (error as NodeJS.ErrnoException).code ?? (error as Error).message });
          return;
        }
      }
    };
    const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));
    // Every connection open and in use.
    await expect.poll(() => outcomes.flat().length, { timeout: 10_000 }).toBeGreaterThan(10 * CLIENTS);
    const signalledAt = Date.now();
    server.child.kill("SIGTERM");
    await Promise.all(clients);
    agent.destroy();
    expect(await exited).toBe(0);
    // Well within the 6 s grace period: nothing was left to cut.
    expect(Date.now() - signalledAt).toBeLessThan(5000);

    const all = outcomes.flat();
    const errors = all.flatMap((outcome) => ("error" in outcome ? [outcome.error] : []));
    expect(errors.filter((code) => code !== "ECONNREFUSED")).toEqual([]);
    const answers = all.flatMap((outcome) => ("status" in outcome ? [outcome] : []));
    expect(answers.every((answer) => answer.status === 200 || answer.status === 503)).toBe(true);
    // When the signal came is the server's to know: what each client saw says it. A request on an open
    // connection was answered (not reset) with Connection: close, and once the stop had begun every answer
    // said so: no keep-alive answer after a closing one. A connection idle at that moment (its answer sent,
    // the next request not yet) is closed in order, and the client's next connection is refused.
    let closedWithAnAnswer = 0;
    for (const seen of outcomes) {
      const connections = seen.flatMap((outcome) => ("status" in outcome ? [outcome.connection] : []));
      if (connections.at(-1) === "close") closedWithAnAnswer++;
      else expect(seen.at(-1)).toEqual({ error: "ECONNREFUSED" });
      const firstClosing = connections.indexOf("close");
      if (firstClosing >= 0)
        expect(connections.slice(firstClosing).every((connection) => connection === "close")).toBe(true);
    }
    expect(closedWithAnAnswer).toBeGreaterThan(0);
    expect(server.output()).not.toContain("closing the connections still open after the grace period");
  } finally {
    await server.stop();
  }
});
