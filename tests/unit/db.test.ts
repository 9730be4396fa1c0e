import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createDb, isDatabaseReady, migrateToLatest, recordStart, type Db } from "~/db/db.server";

type Target = { name: string; open: () => Promise<Db>; cleanup?: () => Promise<void> };

const targets: Target[] = [
  {
    name: "sqlite",
    open: async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "db-test-"));
      return createDb({ kind: "sqlite", file: path.join(dir, "test.sqlite") });
    },
  },
];

// With TEST_DATABASE_URL (set by .ci/run) the same tests run on PostgreSQL,
// each run in a database of its own.
const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) {
  const name = `test_${process.pid}_${Date.now()}`;
  targets.push({
    name: "postgres",
    open: async () => {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return createDb({ kind: "postgres", url: url.toString() });
    },
    cleanup: async () => {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  });
}

describe.each(targets)("database on $name", (target) => {
  let db: Db;
  afterAll(async () => {
    await db?.destroy();
    await target.cleanup?.();
  });

  it("runs the migrations once and is ready", async () => {
    db = await target.open();
    expect(await migrateToLatest(db)).toContain("001-app-meta");
    expect(await migrateToLatest(db)).toEqual([]);
    expect(await isDatabaseReady(db)).toBe(true);
  });

  it("writes and updates the app_meta table", async () => {
    await recordStart(db, new Date("2026-01-01T00:00:00Z"));
    await recordStart(db, new Date("2026-02-01T00:00:00Z"));
    const rows = await db.selectFrom("app_meta").selectAll().execute();
    expect(rows).toEqual([
      { key: "last_started_at", value: "2026-02-01T00:00:00.000Z", updated_at: "2026-02-01T00:00:00.000Z" },
    ]);
  });
});

it("reports a database that does not answer as not ready", async () => {
  const db = createDb({ kind: "postgres", url: "postgres://nobody@127.0.0.1:1/none" });
  expect(await isDatabaseReady(db)).toBe(false);
  await db.destroy();
});
