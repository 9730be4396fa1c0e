/**
 * The query a page reads: only the parameters its routes declare
 * in their `handle` (`queryParameters: ["q"]`), sorted by name. A page is
 * rendered from, and kept in the page cache under, its address with this
 * query (server/cache-key.ts); what the page links to with its own query
 * (the language switcher) uses the same, so the server's render and the
 * browser's agree whatever else the address carried (`?utm_source=…`).
 */

/** The names in a route's `handle.queryParameters`, or none. */
export function declaredQueryParameters(handle: unknown): string[] {
  const declared = (handle as { queryParameters?: unknown } | null | undefined)?.queryParameters;
  return Array.isArray(declared) ? declared.filter((name): name is string => typeof name === "string") : [];
}

/**
 * `search` with only `parameters`, sorted by name (a repeated parameter
 * keeps all its values in their order), as URLSearchParams spells it: "" or "?…".
 */
export function pageQuery(search: string, parameters: ReadonlySet<string>): string {
  const kept = [...new URLSearchParams(search)].filter(([name]) => parameters.has(name));
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(kept).toString();
  return query ? `?${query}` : "";
}
