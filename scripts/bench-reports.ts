// `npm run bench:reports` (issue 42): the officers' reports with 100,000 requests.
//  1. loads BENCH_REQUESTS (100,000) synthetic privacy requests over the last
//     two years (rights, countries, months and states spread as in real life;
//     objections carried out at once, some without e-mail; deadlines met,
//     extended, missed), 2,000 ad reports and the systems' tasks, into a fresh
//     SQLite database (and a fresh PostgreSQL one when BENCH_DATABASE_URL or
//     TEST_DATABASE_URL, an admin connection, is set);
//  2. times the service behind the reports page (last 12 months, both
//     countries) and the public figures of last year, median of several runs;
//  3. times the real page, `GET /nl/internal-privacy-rights/reports`, through
//     the production server (build/server.js) with an officer signed in.
// Goal: under a second. Prints figures; asserts nothing (the tests do).
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { migrateToLatest, openDatabase, type Db } from "../app/db/db.server";
import type { PrivacyRequestTable } from "../app/db/schema";
import type { RequestState, RightType } from "../app/domain/privacy-request";
import { computePublicFigures, defaultYear, figureYears } from "../app/services/reports/public-figures.server";
import { teamFigures } from "../app/services/reports/team-figures.server";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100_000);
const COMPLAINTS = 2_000;
const RUNS = 7;
const DAY = 86_400_000;
const PASSWORD = "Zomerse-Duinpan-58";
const SYSTEMS = ["crm", "newsletter", "subscriptions"];

/** The same rows on every run (mulberry32). */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function pick<T>(next: () => number, weighted: Array<[T, number]>): T {
  let roll = next() * weighted.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [value, weight] of weighted) if ((roll -= weight) < 0) return value;
  return weighted[0][0];
}

function syntheticRequest(index: number, next: () => number, now: number): PrivacyRequestTable {
  const country = next() < 0.6 ? "nl" : "be";
  const right = pick<RightType>(next, [["OBJECTION", 35], ["RIGHT_OF_ACCESS", 30], ["RIGHT_TO_BE_FORGOTTEN", 25], ["RECTIFICATION", 7], ...(country === "be" ? ([["REMOVAL_FROM_PUBLICATION", 3]] as Array<[RightType, number]>) : [])]);
  const created = now - next() * 730 * DAY;
  const iso = (at: number) => new Date(at).toISOString();
  const base = { verified_at: null as string | null, due_at: null as string | null, closed_at: null as string | null, extended_at: null as string | null };
  let state: RequestState;
  if (next() < 0.04) {
    state = created > now - 2 * DAY ? "AWAITING_VERIFICATION" : "EXPIRED";
  } else if (right === "OBJECTION") {
    // Carried out when confirmed; a third came by phone without e-mail (no confirmation at all).
    state = "COMPLETED";
    const at = created + (next() < 0.33 ? 0 : next() * 2 * DAY);
    Object.assign(base, { verified_at: next() < 0.33 ? null : iso(at), closed_at: iso(at) });
  } else {
    const verified = created + next() * 3 * DAY;
    let due = verified + 30 * DAY;
    base.verified_at = iso(verified);
    if (next() < 0.08) {
      base.extended_at = iso(verified + 20 * DAY);
      due += (next() < 0.5 ? 30 : 60) * DAY;
    }
    base.due_at = iso(due);
    // Mostly within the month, a tail beyond it.
    const closes = verified + Math.min(120, -Math.log(1 - next()) * 14) * DAY;
    const outcome = pick<RequestState>(next, [["COMPLETED", 88], ["REJECTED", 6], ["CLOSED", 3], ["IN_PROGRESS", 3]]);
    if (closes > now || outcome === "IN_PROGRESS") state = next() < 0.5 ? "OPEN" : "IN_PROGRESS";
    else [state, base.closed_at] = [outcome, iso(closes)];
  }
  const id = `bench-${index}`;
  return {
    id,
    reference: `PR-B${index.toString(36).toUpperCase().padStart(7, "0")}`,
    right_type: right,
    state,
    country,
    locale: country === "nl" ? "nl_nl" : next() < 0.6 ? "nl_be" : "fr_be",
    email: `bench${index}@veldhaven-test.nl`,
    phone_number: null,
    user_message: null,
    brand_keys: null,
    brand_name: null,
    article: null,
    publication_link: null,
    publication_date: null,
    user_info: null,
    touchpoint: null,
    verification_token_hash: null,
    verification_expires_at: null,
    created_at: iso(created),
    updated_at: iso(created),
    duplicate_of: null,
    paused_at: null,
    links_resent: 0,
    link_resent_at: null,
    reminder_token_hash: null,
    reminder_sent_at: null,
    assignee: null,
    assigned_at: null,
    email_key: null,
    phone_key: null,
    owner_reminded_at: null,
    ...base,
  };
}

async function inBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += size) await insert(rows.slice(start, start + size));
}

