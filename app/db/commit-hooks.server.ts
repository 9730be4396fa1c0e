/**
 * Work that must wait until what a query wrote is committed: the queue's
 * worker is woken when a message is queued, but a worker woken inside the
 * transaction that queues it would look before the row is visible (and a
 * transaction rolled back must wake nobody). `afterCommit(db, hook)` gives
 * `db` back with `hook` attached to the queries run through it: outside a
 * transaction the hook runs as soon as such a query is done; inside one,
 * once the transaction has committed, and never when it rolls back. Every
 * database opened by openDatabase() carries the driver that keeps these
 * promises, so the services keep using `db.transaction()` as they are.
 */
import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  Kysely,
  KyselyPlugin,
  QueryId,
  QueryResult,
  TransactionSettings,
} from "kysely";

type Hook = () => void;

/** The hook of each query run inside a transaction, until its connection has taken it. */
const hookOfQuery = new WeakMap<QueryId, Hook>();
/** What waits for the commit of each connection's open transaction. */
const waitingOn = new WeakMap<DatabaseConnection, Set<Hook>>();

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

/** `db` with `hook` run once what its queries wrote is committed. */
export function afterCommit<DB>(db: Kysely<DB>, hook: Hook): Kysely<DB> {
  const plugin: KyselyPlugin = db.isTransaction
    ? {
        transformQuery: ({ node, queryId }) => {
          hookOfQuery.set(queryId, hook);
          return node;
        },
        transformResult: async ({ result }) => result,
      }
    : {
        transformQuery: ({ node }) => node,
        transformResult: async ({ result }) => (runAll([hook]), result),
      };
  return db.withPlugin(plugin);
}

/** Connections that note hooks: each is set up once, at its first transaction, and kept so. */
const noting = new WeakSet<DatabaseConnection>();

/**
 * Lets the connection note the hooks of the queries it runs while a
 * transaction is open on it. A query without a hook passes straight through.
 */
function noteHooksOn(connection: DatabaseConnection): void {
  if (noting.has(connection)) return;
  noting.add(connection);
  const execute = connection.executeQuery.bind(connection);
  connection.executeQuery = <R>(compiled: CompiledQuery): Promise<QueryResult<R>> => {
    const hook = hookOfQuery.get(compiled.queryId);
    if (!hook) return execute<R>(compiled);
    hookOfQuery.delete(compiled.queryId);
    return execute<R>(compiled).then((result) => {
      const waiting = waitingOn.get(connection);
      if (waiting) waiting.add(hook);
      else runAll([hook]);
      return result;
    });
  };
}

class CommitHookDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init() {
    return this.inner.init();
  }
  acquireConnection() {
    return this.inner.acquireConnection();
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    await this.inner.beginTransaction(connection, settings);
    noteHooksOn(connection);
    waitingOn.set(connection, new Set());
  }
  async commitTransaction(connection: DatabaseConnection) {
    const hooks = waitingOn.get(connection) ?? [];
    waitingOn.delete(connection);
    await this.inner.commitTransaction(connection);
    runAll(hooks);
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    waitingOn.delete(connection);
    await this.inner.rollbackTransaction(connection);
  }
  // A savepoint rolled back keeps its hooks: at worst a worker wakes and finds nothing new.
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

/** The dialect with its driver keeping the after-commit promises. */
export function withCommitHooks<D extends Dialect>(dialect: D): D {
  const createDriver = dialect.createDriver.bind(dialect);
  dialect.createDriver = () => new CommitHookDriver(createDriver());
  return dialect;
}
