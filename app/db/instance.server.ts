import { getConfig } from "~/config.server";
import { migrateToLatest, openDatabase, recordStart, type DatabaseHandle, type Db } from "./db.server";

// Kept on globalThis so that Vite's module reloads in development and the
// separately bundled server entry share one connection pool.
const globalForDb = globalThis as unknown as { __appDb?: Promise<DatabaseHandle>; __appDbOpen?: DatabaseHandle };

/** The process's database and driver client, migrated on first use. */
export function getDatabaseHandle(): Promise<DatabaseHandle> {
  globalForDb.__appDb ??= (async () => {
    const handle = openDatabase(getConfig().database);
    await migrateToLatest(handle.db);
    await recordStart(handle.db);
    globalForDb.__appDbOpen = handle;
    return handle;
  })();
  return globalForDb.__appDb;
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
  const handle = globalForDb.__appDbOpen;
  return handle?.kind === "postgres" ? handle.pool.waitingCount : 0;
}

export async function closeDb(): Promise<void> {
  const pending = globalForDb.__appDb;
  globalForDb.__appDb = undefined;
  globalForDb.__appDbOpen = undefined;
  if (pending) await (await pending).db.destroy();
}
