/**
 * Issue 37, item 8: SIGTERM under keep-alive load. Twenty clients keep
 * sending on their open connections (a page and the liveness probe in
 * turn). After the signal, a request on an open connection is still
 * answered, with `Connection: close`, and its connection closed after the
 * answer; no request gets a reset or a hang-up, only new connections are
 * refused once the listener is closed; the process exits 0 well before the
 * grace period would cut anything. Server behaviour: runs once, in the "js"
 * project.
 */
import http from "node:http";
import { expect, test } from "./fixtures";
import { spawnServer } from "../setup/spawn-server";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server behaviour: runs once");
test.setTimeout(60_000);

const CLIENTS = 20;

type Outcome = { sentAfterSignal: boolean } & ({ status: number; connection: string | undefined } | { error: string });

function get(port: number, path: string, agent: http.Agent): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const outgoing = http.get({ host: "127.0.0.1", port, path, agent, headers: { Host: `nl.localhost:${port}` } }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }));
      response.on("error", reject);
    });
    outgoing.on("error", reject);
  });
}

test("SIGTERM under keep-alive load: every request on an open connection is answered, none is reset; exit 0", async () => {
  const server = await spawnServer({ LOG_LEVEL: "warn" });
  try {
    const exited = new Promise<number | null>((resolve) => server.child.on("exit", (code) => resolve(code)));
    const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
    const outcomes: Outcome[] = [];
    let signalled = false;
    /** One client: sends again as soon as an answer came, until a new connection is refused. */
    const client = async (n: number) => {
      for (let sent = 0; sent < 10_000; sent++) {
        const sentAfterSignal = signalled;
        try {
          outcomes.push({ sentAfterSignal, ...(await get(server.port, (n + sent) % 2 ? "/healthz" : "/nl/about", agent)) });
        } catch (error) {
          outcomes.push({ sentAfterSignal, error: (error as NodeJS.ErrnoException).code ?? (error as Error).message });
          return;
        }
      }
    };
    const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));
    // Every connection open and in use.
    await expect.poll(() => outcomes.length, { timeout: 10_000 }).toBeGreaterThan(10 * CLIENTS);
    const signalledAt = Date.now();
    signalled = true;
    server.child.kill("SIGTERM");
    await Promise.all(clients);
    agent.destroy();
    expect(await exited).toBe(0);
    // Well within the 6 s grace period: nothing was left to cut.
    expect(Date.now() - signalledAt).toBeLessThan(5000);

    const errors = outcomes.flatMap((outcome) => ("error" in outcome ? [outcome.error] : []));
    expect(errors.filter((code) => code !== "ECONNREFUSED")).toEqual([]);
    const answers = outcomes.flatMap((outcome) => ("status" in outcome ? [outcome] : []));
    expect(answers.every((answer) => answer.status === 200 || answer.status === 503)).toBe(true);
    const answeredAfterSignal = answers.filter((answer) => answer.sentAfterSignal);
    expect(answeredAfterSignal.length).toBeGreaterThan(0);
    for (const answer of answeredAfterSignal) expect(answer.connection).toBe("close");
    expect(server.output()).not.toContain("closing the connections still open after the grace period");
  } finally {
    await server.stop();
  }
});
