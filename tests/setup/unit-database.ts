import { afterEach, beforeEach, describe } from "vitest";

import { migrateToLatest, openDatabase, type DatabaseHandle, type Db } from "~/db/db.server";

import { databaseTargets, sqliteDatabase, type DatabaseTarget, type TestDatabase } from "./test-databases";

/**
 * The database of the test that is running. Every test gets a new one, so a
 * test sees only what it (or its own `beforeEach`) wrote, and passes alone
 * and in any order.
 */
export type DatabaseFixture = {
  readonly handle: DatabaseHandle;
  readonly db: Db;
  readonly kind: DatabaseHandle["kind"];
};

export type DatabaseFixtureOptions = {
  /** Bring the schema up to date before the test (default); `false` leaves it empty. */
  migrate?: boolean;
};

/**
 * Registers, in the surrounding `describe`, a `beforeEach` that creates a
 * fresh database (migrated unless `migrate: false`) and an `afterEach` that
 * closes and deletes it. A `beforeEach` declared after this call runs after
 * the database exists, so it can seed what its tests need.
 */
export function useTestDatabase(
  target: DatabaseTarget = sqliteDatabase,
  { migrate = true }: DatabaseFixtureOptions = {},
): DatabaseFixture {
  let current: TestDatabase | undefined;
  beforeEach(async () => {
    current = await target.create();
    if (migrate) await migrateToLatest(current.handle.db);
  });
  afterEach(async () => {
    const finished = current;
    current = undefined;
    await finished?.dispose();
  });
  const handle = () => {
    if (!current) throw new Error("The test database exists only while a test runs (in beforeEach, it or afterEach).");
    return current.handle;
  };
  return {
    get handle() {
      return handle();
    },
    get db() {
      return handle().db;
    },
    get kind() {
      return handle().kind;
    },
  };
}

/**
 * `describe` once per database the tests run on (SQLite, and PostgreSQL when
 * TEST_DATABASE_URL is set); `$name` in the title is the database's name.
 * Each test inside gets a fresh database (see `useTestDatabase`).
 */
export function describeEachDatabase(
  title: string,
  body: (database: DatabaseFixture) => void,
  options: DatabaseFixtureOptions = {},
): void {
  describe.each(databaseTargets())(title, (target) => {
    body(useTestDatabase(target, options));
  });
}

/** Another instance's own connection to the test's database (close it with `.db.destroy()`). */
export function secondConnection(handle: DatabaseHandle): DatabaseHandle {
  return handle.kind === "sqlite"
    ? openDatabase({ kind: "sqlite", file: handle.sqlite.name })
    : openDatabase({ kind: "postgres", url: handle.pool.options.connectionString! });
}
