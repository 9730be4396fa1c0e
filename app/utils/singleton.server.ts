/**
 * A value there is one of per process (the configuration, the logger, the
 * database pool, the mail worker, the rate limiters), kept on globalThis
 * under a name: Vite's module reloads in development and the server entry
 * bundled apart from the build (scripts/build-server.mjs) load the modules
 * that hold them more than once, and all of those must share one.
 *
 * The Epic Stack's `singleton.server.ts` (now `@epic-web/remember`), with
 * `peek` and `set` besides: not that library, because a worker is started
 * and stopped (read without being made, then dropped) and the tests put
 * their own configuration and database in its place (tests/setup/unit-process.ts).
 */
const store = globalThis as typeof globalThis & { __processSingletons?: Map<string, unknown> };
const values = (store.__processSingletons ??= new Map<string, unknown>());

export type Singleton<Value> = {
  /** The value, made by `create` the first time it is asked for. */
  get: (create: () => Value) => Value;
  /** The value when there is one; nothing is made. */
  peek: () => Value | undefined;
  /** Keeps `value` in its place (undefined forgets it: the next `get` makes it again). */
  set: (value: Value | undefined) => void;
};

/** The process's value kept under `name` (one name per value, across the app). */
export function singleton<Value>(name: string): Singleton<Value> {
  return {
    get(create) {
      if (!values.has(name)) values.set(name, create());
      return values.get(name) as Value;
    },
    peek: () => values.get(name) as Value | undefined,
    set(value) {
      if (value === undefined) values.delete(name);
      else values.set(name, value);
    },
  };
}
