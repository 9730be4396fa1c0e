import SQLite from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import type { Config } from "~/config.server";
import { migrationProvider } from "./migrations";
import type { Database } from "./schema";

export type Db = Kysely<Database>;
export type DatabaseKind = Config["database"]["kind"];

/** Opens SQLite (embedded default, WAL) or PostgreSQL (DATABASE_URL). */
export function createDb(database: Config["database"]): Db {
  if (database.kind === "postgres") {
    return new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: new pg.Pool({ connectionString: database.url, max: 10 }),
      }),
    });
  }
  const sqlite = new SQLite(database.file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === "Error");
    throw new Error(
      `Migration ${failed?.migrationName ?? "(unknown)"} failed: ${String(error)}`,
      { cause: error },
    );
  }
  return (results ?? []).map((result) => result.migrationName);
}

/** Records the schema state so that the first table is written at every start. */
export async function recordStart(db: Db, now = new Date()): Promise<void> {
  const row = { key: "last_started_at", value: now.toISOString(), updated_at: now.toISOString() };
  await db
    .insertInto("app_meta")
    .values(row)
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: row.value, updated_at: row.updated_at }))
    .execute();
}

/** `GET /readyz`: the database answers a query. */
export async function isDatabaseReady(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
