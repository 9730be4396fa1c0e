/**
 * Starts the production build (build/server.js) in a child process of its
 * own, for tests that need other settings than the shared e2e server or that
 * read the server's log.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** A request to 127.0.0.1 with a Host header (Node does not resolve *.localhost). */
export function request(
  port: number,
  options: {
    method?: string;
    path: string;
    host?: string;
    headers?: Record<string, string>;
    body?: string;
    /** The client's own address: any 127.0.0.x is a different visitor to the server. */
    localAddress?: string;
  },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: "127.0.0.1",
        port,
        // A connection of its own: Node's default agent reuses idle ones, and one the server
        // closes (its 5 s keep-alive) just as a request is sent gives "socket hang up".
        agent: false,
        localAddress: options.localAddress,
        method: options.method ?? "GET",
        path: options.path,
        headers: { Host: options.host ?? `nl.localhost:${port}`, ...options.headers },
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(options.body);
  });
}

/**
 * Writes raw bytes on a fresh connection and collects everything the server
 * sends until it closes the connection (or `waitMs` passes: then `closed` is false).
 */
export function rawExchange(
  port: number,
  bytes: string,
  waitMs = 5000,
  options: { halfClose?: boolean } = {},
): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let text = "";
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closed: false });
    }, waitMs);
    socket.on("data", (chunk) => (text += chunk.toString("latin1")));
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ text, closed: true });
    });
    socket.on("error", () => {});
    // `halfClose`: then end our side, as `nc -N` or `shutdown(SHUT_WR)` does; the server may still answer.
    if (options.halfClose) socket.end(bytes);
    else socket.write(bytes);
  });
}

export type SpawnedServer = {
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output: () => string;
  /** The JSON log lines so far. */
  logLines: () => Array<Record<string, unknown>>;
  stop: () => Promise<void>;
};

export async function spawnServer(env: Record<string, string> = {}): Promise<SpawnedServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "spawned-server-"));
  const child = spawn(process.execPath, ["build/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      EMAIL_DOMAIN_CHECK: "false",
      // Tests run side by side on two cores: a lagging loop or a request waiting its
      // turn here is the test machine's, not the server's load. overload.spec.ts sets its own.
      OVERLOAD_EVENT_LOOP_DELAY_MS: "0",
      OVERLOAD_MAX_QUEUE_MS: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));

  const deadline = Date.now() + 20_000;
  for (;;) {
    const up = await request(port, { path: "/healthz" }).then(
      (answer) => answer.status === 200,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill("SIGKILL");
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    dataDir,
    child,
    output: () => output,
    logLines: () =>
      output
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
