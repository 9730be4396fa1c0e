import type SQLite from "better-sqlite3";
import { CompiledQuery, SqliteDialect, type DatabaseConnection, type Driver } from "kysely";

/**
 * SQLite's plain `BEGIN` starts a read snapshot and asks for the write lock
 * only at the first write; if another connection (the CLI, a second process)
 * committed in between, that write fails at once with SQLITE_BUSY_SNAPSHOT,
 * and busy_timeout cannot help. `BEGIN IMMEDIATE` takes the write lock first,
 * waiting up to busy_timeout, so read-then-write transactions (state moves,
 * claims, counters) never fail that way. The rest is Kysely's own driver.
 */
class ImmediateTransactions implements Driver {
  constructor(private readonly inner: Driver) {}
  init() {
    return this.inner.init();
  }
  acquireConnection() {
    return this.inner.acquireConnection();
  }
  async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(connection);
  }
  savepoint: Driver["savepoint"] = (...args) => this.inner.savepoint!(...args);
  rollbackToSavepoint: Driver["rollbackToSavepoint"] = (...args) => this.inner.rollbackToSavepoint!(...args);
  releaseSavepoint: Driver["releaseSavepoint"] = (...args) => this.inner.releaseSavepoint!(...args);
  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(connection);
  }
  destroy() {
    return this.inner.destroy();
  }
}

export function sqliteDialect(database: SQLite.Database) {
  const dialect = new SqliteDialect({ database });
  const createDriver = dialect.createDriver.bind(dialect);
  dialect.createDriver = () => new ImmediateTransactions(createDriver());
  return dialect;
}
