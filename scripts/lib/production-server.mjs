// The production build started for a measurement (npm run bench, npm run
// lighthouse): its own port and a throwaway DATA_DIR, and GETs that name
// the host (Node does not resolve *.localhost, and fetch does not let a
// caller set Host).
import { spawn } from "node:child_process";
import fs from "node:fs";
import { request } from "node:http";
import os from "node:os";
import path from "node:path";

export function startProductionServer(port, name, extraEnv = {}) {
  if (!fs.existsSync("build/server.js")) {
    console.error("Run `npm run build` first.");
    process.exit(1);
  }
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const server = spawn(process.execPath, ["build/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...extraEnv,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });

  return {
    base,
    async waitUntilUp() {
      for (let i = 0; i < 100; i++) {
        // Until the server listens, the connection is refused: try again.
        const up = await fetch(`${base}/healthz`).then(
          (response) => response.ok,
          () => false,
        );
        if (up) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error("server did not start");
    },
    /** GET `urlPath` as asked of `host` (nl.localhost, be.localhost). */
    get(host, urlPath) {
      return new Promise((resolve, reject) => {
        const req = request(`${base}${urlPath}`, { headers: { host: `${host}:${port}` } }, (res) => {
          const chunks = [];
          res.on("data", (chunk) => chunks.push(chunk));
          res.on("end", () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString("utf8") }));
        });
        req.on("error", reject);
        req.end();
      });
    },
    stop() {
      server.kill("SIGTERM");
    },
  };
}
