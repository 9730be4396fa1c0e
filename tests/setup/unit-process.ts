/**
 * What the app reads from the process, pointed at a test's own: the
 * configuration (`getConfig`, the process's singleton "config") and the
 * database (`getDb`, its singleton "database"). The real modules run;
 * only their process-wide values are swapped for the test's, and put back
 * afterwards, so a test never reads the developer's environment or ./data.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterEach, beforeEach } from "vitest";

import { getConfig, parseConfig, resolveConfig, type Config } from "~/config.server";
import type { DatabaseHandle } from "~/db/db.server";
import { getDb } from "~/db/instance.server";
import { singleton } from "~/utils/singleton.server";

import type { DatabaseFixture } from "./unit-database";

type Environment = Record<string, string | undefined>;

// The names the modules keep them under (app/utils/singleton.server.ts).
const processConfig = singleton<Config>("config");
const processDatabase = singleton<Promise<DatabaseHandle>>("database");
const processLogger = singleton<unknown>("logger");

/** The same for every test, so that cookies the modules sign once (they keep the cookie) stay readable. */
export const TEST_SESSION_SECRET = "unit-test-session-secret-0123456789abcdef";

/** Fixed too, so that files sealed in one test's configuration open in the next. */
const TEST_FILE_KEY = "0123456789abcdef".repeat(4);

export type TestConfigFixture = {
  /** Replaces the configuration of the running test: the base environment with `environment` over it. */
  set: (environment?: Environment) => Config;
};

/**
 * Registers, in the surrounding `describe`, a `beforeEach` that gives the
 * process a configuration made from `base` (validated by the real
 * `parseConfig`; a DATA_DIR of its own, a fixed SESSION_SECRET, silent logs),
 * and an `afterEach` that puts the previous one back. `base` may be a
 * function, for values known only once a `beforeAll` ran (a server's port).
 */
export function useTestConfig(base: Environment | (() => Environment) = {}): TestConfigFixture {
  let dataDir: string | undefined;
  let previous: { config?: Config; logger?: unknown } = {};
  const set = (environment: Environment = {}) => {
    if (!dataDir) throw new Error("The test configuration exists only while a test runs.");
    const config = resolveConfig(
      parseConfig({
        DATA_DIR: dataDir,
        SESSION_SECRET: TEST_SESSION_SECRET,
        FILE_ENCRYPTION_KEY: TEST_FILE_KEY,
        LOG_LEVEL: "silent",
        ...(typeof base === "function" ? base() : base),
        ...environment,
      }),
    );
    processConfig.set(config);
    // The logger takes its level from the configuration once.
    processLogger.set(undefined);
    if (getConfig() !== config)
      throw new Error('getConfig() does not read the singleton "config" any more: update tests/setup/unit-process.ts.');
    return config;
  };
  beforeEach(() => {
    previous = { config: processConfig.peek(), logger: processLogger.peek() };
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "unit-config-"));
    set();
  });
  afterEach(() => {
    processConfig.set(previous.config);
    processLogger.set(previous.logger);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    dataDir = undefined;
  });
  return { set };
}

/**
 * Registers a `beforeEach` that makes the test's database the process's
 * (what `getDb()` answers, so modules that take no `db` argument, like the
 * staff cookie's sessions, use it) and an `afterEach` that puts the previous
 * one back. Call it after `useTestDatabase` / inside `describeEachDatabase`,
 * so that the database exists first.
 */
export function useTestDatabaseAsProcessDatabase(database: DatabaseFixture): void {
  let previous: Promise<DatabaseHandle> | undefined;
  beforeEach(async () => {
    previous = processDatabase.peek();
    processDatabase.set(Promise.resolve(database.handle));
    if ((await getDb()) !== database.db)
      throw new Error('getDb() does not read the singleton "database" any more: update tests/setup/unit-process.ts.');
  });
  afterEach(() => {
    processDatabase.set(previous);
    previous = undefined;
  });
}
