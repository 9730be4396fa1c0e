import type { Db } from "./db.server";

/** The app_meta row the probe writes: one row, updated in place, so the table never grows. */
const PROBE_KEY = "write_probe_at";

/**
 * What `/readyz` asks of the database: a write. A
 * database that still answers reads but refuses writes (a full disk, a
 * SQLite file or a PostgreSQL server that became read-only, a standby after
 * a failover) must not look ready while every form answers 503. Throws the
 * database's error when the write fails.
 *
 * The write is committed, not rolled back: SQLite puts nothing on disk for a
 * change it rolls back, so only a commit meets SQLITE_FULL or
 * SQLITE_READONLY (each commit is appended to its write-ahead log).
 * PostgreSQL refuses it in a read-only transaction; a refused connection
 * fails it on both.
 */
export async function writeProbe(db: Db, now = new Date()): Promise<void> {
  const row = { key: PROBE_KEY, value: now.toISOString(), updated_at: now.toISOString() };
  await db
    .insertInto("app_meta")
    .values(row)
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: row.value, updated_at: row.updated_at }))
    .execute();
}
