/**
 * Work that must wait until what a query wrote is committed: the queue's
 * worker is woken when a message is queued, but a worker woken inside the
 * transaction that queues it would look before the row is visible (and a
 * transaction rolled back must wake nobody). A query run with
 * `afterCommit(hook)` as a plugin schedules `hook`: outside a transaction it
 * runs as soon as the query is done; inside one, once the transaction has
 * committed, and never when it rolls back. Every database opened by
 * openDatabase() carries the driver that keeps these promises, so the
 * services keep using `db.transaction()` as they are.
 */
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, KyselyPlugin, QueryId, QueryResult, TransactionSettings } from "kysely";

type Hook = () => void;

/** The hook of each query run with the plugin, until its connection has run it. */
const hookOfQuery = new WeakMap<QueryId, Hook>();

/** A plugin that runs `hook` once what the query wrote is committed. */
export function afterCommit(hook: Hook): KyselyPlugin {
  return {
    transformQuery: ({ node, queryId }) => {
      hookOfQuery.set(queryId, hook);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
}

const runAll = (hooks: Iterable<Hook>) => {
  for (const hook of hooks) {
    try {
      hook();
    } catch (error) {
      // A hook only wakes a worker; its failure must not turn a commit into an error.
      console.error("an after-commit hook failed", error);
    }
  }
};

/** A connection that knows whether it is inside a transaction and what waits for its commit. */
class HookedConnection implements DatabaseConnection {
  inTransaction = false;
  readonly waiting = new Set<Hook>();
  constructor(readonly inner: DatabaseConnection) {}

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const hook = hookOfQuery.get(compiled.queryId);
    // Most queries carry no hook: they pass straight through.
    if (!hook) return this.inner.executeQuery<R>(compiled);
    hookOfQuery.delete(compiled.queryId);
    return this.inner.executeQuery<R>(compiled).then((result) => {
      if (this.inTransaction) this.waiting.add(hook);
      else runAll([hook]);
      return result;
    });
  }

  streamQuery<R>(compiled: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiled, chunkSize);
  }
}

class CommitHookDriver implements Driver {
  /** One wrapper per pooled connection, made the first time it is handed out. */
  private readonly wrappers = new WeakMap<DatabaseConnection, HookedConnection>();
  constructor(private readonly inner: Driver) {}

  init() {
    return this.inner.init();
  }
  acquireConnection() {
    return this.inner.acquireConnection().then((connection) => {
      let wrapper = this.wrappers.get(connection);
      if (!wrapper) this.wrappers.set(connection, (wrapper = new HookedConnection(connection)));
      return wrapper;
    });
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const hooked = connection as HookedConnection;
    await this.inner.beginTransaction(hooked.inner, settings);
    hooked.inTransaction = true;
    hooked.waiting.clear();
  }
  async commitTransaction(connection: DatabaseConnection) {
    const hooked = connection as HookedConnection;
    await this.inner.commitTransaction(hooked.inner);
    hooked.inTransaction = false;
    const hooks = [...hooked.waiting];
    hooked.waiting.clear();
    runAll(hooks);
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    const hooked = connection as HookedConnection;
    hooked.inTransaction = false;
    hooked.waiting.clear();
    await this.inner.rollbackTransaction(hooked.inner);
  }
  // A savepoint rolled back keeps its hooks: at worst a worker wakes and finds nothing new.
  savepoint: Driver["savepoint"] = (connection, ...rest) => this.inner.savepoint!((connection as HookedConnection).inner, ...rest);
  rollbackToSavepoint: Driver["rollbackToSavepoint"] = (connection, ...rest) => this.inner.rollbackToSavepoint!((connection as HookedConnection).inner, ...rest);
  releaseSavepoint: Driver["releaseSavepoint"] = (connection, ...rest) => this.inner.releaseSavepoint!((connection as HookedConnection).inner, ...rest);
  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection((connection as HookedConnection).inner);
  }
  destroy() {
    return this.inner.destroy();
  }
}

/** The dialect with its driver keeping the after-commit promises. */
export function withCommitHooks<D extends Dialect>(dialect: D): D {
  const createDriver = dialect.createDriver.bind(dialect);
  dialect.createDriver = () => new CommitHookDriver(createDriver());
  return dialect;
}
