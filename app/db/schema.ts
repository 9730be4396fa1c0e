/**
 * Table types for Kysely. Timestamps are ISO-8601 UTC strings in both SQLite
 * and PostgreSQL, so one set of migrations and queries serves both.
 */
export interface AppMetaTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface Database {
  app_meta: AppMetaTable;
}
