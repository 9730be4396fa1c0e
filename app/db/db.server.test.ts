import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import SQLite from "better-sqlite3";
import { expect, it } from "vitest";

import { createDb, isDatabaseReady, migrateToLatest, recordStart } from "~/db/db.server";

import { describeEachDatabase } from "../../tests/setup/unit-database";

describeEachDatabase(
  "database on $name",
  (database) => {
    it("runs the migrations once and is ready", async () => {
      expect(await migrateToLatest(database.db)).toEqual([
        "001-app-meta",
        "002-contact-and-outbox",
        "003-privacy-requests",
        "004-political-ads",
        "005-staff",
        "006-complaint-events",
        "007-country-in-one-case",
        "008-staff-two-factor",
        "009-outbox-priority",
        "010-submission-keys",
        "011-request-files",
        "012-status-links",
        "013-duplicates-and-questions",
        "014-verification-resend",
        "015-campaign-versions",
        "016-reply-links",
        "017-staff-kept-forms",
        "018-data-systems",
        "019-system-events",
        "020-case-work",
        "021-figure-indexes",
        "022-webhook-network",
        "023-every-right",
        "024-lift-notice-and-decision",
        "025-figure-rollups",
        "026-back-office-indexes",
      ]);
      expect(await migrateToLatest(database.db)).toEqual([]);
      expect(await isDatabaseReady(database.db)).toBe(true);
    });
  },
  { migrate: false },
);

describeEachDatabase("database on $name", (database) => {
  it("writes and updates the app_meta table", async () => {
    await recordStart(database.db, new Date("2026-01-01T00:00:00Z"));
    await recordStart(database.db, new Date("2026-02-01T00:00:00Z"));
    const rows = await database.db.selectFrom("app_meta").selectAll().execute();
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

it("on SQLite a read-then-write transaction holds the write lock from its start, so another process's commit cannot fail it", async () => {
  const dir = mkdtempSync(join(tmpdir(), "immediate-"));
  const file = join(dir, "app.db");
  const db = createDb({ kind: "sqlite", file });
  await migrateToLatest(db);
  // Another process (the CLI, a second server) on the same file, not waiting.
  const other = new SQLite(file);
  other.pragma("busy_timeout = 0");
  const otherWrite = () =>
    other.prepare("insert into app_meta (key, value, updated_at) values (?, 'x', 'x')").run(randomUUID());
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom("app_meta").selectAll().execute();
    expect(otherWrite).toThrow(/locked|busy/i);
    await recordStart(trx, new Date("2026-03-01T00:00:00Z"));
  });
  otherWrite();
  expect(
    await db.selectFrom("app_meta").select("value").where("key", "=", "last_started_at").executeTakeFirstOrThrow(),
  ).toEqual({ value: "2026-03-01T00:00:00.000Z" });
  other.close();
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});
