/**
 * The URL a page is kept under in the page cache, and rendered
 * from: its origin and path with only the query parameters the page reads,
 * sorted. `?utm_source=x` or `?zzz=1` … `?zzz=100000` would otherwise each be
 * a new entry of the same page; rendering from this URL too keeps what is
 * stored equal to what the key says.
 *
 * A page declares the parameters its loader reads in its route module's
 * `handle` (`handle = { queryParameters: ["q"] }`); a page that declares none
 * reads none. The parameters of every route the path matches count (a
 * layout's too); a path nothing matches keeps none.
 *
 * Its host is spelled one way too (one page asked through 2,000 ports made 2,000 entries).
 */
import type { ServerBuild } from "react-router";

import { withCanonicalHost } from "~/utils/canonical-host";
import { declaredQueryParameters, pageQuery } from "~/utils/page-query";

import type { RouteMatchers } from "./route-matchers";

/** React Router's own, on a client navigation's `.data` request: which routes' loaders to run. */
const DATA_REQUEST_PARAMETERS = ["_routes"];

/** The URL with only `parameters` in its query, sorted by name (app/utils/page-query.ts). */
export function normalisedUrl(url: URL, parameters: ReadonlySet<string>): URL {
  const normal = new URL(url.href);
  normal.hash = "";
  normal.search = pageQuery(url.search, parameters);
  return normal;
}

/** For a build: the cache URL of a request's URL, from the parameters its matched routes declare. */
export function cacheUrlFor(
  build: ServerBuild,
  { routeIdsOf }: Pick<RouteMatchers, "routeIdsOf">,
  listenerPort: number,
): (url: URL) => URL {
  const declared = new Map<string, string[]>();
  for (const route of Object.values(build.routes)) {
    if (route) declared.set(route.id, declaredQueryParameters(route.module.handle));
  }
  return (url) => {
    const parameters = new Set(routeIdsOf(url.pathname).flatMap((id) => declared.get(id) ?? []));
    if (url.pathname.endsWith(".data")) for (const name of DATA_REQUEST_PARAMETERS) parameters.add(name);
    return withCanonicalHost(normalisedUrl(url, parameters), listenerPort);
  };
}

/**
 * For a build: whether a path's page is marked by a route it matches (a
 * layout's handle covers the routes below it): the pages that show the ad
 * register (`readsRegister`, app/utils/register-pages.ts), those that show the
 * objection's kept choice (`showsKeptChoice`, app/utils/kept-choice-pages.ts).
 */
export function pagesMarkedFor(
  build: ServerBuild,
  { routeIdsOf }: Pick<RouteMatchers, "routeIdsOf">,
  marked: (handle: unknown) => boolean,
): (pathname: string) => boolean {
  const ids = new Set(
    Object.values(build.routes).flatMap((route) => (route && marked(route.module.handle) ? [route.id] : [])),
  );
  return (pathname) => routeIdsOf(pathname).some((id) => ids.has(id));
}
