/**
 * `/readyz` says 503 when the database answers reads but
 * cannot be written (server/health.ts, app/db/write-probe.server.ts), so a
 * load balancer stops sending visitors whose forms would all get 503; and
 * the probe writes at most once a second, never twice at once, and never
 * keeps a probe waiting on a write that hangs (server/database-readiness.ts).
 */
import http from "node:http";
import type net from "node:net";

import SQLite from "better-sqlite3";
import express from "express";
import { Kysely, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { openDatabase, type DatabaseHandle } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { sqliteDialect } from "~/db/sqlite-dialect.server";

import { request } from "../tests/setup/spawn-server";
import { describeEachDatabase, type DatabaseFixture } from "../tests/setup/unit-database";
import { useTestConfig, useTestDatabaseAsProcessDatabase } from "../tests/setup/unit-process";
import { databaseWriteReadiness } from "./database-readiness";
import { healthRoutes } from "./health";

/** The same database opened again by a process that may read it but not write it. */
async function openReadOnly(writable: DatabaseHandle): Promise<DatabaseHandle> {
  if (writable.kind === "sqlite") {
    const sqlite = new SQLite(writable.sqlite.name, { readonly: true });
    return { kind: "sqlite", sqlite, db: new Kysely<Database>({ dialect: sqliteDialect(sqlite) }) };
  }
  // What a hot standby (or a server switched to read-only) answers to every write.
  const name = (await sql<{ name: string }>`select current_database() as name`.execute(writable.db)).rows[0].name;
  await sql.raw(`alter database "${name}" set default_transaction_read_only = on`).execute(writable.db);
  return openDatabase({ kind: "postgres", url: writable.pool.options.connectionString! });
}

async function readyz(): Promise<{ status: number; body: string }> {
  const server = http.createServer(express().use(healthRoutes(() => false)));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const answer = await request((server.address() as net.AddressInfo).port, { path: "/readyz" });
    return { status: answer.status, body: answer.body };
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

describeEachDatabase("/readyz on $name", (writable) => {
  useTestConfig();
  let readOnly: DatabaseHandle | undefined;
  let processDatabase: "writable" | "read-only";
  const current = (): DatabaseHandle => (processDatabase === "writable" ? writable.handle : readOnly!);
  beforeEach(async () => {
    readOnly = await openReadOnly(writable.handle);
  });
  afterEach(async () => {
    await readOnly?.db.destroy();
    readOnly = undefined;
  });
  const processFixture: DatabaseFixture = {
    get handle() {
      return current();
    },
    get db() {
      return current().db;
    },
    get kind() {
      return current().kind;
    },
  };

  describe("with a database that takes writes", () => {
    beforeEach(() => void (processDatabase = "writable"));
    useTestDatabaseAsProcessDatabase(processFixture);

    it("is ready, and the probe's write is one row of app_meta", async () => {
      expect(await readyz()).toEqual({ status: 200, body: "ready" });
      expect(await readyz()).toEqual({ status: 200, body: "ready" });
      const probeRows = await writable.db
        .selectFrom("app_meta")
        .select("key")
        .where("key", "=", "write_probe_at")
        .execute();
      expect(probeRows).toHaveLength(1);
    });
  });

  describe("with a database that answers reads but refuses writes", () => {
    beforeEach(() => void (processDatabase = "read-only"));
    useTestDatabaseAsProcessDatabase(processFixture);

    it("is not ready", async () => {
      // Reads still work: a `select 1` would call it ready.
      expect((await sql<{ one: number }>`select 1 as one`.execute(readOnly!.db)).rows).toEqual([{ one: 1 }]);
      expect(await readyz()).toEqual({ status: 503, body: "database unavailable" });
    });
  });
});

describe("the write probe's pace", () => {
  let clock = 0;
  const logged: string[] = [];
  const logger = () => ({
    warn: (_details: object, message: string) => logged.push(message),
    info: (message: string) => logged.push(message),
  });
  beforeEach(() => {
    clock = 0;
    logged.length = 0;
  });

  it("writes at most once per second however many probes come, and never twice at once", async () => {
    let writes = 0;
    const ready = databaseWriteReadiness(async () => void writes++, { now: () => clock, logger });
    expect(await Promise.all(Array.from({ length: 10 }, ready))).toEqual(Array(10).fill(true));
    expect(writes).toBe(1);
    clock = 999;
    expect(await ready()).toBe(true);
    expect(writes).toBe(1);
    clock = 1000;
    expect(await ready()).toBe(true);
    expect(writes).toBe(2);
  });

  it("says not ready after the wait when the write hangs, and starts no second write meanwhile", async () => {
    let writes = 0;
    const ready = databaseWriteReadiness(() => (writes++, new Promise<void>(() => {})), {
      now: () => clock,
      waitMs: 20,
      logger,
    });
    expect(await ready()).toBe(false);
    clock = 5000;
    expect(await ready()).toBe(false);
    expect(writes).toBe(1);
  });

  it("logs the change each way once, with the database's error", async () => {
    let failing = true;
    const ready = databaseWriteReadiness(
      async () => {
        if (failing) throw new Error("SQLITE_FULL: database or disk is full");
      },
      { now: () => clock, logger },
    );
    for (const at of [0, 1000, 2000]) {
      clock = at;
      expect(await ready()).toBe(false);
    }
    failing = false;
    clock = 3000;
    expect(await ready()).toBe(true);
    clock = 4000;
    expect(await ready()).toBe(true);
    expect(logged).toEqual([
      "the database refuses writes: /readyz answers 503",
      "the database takes writes again: /readyz answers 200",
    ]);
  });
});
