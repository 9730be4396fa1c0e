import { getConfig } from "~/config.server";
import { singleton } from "~/utils/singleton.server";

import { migrateToLatest, openDatabase, recordStart, type DatabaseHandle, type Db } from "./db.server";

// One per process (app/utils/singleton.server.ts): Vite's module reloads in
// development and the separately bundled server entry share one connection pool.
const processDatabase = singleton<Promise<DatabaseHandle>>("database");
/** The same database once it is open and migrated, for what must not wait for it. */
const openedDatabase = singleton<DatabaseHandle>("database-opened");

/** The process's database and driver client, migrated on first use. */
export function getDatabaseHandle(): Promise<DatabaseHandle> {
  return processDatabase.get(async () => {
    const handle = openDatabase(getConfig().database);
    await migrateToLatest(handle.db);
    await recordStart(handle.db);
    openedDatabase.set(handle);
    return handle;
  });
}

export async function getDb(): Promise<Db> {
  return (await getDatabaseHandle()).db;
}

/**
 * Queries waiting for one of PostgreSQL's pooled connections now (0 on
 * SQLite, whose queries run at once): read on every request by the overload
 * guard, so it must not wait for anything itself.
 */
export function databaseWaiting(): number {
  const handle = openedDatabase.peek();
  return handle?.kind === "postgres" ? handle.pool.waitingCount : 0;
}

export async function closeDb(): Promise<void> {
  const pending = processDatabase.peek();
  processDatabase.set(undefined);
  openedDatabase.set(undefined);
  if (pending) await (await pending).db.destroy();
}
