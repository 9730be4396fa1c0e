// `npm run bench:figures`: what the public figures call costs the rest of the
// site. Loads BENCH_REQUESTS (100,000) synthetic requests (scripts/lib/seed-requests.ts)
// into a fresh SQLite database, starts the production server (build/server.js,
// the overload guard as configured by default), then asks the home page
// 20 times a second for BENCH_SECONDS (15) and prints its p90:
//  1. quiet;
//  2. while 20 figure calls a second run, each with another year: the years
//     with figures of both countries, in turn, among years that cannot have
//     any (before the GDPR, to come, not a year at all), after a warm-up of
//     3 seconds (each valid year's figures are computed once a minute).
// Goal: the loaded p90 within 20 % of the quiet one. Prints figures; asserts
// nothing (the tests do).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

import { migrateToLatest, openDatabase } from "../app/db/db.server";
import { seedRequests } from "./lib/seed-requests";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const PER_SECOND = 20;
const WARM_UP_MS = 3_000;
const port = 4200 + Math.floor(Math.random() * 400);

type Answer = { status: number; ms: number };

function get(pathname: string, host = `nl.localhost:${port}`): Promise<Answer> {
  const began = performance.now();
  return new Promise((resolve) => {
    const outgoing = http.request({ host: "127.0.0.1", port, path: pathname, headers: { Host: host } }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - began }));
    });
    outgoing.on("error", () => resolve({ status: 0, ms: performance.now() - began }));
    outgoing.end();
  });
}

const p90 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(0.9 * values.length))];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Fires `ask` PER_SECOND times a second for `ms` (an open loop: a slow answer does not slow the next request), and the answers. */
async function atRate(ms: number, ask: (n: number) => Promise<Answer>): Promise<Answer[]> {
  const answers: Array<Promise<Answer>> = [];
  const began = performance.now();
  for (let n = 0; performance.now() - began < ms; n++) {
    answers.push(ask(n));
    const due = began + ((n + 1) * 1000) / PER_SECOND;
    await sleep(Math.max(0, due - performance.now()));
  }
  return Promise.all(answers);
}

const thisYear = new Date().getUTCFullYear();
/** The n-th figure call: one in four a year with figures (the last three, both countries), the others years that cannot have any, each another. */
function figureCall(n: number): string {
  const country = n % 2 === 0 ? "NL" : "BE";
  const kind = n % 4;
  const year =
    kind === 0
      ? String(thisYear - ((n >> 2) % 3))
      : kind === 1
        ? String(1000 + (n % 1000))
        : kind === 2
          ? String(thisYear + 1 + (n % 7000))
          : `y${n}`;
  return `/api/privacy-rights/figures?country=${country}&year=${year}`;
}

function summary(label: string, answers: Answer[]) {
  const ok = answers.filter((answer) => answer.status === 200);
  console.log(
    `  ${label}: p90 ${p90(ok.map((answer) => answer.ms)).toFixed(1)} ms over ${ok.length} answers (max ${Math.max(...ok.map((answer) => answer.ms)).toFixed(0)} ms; ${answers.length - ok.length} not 200)`,
  );
  return p90(ok.map((answer) => answer.ms));
}

async function main() {
  if (!fs.existsSync("build/server.js")) throw new Error("no build: run `npm run build` first");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-figures-"));
  let server: ChildProcess | undefined;
  try {
    const handle = openDatabase({ kind: "sqlite", file: path.join(dataDir, "app.sqlite") });
    await migrateToLatest(handle.db);
    await seedRequests(handle.db, REQUESTS);
    await handle.db.destroy();
    server = spawn(process.execPath, ["build/server.js"], {
      env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "error" },
      stdio: ["ignore", "ignore", "inherit"],
    });
    for (let attempt = 0; (await get("/healthz")).status !== 200; attempt++) {
      if (attempt > 300) throw new Error("the server did not start");
      await sleep(100);
    }
    for (let n = 0; n < 20; n++) await get("/nl");
    console.log(`SQLite, ${REQUESTS} requests; the home page (/nl) ${PER_SECOND} times a second for ${SECONDS} s:`);
    const quiet = summary("quiet", await atRate(SECONDS * 1000, () => get("/nl")));

    let calling = true;
    const figures: Answer[] = [];
    const load = (async () => {
      for (let n = 0; calling; n++) {
        void get(figureCall(n)).then((answer) => figures.push(answer));
        await sleep(1000 / PER_SECOND);
      }
    })();
    await sleep(WARM_UP_MS);
    figures.length = 0;
    const loaded = summary(
      `with ${PER_SECOND} figure calls a second, each another year (after ${WARM_UP_MS / 1000} s of them)`,
      await atRate(SECONDS * 1000, () => get("/nl")),
    );
    calling = false;
    await load;
    const count = (status: number) => figures.filter((answer) => answer.status === status).length;
    console.log(
      `  the figure calls: ${figures.length} (${count(200)} × 200, ${count(400)} × 400, ${count(503)} × 503), p90 ${p90(figures.map((answer) => answer.ms)).toFixed(1)} ms`,
    );
    console.log(`  loaded p90 / quiet p90: ${(loaded / quiet).toFixed(2)} (goal ≤ 1.20)`);
  } finally {
    if (server) {
      const exited = new Promise((resolve) => server!.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
