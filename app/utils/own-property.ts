/**
 * A table keyed by user input (a path segment, a query value) must only
 * answer for its own keys: `table["constructor"]` would otherwise return
 * Object.prototype's function and `table["__proto__"]` the prototype itself.
 */
export function ownValue<T>(table: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return table !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
}
