// `npm run bench:reports`: the officers' reports and the public figures at
// 100,000 requests, or at each count of BENCH_REQUESTS (e.g. "100000,1000000").
//  1. loads that many synthetic privacy requests over the last two years
//     (rights, countries, months and states spread as in real life;
//     objections carried out at once, some without e-mail; deadlines met,
//     extended, missed), 2,000 ad reports and the systems' tasks, into a fresh
//     SQLite database (and a fresh PostgreSQL one when BENCH_DATABASE_URL or
//     TEST_DATABASE_URL, an admin connection, is set), then makes the daily
//     rollups from those rows (`npm run figures -- rebuild`, timed);
//  2. times the services behind the reports page (last 12 months, both
//     countries, and Belgium) and the public figures of a year, median of
//     several runs, read from the rollups; counts the same once again from
//     the rows as before the rollups (timed once) and prints where the two
//     differ ("identical" when nowhere);
//  3. times the real page, `GET /nl/internal-privacy-rights/reports`, and its
//     CSV through the production server (build/server.js) with an officer
//     signed in.
// Goals: the reports service < 300 ms, the public figures < 100 ms, the page
// and the CSV < 500 ms. Prints figures; asserts nothing (the tests do).
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

import { sql } from "kysely";
import pg from "pg";

import { migrateToLatest, openDatabase, type Db } from "../app/db/db.server";
import { computePublicFigures, defaultYear, figureYears } from "../app/services/reports/public-figures.server";
import { recountRequestFigures } from "../app/services/reports/recount-requests.server";
import { rebuildFigureRollups } from "../app/services/reports/rollup-rebuild.server";
import { recountTeamFigures, teamFigures } from "../app/services/reports/team-figures.server";
import { timeBackOffice } from "./lib/bench-back-office";
import { seedRequests } from "./lib/seed-requests";

const SIZES = (process.env.BENCH_REQUESTS ?? "100000").split(",").map((size) => Number(size.replaceAll("_", "")));
const RUNS = 7;
const DAY = 86_400_000;
const PASSWORD = "Zomerse-Duinpan-58";
// The seed keys addresses and phone numbers for the search with this process's secret: the servers use the same.
process.env.SESSION_SECRET = "bench-reports-session-secret-0123456789abcdef";

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timed(label: string, goalMs: number, run: () => Promise<unknown>) {
  await run();
  const times: number[] = [];
  for (let index = 0; index < RUNS; index++) {
    const began = performance.now();
    await run();
    times.push(performance.now() - began);
  }
  console.log(
    `  ${label}: median ${median(times).toFixed(0)} ms of ${RUNS} runs (max ${Math.max(...times).toFixed(0)} ms; goal < ${goalMs} ms)`,
  );
}

/** Where two results differ, as paths (`requests.byRight[2].medianDays: 14 ≠ 15`); none when they are the same to the last digit. */
function differences(left: unknown, right: unknown, at = ""): string[] {
  if (typeof left === "object" && left !== null && typeof right === "object" && right !== null) {
    const keys = [...new Set([...Object.keys(left), ...Object.keys(right)])];
    return keys.flatMap((key) =>
      differences(
        (left as Record<string, unknown>)[key],
        (right as Record<string, unknown>)[key],
        Array.isArray(left) ? `${at}[${key}]` : at ? `${at}.${key}` : key,
      ),
    );
  }
  return Object.is(left, right) ? [] : [`${at}: ${JSON.stringify(left)} ≠ ${JSON.stringify(right)}`];
}

/** The recount from the rows, timed once (its cost is what the rollups replace), and where it differs from the rollups' answer. */
async function compared(label: string, fromRollups: unknown, recount: () => Promise<unknown>) {
  const began = performance.now();
  const fromRows = await recount();
  const took = performance.now() - began;
  const found = differences(fromRollups, fromRows);
  console.log(
    `  ${label}, counted again from the rows: ${took.toFixed(0)} ms; rollups − rows: ${found.length === 0 ? "identical" : `${found.length} differences: ${found.slice(0, 5).join("; ")}`}`,
  );
}

