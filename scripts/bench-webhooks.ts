// `npm run bench:webhooks`: the systems' webhooks, measured.
//  1. throughput: N deliveries queued (N requests started by an officer,
//     one webhook system), then one worker sends them to a local receiver
//     that verifies every signature with the `standardwebhooks` package;
//  2. delay from an officer starting a request to the receiver having the
//     task, p50 and p99, requests started one after the other;
//  3. the production server killed (SIGKILL) while deliveries are pending and
//     started again: every delivery arrives, and only those in flight at the
//     kill arrive a second time, with the same webhook-id; on SQLite, and on
//     PostgreSQL with two instances (one killed) when TEST_DATABASE_URL is set;
//  4. a receiver down 60 s with 500 deliveries waiting (each tried twice and
//     failed, then waiting 5 min by the schedule): the time from its return to
//     the last arrival, with the production defaults (probe every 5 s), and
//     how many arrived twice.
// Prints figures; asserts nothing (the tests do).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

import pg from "pg";
import pino from "pino";
import { Webhook } from "standardwebhooks";

const SECRET = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
const FILE_KEY = "0123456789abcdef".repeat(4);
const THROUGHPUT_N = Number(process.env.BENCH_WEBHOOKS ?? 2000);
const LATENCY_N = 200;
const KILL_N = 300;
const OUTAGE_N = Number(process.env.BENCH_WEBHOOKS_OUTAGE ?? 500);
const OUTAGE_MS = Number(process.env.BENCH_WEBHOOKS_OUTAGE_SECONDS ?? 60) * 1000;

type Receipt = { id: string; at: number; createdAt: number; verified: boolean };

