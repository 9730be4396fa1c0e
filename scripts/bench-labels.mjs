// `npm run bench:labels`: an attack on the ads' print labels, against the
// production build with a throwaway DATA_DIR. 16 kept-alive connections from
// one address ask for an ad's label.png back to back, each time with a new
// query string, while a visitor from another address asks for ordinary pages
// (the ad list and the about page, one after the other, a new connection
// each). Prints, asserts nothing: the visitor's median and p95 without and
// with the attack, what the label requests got, and how many labels the
// server rendered (when its build counts them).
//
// The app whose build/server.js runs: the first argument or BENCH_APP_DIR
// (default this checkout), so the same attack can be measured against
// another build (`npm run bench:labels -- /path/to/old/checkout`).
// BENCH_ATTACK_PATH aims the same attack at another path (`{id}` is the
// ad's id), to compare with what any other request of the register costs.
// BENCH_SECONDS sets each phase's length (10). With two cores or more and
// `taskset`, the server runs on the first core and this load generator on
// the others (as bench:load); BENCH_PIN=0 shares them.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

const APP_DIR = path.resolve(process.argv[2] ?? process.env.BENCH_APP_DIR ?? ".");
const PORT = Number(process.env.BENCH_PORT ?? 3996);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ATTACK_CONNECTIONS = 16;
const HOST = `nl.localhost:${PORT}`;
const METRICS_TOKEN = "bench-labels-metrics-token-0123456789abcdef";
const VISITOR_PAGES = ["/nl/political-ads", "/nl/about"];
// Another address than the attack's: the server tells visitors apart by it.
const VISITOR_ADDRESS = "127.0.0.2";
const VISITOR_PAUSE_MS = 20;

const percentile = (values, p) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const ms = (value) => (Number.isNaN(value) ? "—" : `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`);
const sleep = (millis) => new Promise((resolve) => setTimeout(resolve, millis));

/** One GET; its status, time and body (kept only when asked). */
function get(pathname, { agent = false, localAddress, headers = {}, keepBody = false } = {}) {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.get(
      {
        host: "127.0.0.1",
        port: PORT,
        path: pathname,
        agent,
        localAddress,
        timeout: 30_000,
        headers: { host: HOST, ...headers },
      },
      (res) => {
        const parts = [];
        res.on("data", (chunk) => keepBody && parts.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode,
            ms: performance.now() - started,
            body: Buffer.concat(parts).toString("utf8"),
          }),
        );
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", () => resolve({ status: 0, ms: performance.now() - started, body: "" }));
  });
}

async function startServer(dataDir, pinned) {
  const command = pinned ? ["taskset", "-c", "0", process.execPath] : [process.execPath];
  const server = spawn(command[0], [...command.slice(1), "build/server.js"], {
    cwd: APP_DIR,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: "error",
      METRICS_TOKEN,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let attempt = 0; attempt < 200; attempt++) {
    if ((await get("/healthz")).status === 200) return server;
    await sleep(100);
  }
  server.kill("SIGKILL");
  throw new Error(`the server in ${APP_DIR} did not start`);
}

/** The visitor: the ordinary pages in turn until `until`, each answer's time. */
async function visit(until) {
  const seen = [];
  for (let turn = 0; performance.now() < until; turn++) {
    seen.push(await get(VISITOR_PAGES[turn % VISITOR_PAGES.length], { localAddress: VISITOR_ADDRESS }));
    await sleep(VISITOR_PAUSE_MS);
  }
  return seen;
}

const joiner = (pathname) => (pathname.includes("?") ? "&" : "?");

/** The attack: kept-alive connections asking for the label with a new query string each time. */
async function attack(labelPath, until) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: ATTACK_CONNECTIONS });
  const seen = [];
  let sequence = 0;
  await Promise.all(
    Array.from({ length: ATTACK_CONNECTIONS }, async () => {
      while (performance.now() < until)
        seen.push(await get(`${labelPath}${joiner(labelPath)}r=${++sequence}`, { agent }));
    }),
  );
  agent.destroy();
  return seen;
}

/** Labels the server rendered so far, or null when its build does not count them. */
async function labelsRendered() {
  const { body } = await get("/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` }, keepBody: true });
  if (!body.includes("# TYPE political_ad_label_renders_total ")) return null;
  const lines = body
    .split("\n")
    .filter((line) => line.startsWith("political_ad_label_renders_total{") && line.includes('result="rendered"'));
  return lines.reduce((sum, line) => sum + Number(line.split(" ").at(-1)), 0);
}

function statuses(answers) {
  const counts = new Map();
  for (const { status } of answers) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts].map(([status, count]) => `${status === 0 ? "no answer" : status}: ${count}`).join(", ");
}
const latency = (answers) =>
  `median ${ms(
    percentile(
      answers.map((answer) => answer.ms),
      50,
    ),
  )}, p95 ${ms(
    percentile(
      answers.map((answer) => answer.ms),
      95,
    ),
  )}`;

if (!fs.existsSync(path.join(APP_DIR, "build/server.js"))) {
  console.error(`No build in ${APP_DIR}: run \`npm run build\` there first.`);
  process.exit(1);
}
const cores = os.availableParallelism();
const pinned = process.env.BENCH_PIN !== "0" && cores >= 2 && fs.existsSync("/usr/bin/taskset");
if (pinned) execFileSync("taskset", ["-pc", `1-${cores - 1}`, String(process.pid)], { stdio: "ignore" });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-labels-"));
const server = await startServer(dataDir, pinned);
try {
  const register = JSON.parse((await get("/api/campaign-items?countryCode=NL", { keepBody: true })).body);
  const id = encodeURIComponent(register.campaignItems[0].id);
  const labelPath = (process.env.BENCH_ATTACK_PATH ?? "/nl/political-ads/{id}/label.png").replaceAll("{id}", id);
  // Warm: the pages in the page cache, the label asked once, as a visitor and a print desk would have.
  for (const page of [...VISITOR_PAGES, labelPath]) await get(page, { localAddress: VISITOR_ADDRESS });

  console.log(
    `bench:labels — ${APP_DIR}, ${SECONDS} s per phase, ${ATTACK_CONNECTIONS} connections on ${labelPath}${joiner(labelPath)}r=N${pinned ? ", server on core 0" : ""}`,
  );
  const quiet = await visit(performance.now() + SECONDS * 1000);
  console.log(
    `visitor (${VISITOR_PAGES.join(", ")}), no attack:   ${latency(quiet)} (${quiet.length} pages; ${statuses(quiet)})`,
  );

  const renderedBefore = await labelsRendered();
  const until = performance.now() + SECONDS * 1000;
  const [attacked, labels] = await Promise.all([visit(until), attack(labelPath, until)]);
  const renderedAfter = await labelsRendered();
  console.log(
    `visitor, under the label attack: ${latency(attacked)} (${attacked.length} pages; ${statuses(attacked)})`,
  );
  console.log(`label requests: ${Math.round(labels.length / SECONDS)}/s, ${latency(labels)} (${statuses(labels)})`);
  console.log(
    `labels rendered during the attack: ${renderedBefore === null ? "not counted by this build" : renderedAfter - renderedBefore}`,
  );
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