function lastTwelveMonths() {
  const to = new Date();
  const from = new Date(to.getTime() - 365 * DAY);
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
}

async function timeServices(db: Db) {
  const period = lastTwelveMonths();
  const now = new Date();
  for (const country of [null, "be"] as const) {
    const label = `service, reports ${period.from} – ${period.to}, ${country === null ? "both countries" : "Belgium"}`;
    await timed(label, 300, () => teamFigures(db, { ...period, country }, now));
    await compared(label, await teamFigures(db, { ...period, country }, now), () =>
      recountTeamFigures(db, { ...period, country }, now),
    );
  }
  const years = await figureYears(db, "nl");
  const year = defaultYear(years);
  const label = `service, public figures ${year}, the Netherlands`;
  await timed(label, 100, () => computePublicFigures(db, "nl", year, years, now));
  await compared(label, await computePublicFigures(db, "nl", year, years, now), () =>
    computePublicFigures(db, "nl", year, years, now, recountRequestFigures),
  );
  const figures = await teamFigures(db, { ...period, country: null });
  const { total } = figures.requests;
  console.log(
    `  figures: ${total.received} received, ${total.answered} answered (${total.completed} completed, ${total.rejected} rejected), ${((100 * total.answeredWithinDeadline) / total.answered).toFixed(1)} % within the deadline, ${total.extended} extended, ${total.overdueNow} overdue now; median ${total.medianDays} days, p90 ${total.p90Days} days; ${figures.adReports.total} ad reports; ${figures.systems.length} systems, ${figures.systems.reduce((sum, system) => sum + system.tasks, 0)} tasks`,
  );
  console.log(
    `  received by right: ${figures.requests.byRight.map((row) => `${row.right} ${row.received}`).join(", ")}`,
  );
}

/** The requests loaded, then the rollups made from them as after a migration. */
async function load(db: Db, requests: number) {
  let began = performance.now();
  await seedRequests(db, requests);
  console.log(`  (loading took ${((performance.now() - began) / 1000).toFixed(1)} s)`);
  began = performance.now();
  const report = await rebuildFigureRollups(db);
  console.log(
    `  rollups made from the rows (npm run figures -- rebuild): ${((performance.now() - began) / 1000).toFixed(1)} s, ${Object.entries(
      report,
    )
      .map(([table, { rows }]) => `${table} ${rows}`)
      .join(", ")} rows`,
  );
}

function exchange(
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string },
) {
  return new Promise<{ status: number; cookies: string[]; body: string }>((resolve, reject) => {
    const outgoing = http.request(
      {
        host: "127.0.0.1",
        port,
        method: options.method ?? "GET",
        path: options.path,
        headers: { Host: `nl.localhost:${port}`, ...options.headers },
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            cookies: (response.headers["set-cookie"] ?? []).map((cookie) => cookie.split(";")[0]),
            body,
          }),
        );
      },
    );
    outgoing.on("error", reject);
    outgoing.end(options.body);
  });
}

