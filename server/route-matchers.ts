/**
 * What the server must know of the route table before React Router runs:
 * whether a path is a page (the root's `/nl` redirect and 404s), whether a
 * submission has an action to go to (405), whether a path is in the staff
 * area (never cached, never indexed) and which routes a page matches (the
 * query parameters its cache key keeps). Read from the build's manifest, so
 * routes.ts stays the one table.
 */
import type express from "express";
import { LRUCache } from "lru-cache";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

type RouteNode = {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  hasAction: boolean;
  /** A route without a page (a JSON call, a download, sign-out): React Router runs its action without its own Origin check. */
  isCall: boolean;
  children: RouteNode[];
};

/**
 * The routes of the staff area (app/routes.ts): the staff layout, with every
 * staff page and download below it, and the staff JSON call.
 */
const STAFF_AREA_ROUTE_IDS = new Set(["staff-layout", "api-staff-privacy-request"]);

/**
 * The build's flat route manifest as a tree that `matchRoutes` understands,
 * with each route's `caseSensitive` as React Router applies it, or with every
 * route matched in any case (`anyCase`).
 */
function routeTree(build: ServerBuild, { anyCase = false } = {}): RouteNode[] {
  const nodes = new Map<string, RouteNode>();
  for (const route of Object.values(build.routes)) {
    if (route) {
      nodes.set(route.id, {
        id: route.id,
        path: route.path,
        index: route.index,
        caseSensitive: anyCase ? false : route.caseSensitive,
        hasAction: Boolean(route.module.action),
        isCall: !route.module.default,
        children: [],
      });
    }
  }
  const roots: RouteNode[] = [];
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const node = nodes.get(route.id)!;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** The page a single-fetch data request (`/fr/about.data`, `/_root.data`) is for, as React Router reads it. */
function documentPath(pathname: string): string {
  const path = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
  return path !== "/" && path.endsWith("/") ? path.slice(0, -1) : path;
}

export type RouteMatchers = {
  /** A page is known when a route other than the catch-all 404 matches it. */
  isKnownPage: (pathname: string) => boolean;
  /** Whether the route a POST (PUT, PATCH, DELETE) to this URL goes to has an action. */
  acceptsSubmission: (url: URL) => boolean;
  /** Whether that action is a call's (a route without a page), which React Router runs without checking the Origin. */
  submitsToCall: (url: URL) => boolean;
  /**
   * Whether a path (a page, its `.data`, a call) is in the staff area: it
   * matches a staff route in any case and with its escapes undone,
   * so a spelling React Router answers with a 404 counts too.
   */
  isStaffArea: (pathname: string) => boolean;
  /** The ids of the routes a page (or its `.data`) matches as React Router matches it, root first; none when nothing does. */
  routeIdsOf: (pathname: string) => string[];
  /** Whether a path is a resource (a route without a page: a label, a download, the sitemap), which makes its own answer. */
  isResource: (pathname: string) => boolean;
};

const matchers = new WeakMap<ServerBuild, RouteMatchers>();

/**
 * Paths remembered per route tree. `matchRoutes` flattens and ranks the whole
 * table on every call, and every request asks it several times: under load
 * that was a fifth of the server's time. Bounded, as paths are
 * the visitor's to choose.
 */
const REMEMBERED_PATHS = 2000;

/** `matchRoutes` over one tree, remembering the routes each path matched. */
function rememberedMatcher(tree: RouteObject[]): (pathname: string) => RouteNode[] {
  const remembered = new LRUCache<string, RouteNode[]>({ max: REMEMBERED_PATHS });
  return (pathname) => {
    let routes = remembered.get(pathname);
    if (!routes) {
      routes = matchRoutes(tree, pathname)?.map((match) => match.route as unknown as RouteNode) ?? [];
      remembered.set(pathname, routes);
    }
    return routes;
  };
}

/** The matchers of a build, made once (not on every request). */
export function routeMatchers(build: ServerBuild): RouteMatchers {
  let found = matchers.get(build);
  if (!found) {
    const leafOf = rememberedMatcher(routeTree(build) as RouteObject[]);
    const inAnyCase = rememberedMatcher(routeTree(build, { anyCase: true }) as RouteObject[]);
    // React Router's rule: an index route only with `?index`, otherwise the
    // deepest route that has a path of its own.
    const submissionTarget = (url: URL) => {
      const routes = leafOf(documentPath(url.pathname));
      const leaf = routes.at(-1);
      return leaf?.index && url.searchParams.getAll("index").includes("")
        ? leaf
        : routes.filter((route) => !route.index && route.path).at(-1);
    };
    found = {
      isKnownPage(pathname) {
        const leaf = leafOf(pathname).at(-1);
        return Boolean(leaf && leaf.path !== "*");
      },
      acceptsSubmission: (url) => Boolean(submissionTarget(url)?.hasAction),
      submitsToCall: (url) => Boolean(submissionTarget(url)?.isCall),
      isStaffArea(pathname) {
        return inAnyCase(documentPath(pathname)).some((route) => STAFF_AREA_ROUTE_IDS.has(route.id));
      },
      routeIdsOf: (pathname) => leafOf(documentPath(pathname)).map((route) => route.id),
      isResource: (pathname) => Boolean(leafOf(documentPath(pathname)).at(-1)?.isCall),
    };
    matchers.set(build, found);
  }
  return found;
}

/** Methods React Router reads a page or a call with. */
const READ_METHODS = new Set(["GET", "HEAD"]);
/** Methods React Router sends to a route's action. */
const SUBMISSION_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Answers a request whose method React Router should not see, and says
 * whether it did: 405 for a submission whose route has no action (React
 * Router's own 405 names the route module in the page's data) and for any
 * other method (TRACE, which the web Request refuses to carry, and PROPFIND
 * and the like, which a probe sends), OPTIONS with 200 and the methods the path takes
 * (RFC 9110, 9.3.7).
 */
export function answeredByMethod(
  req: express.Request,
  res: express.Response,
  { acceptsSubmission }: RouteMatchers,
): boolean {
  if (READ_METHODS.has(req.method)) return false;
  const submits = acceptsSubmission(new URL(req.originalUrl, "http://host"));
  if (SUBMISSION_METHODS.has(req.method) && submits) return false;
  const allow = submits ? "GET, HEAD, POST" : "GET, HEAD";
  if (req.method === "OPTIONS") {
    res
      .status(200)
      .set({ Allow: `${allow}, OPTIONS`, "Content-Length": "0" })
      .end();
    return true;
  }
  res.status(405).set("Allow", allow).type("text/plain").send("Method Not Allowed");
  return true;
}
