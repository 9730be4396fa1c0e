import SQLite from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect, sql } from "kysely";
import pg from "pg";

import type { Config } from "~/config.server";

import { withCommitHooks } from "./commit-hooks.server";
import { migrationProvider } from "./migrations";
import type { Database } from "./schema";
import { sqliteDialect } from "./sqlite-dialect.server";

export type Db = Kysely<Database>;
export type DatabaseKind = Config["database"]["kind"];

/** The Kysely instance and the driver client under it (some libraries need the latter). */
export type DatabaseHandle =
  { kind: "sqlite"; db: Db; sqlite: SQLite.Database } | { kind: "postgres"; db: Db; pool: pg.Pool };

/**
 * Bounded waits on PostgreSQL: under overload, requests queued for
 * one of the 10 connections for up to 25 s, and some were stored but
 * answered after the client had given up. Now a request waits at most 3 s
 * for a connection (then fails before anything is stored: a 503), a
 * statement runs at most 10 s, and a transaction left idle holds its
 * connection at most 10 s. The overload guard sheds before the queue grows
 * (server/overload.ts, `databaseWaiting`).
 */
export const POSTGRES_POOL = {
  max: 10,
  connectionTimeoutMillis: 3_000,
  statement_timeout: 10_000,
  idle_in_transaction_session_timeout: 10_000,
} as const;

/** Opens SQLite (embedded default, WAL) or PostgreSQL (DATABASE_URL). */
export function openDatabase(database: Config["database"]): DatabaseHandle {
  if (database.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: database.url, ...POSTGRES_POOL });
    // An idle connection dropped by the server (restart, failover) must not
    // crash the process; the pool opens a new one on the next query.
    pool.on("error", (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
    return {
      kind: "postgres",
      pool,
      db: new Kysely<Database>({ dialect: withCommitHooks(new PostgresDialect({ pool })) }),
    };
  }
  const sqlite = new SQLite(database.file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  return { kind: "sqlite", sqlite, db: new Kysely<Database>({ dialect: withCommitHooks(sqliteDialect(sqlite)) }) };
}

export function createDb(database: Config["database"]): Db {
  return openDatabase(database).db;
}

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === "Error");
    throw new Error(`Migration ${failed?.migrationName ?? "(unknown)"} failed: ${String(error)}`, { cause: error });
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