/** The production server on the seeded database, an officer signed in through the login form, the page asked for. */
async function timePage(env: Record<string, string>, requests: number) {
  const port = 4600 + Math.floor(Math.random() * 400);
  // The overload guard off, as in the e2e server: better-sqlite3 answers synchronously, so the figures' own
  // queries hold the event loop for their whole time, and the guard would shed the next run as load.
  const serverEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    LOG_LEVEL: "error",
    OVERLOAD_EVENT_LOOP_DELAY_MS: "0",
    OVERLOAD_MAX_QUEUE_MS: "0",
    ...env,
  };
  execFileSync(
    path.join("node_modules", ".bin", "tsx"),
    ["scripts/staff.ts", "add", "bench-officer@veldhavenmedia.nl", "--role", "officer"],
    { input: `${PASSWORD}\n`, env: serverEnv, stdio: ["pipe", "ignore", "inherit"] },
  );
  const server = spawn(process.execPath, ["build/server.js"], {
    env: serverEnv,
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    for (let attempt = 0; ; attempt++) {
      if ((await exchange(port, { path: "/healthz" }).catch(() => ({ status: 0 }))).status === 200) break;
      if (attempt > 300) throw new Error("the server did not start");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const login = await exchange(port, { path: "/nl/internal-privacy-rights/login" });
    const signedIn = await exchange(port, {
      method: "POST",
      path: "/nl/internal-privacy-rights/login",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: `http://nl.localhost:${port}`,
        Cookie: login.cookies.join("; "),
      },
      body: new URLSearchParams({
        form: "staff-login",
        email: "bench-officer@veldhavenmedia.nl",
        password: PASSWORD,
      }).toString(),
    });
    const cookie = signedIn.cookies.join("; ");
    const { from, to } = lastTwelveMonths();
    const page = `/nl/internal-privacy-rights/reports?${new URLSearchParams({ from, to })}`;
    const first = await exchange(port, { path: page, headers: { Cookie: cookie } });
    if (first.status !== 200) throw new Error(`the reports page answered ${first.status}`);
    await timed(`HTTP GET ${page} (signed-in officer, whole page)`, 500, async () => {
      const answer = await exchange(port, { path: page, headers: { Cookie: cookie } });
      if (answer.status !== 200) throw new Error(`answered ${answer.status}`);
    });
    await timed("HTTP GET the same figures as CSV", 500, async () => {
      const answer = await exchange(port, {
        path: page.replace("/reports?", "/reports/export?"),
        headers: { Cookie: cookie },
      });
      if (answer.status !== 200) throw new Error(`the CSV answered ${answer.status}`);
    });
    await timeBackOffice(port, cookie, exchange, requests);
  } finally {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
}

async function sqliteBench(requests: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-reports-"));
  const handle = openDatabase({ kind: "sqlite", file: path.join(dataDir, "app.sqlite") });
  await migrateToLatest(handle.db);
  console.log(`SQLite, ${requests.toLocaleString("en")} requests:`);
  await load(handle.db, requests);
  await timeServices(handle.db);
  await handle.db.destroy();
  if (fs.existsSync("build/server.js")) await timePage({ DATA_DIR: dataDir }, requests);
  else console.log("  (no build: run `npm run build` to time the page through the server)");
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function postgresBench(adminUrl: string, requests: number) {
  const name = `bench_reports_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-reports-pg-"));
  try {
    const handle = openDatabase({ kind: "postgres", url: url.toString() });
    await migrateToLatest(handle.db);
    console.log(`PostgreSQL, ${requests.toLocaleString("en")} requests:`);
    await load(handle.db, requests);
    // As autovacuum leaves the tables in production some minutes after a bulk load: the planner's
    // statistics up to date and the pages marked all-visible, so an index-only read stays in the index.
    await sql`vacuum analyze`.execute(handle.db);
    await timeServices(handle.db);
    await handle.db.destroy();
    if (fs.existsSync("build/server.js")) {
      await timePage(
        {
          DATABASE_URL: url.toString(),
          DATA_DIR: dataDir,
          SESSION_SECRET: "bench-reports-session-secret-0123456789abcdef",
          FILE_ENCRYPTION_KEY: "0123456789abcdef".repeat(4),
          PUBLIC_ORIGIN_NL: "https://privacy.veldhavenmedia.nl",
          PUBLIC_ORIGIN_BE: "https://privacy.veldhavenmedia.be",
          ALLOWED_HOSTS: "nl.localhost,be.localhost",
        },
        requests,
      );
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
for (const requests of SIZES) {
  await sqliteBench(requests);
  if (adminUrl) await postgresBench(adminUrl, requests);
}
if (!adminUrl)
  console.log("PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL (an admin connection) to run it there too.");
process.exit(0);
