import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

import { freePort, request } from "../setup/spawn-server";
import { expect, test } from "./fixtures";

// Process behaviour, independent of the browser: run once, in the "js" project.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server process test runs once");

const get = (port: number, urlPath: string) => request(port, { path: urlPath });

test("SIGTERM: in-flight requests finish, then the server closes and exits 0", async () => {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lifecycle-"));
  const child = spawn(process.execPath, ["build/server.js"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));

  await expect
    .poll(
      () =>
        get(port, "/healthz").then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 20_000 },
    )
    .toBe(200);
  expect(output).toContain(`http://nl.localhost:${port}/`);
  expect(output).toContain(`http://be.localhost:${port}/`);

  // A request in flight: headers and half of the body sent before SIGTERM.
  const body = JSON.stringify({ name: "", email: "lotte@", question: "" });
  const socket = net.connect(port, "127.0.0.1");
  let answer = "";
  socket.on("data", (chunk) => (answer += chunk));
  const closed = new Promise((resolve) => socket.on("close", resolve));
  socket.write(
    `POST /api/contact?locale=nl_nl HTTP/1.1\r\nHost: nl.localhost:${port}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n` +
      body.slice(0, 10),
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  child.kill("SIGTERM");
  await new Promise((resolve) => setTimeout(resolve, 300));
  socket.write(body.slice(10));
  await closed;
  expect(answer).toMatch(/^HTTP\/1\.1 400 /);
  expect(answer).toContain('"error":"VALIDATION"');

  // New connections are no longer accepted.
  await expect(get(port, "/healthz")).rejects.toThrow();

  expect(await exited).toBe(0);
  expect(output).toContain("shutting down");
  expect(output).toContain('"msg":"stopped"');
  // The embedded default kept its data: the database file and the generated secret.
  expect(fs.existsSync(path.join(dataDir, "app.sqlite"))).toBe(true);
  expect(fs.readFileSync(path.join(dataDir, "session-secret"), "utf8")).toMatch(/^[0-9a-f]{64}$/);
});
