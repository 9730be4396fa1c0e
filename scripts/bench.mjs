// `npm run bench`: requests per second and latency of the main pages against
// the production build, with a throwaway DATA_DIR. Prints figures; it asserts
// nothing (DEVELOPERS.md: speed goals are checked here, not in tests).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";

const PORT = Number(process.env.BENCH_PORT ?? 3999);
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const PATHS = [
  ["nl.localhost", "/nl"],
  ["nl.localhost", "/nl/document/privacy-policy"],
  ["be.localhost", "/fr/phone?type=radio"],
  ["be.localhost", "/nl/search?q=bewaartermijn"],
  ["nl.localhost", "/api/plainhtml/cookie-policy?locale=nl_nl"],
  ["nl.localhost", "/nl/political-ads"],
  ["be.localhost", "/fr/political-ads?period=PAST_YEAR&text=climat"],
  ["be.localhost", "/api/campaign-items?countryCode=BE&period=PAST_30_DAYS"],
  ["nl.localhost", "/api/campaign-items/export?countryCode=NL&format=csv"],
];

if (!fs.existsSync("build/server.js")) {
  console.error("Run `npm run build` first.");
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-"));
const server = spawn(process.execPath, ["build/server.js"], {
  env: { ...process.env, NODE_ENV: "production", PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
  stdio: ["ignore", "ignore", "inherit"],
});

async function waitUntilUp() {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/healthz`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("server did not start");
}

try {
  await waitUntilUp();
  console.log(`${"path".padEnd(48)} ${"req/s".padStart(8)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"KB/req".padStart(8)}`);
  for (const [host, urlPath] of PATHS) {
    const result = await autocannon({
      url: `http://127.0.0.1:${PORT}${urlPath}`,
      headers: { host: `${host}:${PORT}`, "accept-encoding": "gzip" },
      connections: 10,
      duration: DURATION,
    });
    const kbPerRequest = result.throughput.total / Math.max(1, result.requests.total) / 1024;
    console.log(
      `${`${host}${urlPath}`.padEnd(48)} ${result.requests.average.toFixed(0).padStart(8)} ${String(result.latency.p50).padStart(8)} ${String(result.latency.p99).padStart(8)} ${kbPerRequest.toFixed(1).padStart(8)}` +
        (result.non2xx ? `  (${result.non2xx} non-2xx)` : ""),
    );
  }
} finally {
  server.kill("SIGTERM");
}
