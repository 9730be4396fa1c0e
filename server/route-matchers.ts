/**
 * What the server must know of the route table before React Router runs:
 * whether a path is a page (the root's `/nl` redirect and 404s) and whether a
 * submission has an action to go to (405). Read from the build's manifest, so
 * routes.ts stays the one table.
 */
import type express from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

type RouteNode = { id: string; path?: string; index?: boolean; hasAction: boolean; children: RouteNode[] };

/** The build's flat route manifest as a tree that `matchRoutes` understands. */
function routeTree(build: ServerBuild): RouteNode[] {
  const nodes = new Map<string, RouteNode>();
  for (const route of Object.values(build.routes)) {
    if (route) {
      nodes.set(route.id, {
        id: route.id,
        path: route.path,
        index: route.index,
        hasAction: Boolean(route.module.action),
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
};

const matchers = new WeakMap<ServerBuild, RouteMatchers>();

/** The matchers of a build, made once (not on every request). */
export function routeMatchers(build: ServerBuild): RouteMatchers {
  let found = matchers.get(build);
  if (!found) {
    const tree = routeTree(build) as RouteObject[];
    const leafOf = (pathname: string) =>
      matchRoutes(tree, pathname)?.map((match) => match.route as unknown as RouteNode) ?? [];
    found = {
      isKnownPage(pathname) {
        const leaf = leafOf(pathname).at(-1);
        return Boolean(leaf && leaf.path !== "*");
      },
      acceptsSubmission(url) {
        // React Router's rule: an index route only with `?index`, otherwise
        // the deepest route that has a path of its own.
        const routes = leafOf(documentPath(url.pathname));
        const leaf = routes.at(-1);
        const target =
          leaf?.index && url.searchParams.getAll("index").includes("")
            ? leaf
            : routes.filter((route) => !route.index && route.path).at(-1);
        return Boolean(target?.hasAction);
      },
    };
    matchers.set(build, found);
  }
  return found;
}

/** Methods React Router sends to a route's action. */
const SUBMISSION_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Answers 405 to a submission whose route has no action, and says whether it
 * did. Here rather than in React Router: its own 405 names the route module
 * in the page's data.
 */
export function answeredMethodNotAllowed(req: express.Request, res: express.Response, { acceptsSubmission }: RouteMatchers): boolean {
  if (!SUBMISSION_METHODS.has(req.method) || acceptsSubmission(new URL(req.originalUrl, "http://host"))) return false;
  res.status(405).set("Allow", "GET, HEAD").type("text/plain").send("Method Not Allowed");
  return true;
}
