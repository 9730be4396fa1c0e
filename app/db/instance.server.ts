import { getConfig } from "~/config.server";
import { createDb, migrateToLatest, recordStart, type Db } from "./db.server";

// Kept on globalThis so that Vite's module reloads in development and the
// separately bundled server entry share one connection pool.
const globalForDb = globalThis as unknown as { __appDb?: Promise<Db> };

/** The process's database, migrated on first use. */
export function getDb(): Promise<Db> {
  globalForDb.__appDb ??= (async () => {
    const db = createDb(getConfig().database);
    await migrateToLatest(db);
    await recordStart(db);
    return db;
  })();
  return globalForDb.__appDb;
}

export async function closeDb(): Promise<void> {
  const pending = globalForDb.__appDb;
  globalForDb.__appDb = undefined;
  if (pending) await (await pending).destroy();
}