/** A receiver that verifies each delivery, answers 204 after `delayMs`, and notes when each arrived. */
async function receiver(delayMs = 0, port = 0) {
  const receipts: Receipt[] = [];
  const verifier = new Webhook(SECRET);
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let verified = true;
      try {
        verifier.verify(body, request.headers as Record<string, string>);
      } catch {
        verified = false;
      }
      const at = performance.timeOrigin + performance.now();
      setTimeout(() => {
        receipts.push({
          id: String(request.headers["webhook-id"]),
          at,
          createdAt: Date.parse(JSON.parse(body).timestamp),
          verified,
        });
        response.statusCode = 204;
        response.end();
      }, delayMs);
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    receipts,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const waitFor = async (done: () => boolean | Promise<boolean>, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** The app's own code, configured for one database: the same service calls an officer's page makes. */
async function appFor(env: Record<string, string>) {
  Object.assign(process.env, {
    LOG_LEVEL: "silent",
    EMAIL_DOMAIN_CHECK: "false",
    PRIVACY_RATE_LIMIT_PER_HOUR: "100000",
    RATE_LIMIT_PER_HOUR: "100000",
    TARGET_LIMIT_PER_HOUR: "1000",
    TARGET_LIMIT_PER_DAY: "10000",
    FILE_ENCRYPTION_KEY: FILE_KEY,
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: "1",
    ...env,
  });
  const { getConfig } = await import("../app/config.server");
  const { openDatabase, migrateToLatest } = await import("../app/db/db.server");
  const handle = openDatabase(getConfig().database);
  await migrateToLatest(handle.db);
  const { saveSystems } = await import("../app/services/systems/register.server");
  const { dataSystemSchema } = await import("../app/validation/data-system");
  const { submitPrivacyRequest } = await import("../app/services/privacy-request/record.server");
  const { startHandling } = await import("../app/services/privacy-request/back-office.server");
  const { startWebhookWorker } = await import("../app/services/systems/webhook-worker.server");
  let count = 0;
  return {
    handle,
    register: (url: string) =>
      saveSystems(handle.db, [
        dataSystemSchema.parse({
          id: "bench",
          name: "Bench",
          rights: ["RIGHT_TO_BE_FORGOTTEN"],
          countries: ["nl"],
          channel: "webhook",
          webhookUrl: url,
          secret: SECRET,
          callbackToken: "vhs_".padEnd(40, "b"),
        }),
      ]),
    /** One request, verified, then started by an officer: its task and delivery are written in that transaction. */
    async startOne(): Promise<void> {
      count += 1;
      const outcome = await submitPrivacyRequest(
        { flowType: "RIGHT_TO_BE_FORGOTTEN", email: `bench${count}-${Date.now()}@veldhaven-test.nl` },
        { country: "nl", locale: "nl_nl", language: "nl" },
        {
          requestOrigin: "http://nl.localhost",
          clientIp: `10.${count >> 16}.${(count >> 8) & 255}.${count & 255}`,
          db: handle.db,
        },
      );
      if (outcome.status !== "accepted") throw new Error(`not accepted: ${outcome.status}`);
      await handle.db
        .updateTable("privacy_request")
        .set({
          state: "OPEN",
          verified_at: new Date().toISOString(),
          due_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        })
        .where("id", "=", outcome.id)
        .execute();
      const started = await startHandling(handle.db, outcome.reference, { email: "bench@veldhavenmedia.nl" }, "");
      if (started.status !== "done") throw new Error("not started");
    },
    worker: (options: { intervalMs: number; concurrency?: number; probeIntervalMs?: number }) =>
      startWebhookWorker(handle, { logger: pino({ level: "silent" }), ...options }),
    pending: async () =>
      Number(
        (
          await handle.db
            .selectFrom("webhook_delivery")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("status", "!=", "delivered")
            .executeTakeFirstOrThrow()
        ).n,
      ),
    deliveryIds: async () =>
      (await handle.db.selectFrom("webhook_delivery").select("id").execute()).map((row) => row.id),
  };
}

function spawnServer(env: Record<string, string>, port: number): { child: ChildProcess; up: Promise<void> } {
  const child = spawn(process.execPath, ["build/server.js"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const up = waitFor(
    () =>
      fetch(`http://127.0.0.1:${port}/healthz`).then(
        (response) => response.ok,
        () => false,
      ),
    30_000,
  );
  return { child, up };
}

let nextPort = 4100 + Math.floor(Math.random() * 500);

/** Queues KILL_N deliveries, lets `servers` send them to a slow receiver, kills the first mid-way, starts it again. */
async function killMidway(label: string, env: Record<string, string>, instances: number) {
  const app = await appFor(env);
  const slow = await receiver(150);
  await app.register(slow.url);
  for (let index = 0; index < KILL_N; index++) await app.startOne();
  const serverEnv = {
    ...env,
    WEBHOOK_POLL_INTERVAL_MS: "100",
    WEBHOOK_LEASE_SECONDS: "3",
    FILE_ENCRYPTION_KEY: FILE_KEY,
  };
  const ports = Array.from({ length: instances }, () => nextPort++);
  const servers = ports.map((port) => spawnServer(serverEnv, port));
  await Promise.all(servers.map((server) => server.up));
  await waitFor(() => slow.receipts.length >= KILL_N / 3, 120_000);
  servers[0].child.kill("SIGKILL");
  const atKill = slow.receipts.length;
  const restarted = spawnServer(serverEnv, ports[0]);
  await restarted.up;
  await waitFor(async () => (await app.pending()) === 0, 180_000);
  // What was in flight at the kill may still be arriving a second time.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const counts = new Map<string, number>();
  for (const receipt of slow.receipts) counts.set(receipt.id, (counts.get(receipt.id) ?? 0) + 1);
  const ids = await app.deliveryIds();
  const missing = ids.filter((id) => !counts.has(id)).length;
  const twice = [...counts.values()].filter((n) => n === 2).length;
  const more = [...counts.values()].filter((n) => n > 2).length;
  console.log(
    `${label}: ${KILL_N} deliveries, ${instances} instance(s), one killed (SIGKILL) after ${atKill} had arrived; after its restart: ${ids.length - missing}/${ids.length} arrived, ${missing} lost, ${twice} arrived twice (in flight at the kill, same webhook-id), ${more} more than twice; signatures valid: ${slow.receipts.every((receipt) => receipt.verified)}`,
  );
  for (const server of [restarted, ...servers.slice(1)]) server.child.kill("SIGTERM");
  await slow.close();
  await app.handle.db.destroy();
}

/** Each part in a process of its own: the app's configuration is read once per process. */
async function throughputAndDelay() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-webhooks-"));
  const app = await appFor({ DATA_DIR: dataDir });
  const fast = await receiver();
  await app.register(fast.url);

  // 1. Throughput.
  let began = performance.now();
  for (let index = 0; index < THROUGHPUT_N; index++) await app.startOne();
  const seeding = (performance.now() - began) / 1000;
  began = performance.now();
  const worker = app.worker({ intervalMs: 50, concurrency: 16 });
  await waitFor(async () => fast.receipts.length >= THROUGHPUT_N && (await app.pending()) === 0, 300_000);
  const sending = (performance.now() - began) / 1000;
  console.log(`SQLite, one worker (16 at once), local receiver verifying every signature:`);
  console.log(
    `  ${THROUGHPUT_N} requests started by an officer (task and delivery written with each): ${(THROUGHPUT_N / seeding).toFixed(0)} per second`,
  );
  console.log(
    `  ${THROUGHPUT_N} deliveries sent and recorded in ${sending.toFixed(1)} s: ${(THROUGHPUT_N / sending).toFixed(0)} deliveries per second (goal ≥ 200); signatures valid: ${fast.receipts.every((receipt) => receipt.verified)}`,
  );

  // 2. Delay from the start of processing to the receiver, with the worker woken as the server's action wakes it.
  const before = fast.receipts.length;
  for (let index = 0; index < LATENCY_N; index++) {
    await app.startOne();
    worker.wake();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await waitFor(() => fast.receipts.length >= before + LATENCY_N, 60_000);
  const delays = fast.receipts.slice(before).map((receipt) => receipt.at - receipt.createdAt);
  console.log(
    `  start of processing → receiver, ${LATENCY_N} requests one after the other: p50 ${percentile(delays, 50).toFixed(0)} ms, p99 ${percentile(delays, 99).toFixed(0)} ms`,
  );
  await worker.stop();
  await fast.close();
  await app.handle.db.destroy();
}

/** A port that nobody listens on yet. */
async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** OUTAGE_N deliveries to a receiver that is down for OUTAGE_MS, then answers: how soon do they all arrive, and none twice? */
async function outage() {
  const app = await appFor({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "bench-webhooks-outage-")) });
  const port = await freePort();
  await app.register(`http://127.0.0.1:${port}/hooks`);
  for (let index = 0; index < OUTAGE_N; index++) await app.startOne();
  // The production defaults: a poll every 2 s, a probe every 5 s, the default retry schedule.
  const worker = app.worker({ intervalMs: 2000, probeIntervalMs: 5000 });
  const downAt = performance.now();
  await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
  const attempts = await app.handle.db
    .selectFrom("webhook_delivery")
    .select((eb) => [eb.fn.min("attempts").as("min"), eb.fn.max("attempts").as("max")])
    .executeTakeFirstOrThrow();
  const back = await receiver(0, port);
  const backAt = performance.timeOrigin + performance.now();
  await waitFor(async () => (await app.pending()) === 0, 600_000);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const counts = new Map<string, number>();
  for (const receipt of back.receipts) counts.set(receipt.id, (counts.get(receipt.id) ?? 0) + 1);
  const ids = await app.deliveryIds();
  const lastAt = Math.max(...back.receipts.map((receipt) => receipt.at));
  const firstAt = Math.min(...back.receipts.map((receipt) => receipt.at));
  console.log(
    `Receiver down ${((backAt - performance.timeOrigin - downAt) / 1000).toFixed(0)} s with ${OUTAGE_N} deliveries waiting (each tried ${attempts.min}–${attempts.max} times meanwhile; next retry by the schedule: 5 min), probe every 5 s:`,
  );
  console.log(
    `  after its return: first arrival ${((firstAt - backAt) / 1000).toFixed(1)} s, last ${((lastAt - backAt) / 1000).toFixed(1)} s (goal ≤ 10 s); ${ids.filter((id) => counts.has(id)).length}/${ids.length} arrived, ${[...counts.values()].filter((n) => n > 1).length} more than once; signatures valid: ${back.receipts.every((receipt) => receipt.verified)}`,
  );
  await worker.stop();
  await back.close();
  await app.handle.db.destroy();
}

const PG_ENV = {
  SESSION_SECRET: "bench-webhooks-session-secret-0123456789abcdef",
  PUBLIC_ORIGIN_NL: "https://privacy.veldhavenmedia.nl",
  PUBLIC_ORIGIN_BE: "https://privacy.veldhavenmedia.be",
  ALLOWED_HOSTS: "nl.localhost,be.localhost",
};

function runPart(part: string, env: Record<string, string> = {}) {
  const result = spawnSync(path.join("node_modules", ".bin", "tsx"), ["scripts/bench-webhooks.ts", part], {
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) throw new Error(`${part} failed`);
}

async function main() {
  if (!fs.existsSync("build/server.js")) throw new Error("Run `npm run build` first.");
  runPart("throughput");
  runPart("kill-sqlite");
  runPart("outage");
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    console.log("PostgreSQL: set TEST_DATABASE_URL (an admin connection) to run the two-instance case.");
    return;
  }
  const name = `bench_webhooks_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    runPart("kill-postgres", { BENCH_DATABASE_URL: url.toString() });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const part = process.argv[2];
if (part === "throughput") await throughputAndDelay();
else if (part === "outage") await outage();
else if (part === "kill-sqlite")
  await killMidway("SQLite", { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "bench-webhooks-kill-")) }, 1);
else if (part === "kill-postgres") {
  await killMidway(
    "PostgreSQL",
    {
      ...PG_ENV,
      DATABASE_URL: process.env.BENCH_DATABASE_URL!,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "bench-webhooks-pg-")),
    },
    2,
  );
} else await main();
process.exit(0);