async function seed(db: Db) {
  const next = random(42);
  const now = Date.now();
  const requests = Array.from({ length: REQUESTS }, (_, index) => syntheticRequest(index, next, now));
  await db.transaction().execute(async (trx) => {
    await inBatches(requests, 500, (batch) => trx.insertInto("privacy_request").values(batch).execute());
    const at = new Date(now).toISOString();
    await trx
      .insertInto("data_system")
      .values(SYSTEMS.map((id) => ({ id, name: id, rights: "RIGHT_OF_ACCESS,RIGHT_TO_BE_FORGOTTEN", countries: "nl,be", channel: "manual" as const, webhook_url: null, secret_sealed: null, callback_token_hash: null, contact_email: null, contact_locale: null, created_at: at, updated_at: at })))
      .execute();
    const tasks = requests
      .filter((request) => request.verified_at && request.right_type !== "OBJECTION" && next() < 0.5)
      .flatMap((request) =>
        SYSTEMS.map((system, index) => {
          const created = Date.parse(request.verified_at!) + DAY;
          const answered = request.closed_at ? Math.min(Date.parse(request.closed_at), created + (index + 1) * next() * 6 * DAY) : null;
          return {
            id: `${request.id}-${system}`,
            request_id: request.id,
            system_id: system,
            channel: "manual" as const,
            state: answered ? ("DONE" as const) : ("OPEN" as const),
            reason: null,
            answered_by: answered ? "system" : null,
            answered_at: answered ? new Date(answered).toISOString() : null,
            contact_email: null,
            link_token_hash: null,
            link_expires_at: null,
            created_at: new Date(created).toISOString(),
          };
        }),
      );
    await inBatches(tasks, 1000, (batch) => trx.insertInto("system_task").values(batch).execute());
    await trx
      .insertInto("campaign_item")
      .values({ id: "NL-BENCH-1", country: "nl", status: "RUNNING", channel: "DIGITAL", sponsor_name: "Bench", sponsor_email: null, sponsor_address: null, payer_name: null, payer_email: null, payer_address: null, ultimate_beneficiary_owner_name: null, ultimate_beneficiary_owner_email: null, ultimate_beneficiary_owner_address: null, publication_start_date: "2025-01-01", publication_end_date: null, reach_lower_bound: null, reach_upper_bound: null, budget_lower_bound: null, budget_upper_bound: null, funding_origin_type: "PRIVATE", funding_region: "EU", campaign_context_type: "ELECTION", campaign_context_note_nl: null, campaign_context_note_fr: null, campaign_context_url: null, previous_publication_suspended: 0, language: "nl", version: 1, version_at: null, search_text: "bench", created_at: at, updated_at: at })
      .execute();
    const complaints = Array.from({ length: COMPLAINTS }, (_, index) => {
      const created = new Date(now - next() * 730 * DAY).toISOString();
      return {
        id: `bench-complaint-${index}`,
        reference: `PA-B${index}`,
        campaign_id: "NL-BENCH-1",
        country: next() < 0.6 ? ("nl" as const) : ("be" as const),
        reason: pick(next, [["MISLEADING", 4], ["INCORRECT", 3], ["DISCRIMINATORY", 2], ["ALCOHOL_DRUGS_SEX", 1]]),
        name: "Bench",
        email: `complaint${index}@veldhaven-test.nl`,
        explanation: "Bench",
        locale: "nl_nl" as const,
        state: pick(next, [["CLOSED", 7], ["IN_REVIEW", 2], ["RECEIVED", 1]] as Array<["CLOSED" | "IN_REVIEW" | "RECEIVED", number]>),
        created_at: created,
        updated_at: created,
        assignee: null,
        assigned_at: null,
        email_key: null,
      };
    });
    await inBatches(complaints, 500, (batch) => trx.insertInto("political_ad_complaint").values(batch).execute());
    console.log(`  loaded ${requests.length} requests, ${tasks.length} tasks, ${complaints.length} ad reports`);
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timed(label: string, run: () => Promise<unknown>) {
  await run();
  const times: number[] = [];
  for (let index = 0; index < RUNS; index++) {
    const began = performance.now();
    await run();
    times.push(performance.now() - began);
  }
  console.log(`  ${label}: median ${median(times).toFixed(0)} ms of ${RUNS} runs (max ${Math.max(...times).toFixed(0)} ms; goal < 1000 ms)`);
}

function lastTwelveMonths() {
  const to = new Date();
  const from = new Date(to.getTime() - 365 * DAY);
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
}

async function timeServices(db: Db) {
  const period = lastTwelveMonths();
  await timed(`service, reports ${period.from} – ${period.to}, both countries`, () => teamFigures(db, { ...period, country: null }));
  await timed(`service, reports ${period.from} – ${period.to}, Belgium`, () => teamFigures(db, { ...period, country: "be" }));
  const years = await figureYears(db, "nl");
  await timed(`service, public figures ${defaultYear(years)}, the Netherlands`, () => computePublicFigures(db, "nl", defaultYear(years), years));
  const figures = await teamFigures(db, { ...period, country: null });
  const { total } = figures.requests;
  console.log(
    `  figures: ${total.received} received, ${total.answered} answered (${total.completed} completed, ${total.rejected} rejected), ${((100 * total.answeredWithinDeadline) / total.answered).toFixed(1)} % within the deadline, ${total.extended} extended, ${total.overdueNow} overdue now; median ${total.medianDays} days, p90 ${total.p90Days} days; ${figures.adReports.total} ad reports; ${figures.systems.length} systems, ${figures.systems.reduce((sum, system) => sum + system.tasks, 0)} tasks`,
  );
}

function exchange(port: number, options: { method?: string; path: string; headers?: Record<string, string>; body?: string }) {
  return new Promise<{ status: number; cookies: string[]; body: string }>((resolve, reject) => {
    const outgoing = http.request({ host: "127.0.0.1", port, method: options.method ?? "GET", path: options.path, headers: { Host: `nl.localhost:${port}`, ...options.headers } }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, cookies: (response.headers["set-cookie"] ?? []).map((cookie) => cookie.split(";")[0]), body }));
    });
    outgoing.on("error", reject);
    outgoing.end(options.body);
  });
}

