// What the file and fault benchmarks share: a production server of their
// own on a throwaway DATA_DIR, plain HTTP exchanges with a Host header, an
// officer signed in through the login form, and verified access requests.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

import Database from "better-sqlite3";

const PASSWORD = "Zomerse-Duinpan-58";

export function benchEnv(port, prefix) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return {
    dataDir,
    host: `nl.localhost:${port}`,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "error" },
  };
}

/** One HTTP exchange; `body` a string, a Buffer or a readable stream; the answer's body kept unless `sink` takes it. */
export function exchange(port, host, { method = "GET", pathname, headers = {}, body, sink }) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, method, path: pathname, headers: { host, ...headers } },
      (res) => {
        const parts = [];
        res.on("data", (chunk) => (sink ? sink(chunk) : parts.push(chunk)));
        res.on("end", () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(parts).toString("utf8") }),
        );
      },
    );
    req.on("error", reject);
    if (body && typeof body.pipe === "function") body.pipe(req);
    else req.end(body);
  });
}

export const cookieOf = (answer) =>
  (answer.headers["set-cookie"] ?? []).map((cookie) => cookie.split(";")[0]).join("; ");
export const formHeaders = (host) => ({
  "content-type": "application/x-www-form-urlencoded",
  origin: `http://${host}`,
});

export function addOfficer(env, email) {
  execFileSync(path.join("node_modules", ".bin", "tsx"), ["scripts/staff.ts", "add", email, "--role", "officer"], {
    input: `${PASSWORD}\n`,
    env,
    stdio: ["pipe", "ignore", "inherit"],
  });
}

/** Starts build/server.js and waits for /healthz. */
export async function startServer(port, host, env) {
  const server = spawn(process.execPath, ["build/server.js"], { env, stdio: ["ignore", "ignore", "inherit"] });
  for (let i = 0; i < 150; i++) {
    const up = await exchange(port, host, { pathname: "/healthz" }).catch(() => ({ status: 0 }));
    if (up.status === 200) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  server.kill("SIGKILL");
  throw new Error("the server did not start");
}

/** Signs the officer in through the login form; the staff cookie. */
export async function signIn(port, host, email) {
  const loginPage = await exchange(port, host, { pathname: "/nl/internal-privacy-rights/login" });
  const signedIn = await exchange(port, host, {
    method: "POST",
    pathname: "/nl/internal-privacy-rights/login",
    headers: { ...formHeaders(host), cookie: cookieOf(loginPage) },
    body: new URLSearchParams({ form: "staff-login", email, password: PASSWORD }).toString(),
  });
  const cookie = cookieOf(signedIn);
  if (!cookie.includes("=")) throw new Error(`sign-in failed (${signedIn.status})`);
  return cookie;
}

/** A verified access request (made through the public call, then marked verified in the database); its reference. */
export async function openRequest(port, host, dataDir, email) {
  const made = await exchange(port, host, {
    method: "POST",
    pathname: "/api/privacy-rights/request",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ flowType: "RIGHT_OF_ACCESS", email }),
  });
  const { reference } = JSON.parse(made.body);
  const db = new Database(path.join(dataDir, "app.sqlite"));
  try {
    db.prepare("update privacy_request set state = 'OPEN', verified_at = ?, due_at = ? where reference = ?").run(
      new Date().toISOString(),
      new Date(Date.now() + 86_400_000 * 20).toISOString(),
      reference,
    );
  } finally {
    db.close();
  }
  return reference;
}
