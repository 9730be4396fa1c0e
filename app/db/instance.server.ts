import { getConfig } from "~/config.server";
import { migrateToLatest, openDatabase, recordStart, type DatabaseHandle, type Db } from "./db.server";

// Kept on globalThis so that Vite's module reloads in development and the
// separately bundled server entry share one connection pool.
const globalForDb = globalThis as unknown as { __appDb?: Promise<DatabaseHandle> };

/** The process's database and driver client, migrated on first use. */
export function getDatabaseHandle(): Promise<DatabaseHandle> {
  globalForDb.__appDb ??= (async () => {
    const handle = openDatabase(getConfig().database);
    await migrateToLatest(handle.db);
    await recordStart(handle.db);
    return handle;
  })();
  return globalForDb.__appDb;
}

export async function getDb(): Promise<Db> {
  return (await getDatabaseHandle()).db;
}

export async function closeDb(): Promise<void> {
  const pending = globalForDb.__appDb;
  globalForDb.__appDb = undefined;
  if (pending) await (await pending).db.destroy();
}
