import { afterAll, describe, expect, it } from "vitest";
import { createDb, isDatabaseReady, migrateToLatest, recordStart, type DatabaseHandle } from "~/db/db.server";
import { testDatabases } from "../setup/test-databases";

describe.each(testDatabases())("database on $name", (target) => {
  let handle: DatabaseHandle;
  afterAll(async () => {
    await handle?.db.destroy();
    await target.cleanup?.();
  });

  it("runs the migrations once and is ready", async () => {
    handle = await target.open();
    expect(await migrateToLatest(handle.db)).toEqual(["001-app-meta", "002-contact-and-outbox", "003-privacy-requests", "004-political-ads", "005-staff", "006-complaint-events"]);
    expect(await migrateToLatest(handle.db)).toEqual([]);
    expect(await isDatabaseReady(handle.db)).toBe(true);
  });

  it("writes and updates the app_meta table", async () => {
    await recordStart(handle.db, new Date("2026-01-01T00:00:00Z"));
    await recordStart(handle.db, new Date("2026-02-01T00:00:00Z"));
    const rows = await handle.db.selectFrom("app_meta").selectAll().execute();
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