/** The production server on the seeded database, an officer signed in through the login form, the page asked for. */
async function timePage(env: Record<string, string>) {
  const port = 4600 + Math.floor(Math.random() * 400);
  // The overload guard off, as in the e2e server: better-sqlite3 answers synchronously, so the figures' own
  // queries hold the event loop for their whole time, and the guard would shed the next run as load.
  const serverEnv = { ...process.env, NODE_ENV: "production", PORT: String(port), LOG_LEVEL: "error", OVERLOAD_EVENT_LOOP_DELAY_MS: "0", OVERLOAD_MAX_QUEUE_MS: "0", ...env };
  execFileSync(path.join("node_modules", ".bin", "tsx"), ["scripts/staff.ts", "add", "bench-officer@veldhavenmedia.nl", "--role", "officer"], { input: `${PASSWORD}\n`, env: serverEnv, stdio: ["pipe", "ignore", "inherit"] });
  const server = spawn(process.execPath, ["build/server.js"], { env: serverEnv, stdio: ["ignore", "ignore", "inherit"] });
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
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: `http://nl.localhost:${port}`, Cookie: login.cookies.join("; ") },
      body: new URLSearchParams({ form: "staff-login", email: "bench-officer@veldhavenmedia.nl", password: PASSWORD }).toString(),
    });
    const cookie = signedIn.cookies.join("; ");
    const { from, to } = lastTwelveMonths();
    const page = `/nl/internal-privacy-rights/reports?${new URLSearchParams({ from, to })}`;
    const first = await exchange(port, { path: page, headers: { Cookie: cookie } });
    if (first.status !== 200) throw new Error(`the reports page answered ${first.status}`);
    await timed(`HTTP GET ${page} (signed-in officer, whole page)`, async () => {
      const answer = await exchange(port, { path: page, headers: { Cookie: cookie } });
      if (answer.status !== 200) throw new Error(`answered ${answer.status}`);
    });
    await timed("HTTP GET the same figures as CSV", async () => {
      const answer = await exchange(port, { path: page.replace("/reports?", "/reports/export?"), headers: { Cookie: cookie } });
      if (answer.status !== 200) throw new Error(`the CSV answered ${answer.status}`);
    });
  } finally {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
}

async function sqliteBench() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-reports-"));
  const handle = openDatabase({ kind: "sqlite", file: path.join(dataDir, "app.sqlite") });
  await migrateToLatest(handle.db);
  console.log("SQLite:");
  let began = performance.now();
  await seed(handle.db);
  console.log(`  (loading took ${((performance.now() - began) / 1000).toFixed(1)} s)`);
  began = performance.now();
  await timeServices(handle.db);
  await handle.db.destroy();
  if (fs.existsSync("build/server.js")) await timePage({ DATA_DIR: dataDir });
  else console.log("  (no build: run `npm run build` to time the page through the server)");
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function postgresBench(adminUrl: string) {
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
    console.log("PostgreSQL:");
    await seed(handle.db);
    await timeServices(handle.db);
    await handle.db.destroy();
    if (fs.existsSync("build/server.js")) {
      await timePage({
        DATABASE_URL: url.toString(),
        DATA_DIR: dataDir,
        SESSION_SECRET: "bench-reports-session-secret-0123456789abcdef",
        FILE_ENCRYPTION_KEY: "0123456789abcdef".repeat(4),
        PUBLIC_ORIGIN_NL: "https://privacy.veldhavenmedia.nl",
        PUBLIC_ORIGIN_BE: "https://privacy.veldhavenmedia.be",
        ALLOWED_HOSTS: "nl.localhost,be.localhost",
      });
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await sqliteBench();
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (adminUrl) await postgresBench(adminUrl);
else console.log("PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL (an admin connection) to run it there too.");
process.exit(0);
