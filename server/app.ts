import { createRequestHandler } from "@react-router/express";
import express from "express";
import {
  RouterContextProvider,
  matchRoutes,
  type RouteObject,
  type ServerBuild,
} from "react-router";
import { getConfig } from "~/config.server";
import { serverContext } from "~/context";
import { COUNTRY_ERROR } from "~/i18n/country-error";
import { isWellFormedHost } from "~/i18n/locale";
import { closeDb, getDb } from "~/db/instance.server";
import { isDatabaseReady } from "~/db/db.server";
import { validateContent } from "~/services/content.server";
import { allDocuments } from "~/services/documents.server";
import { startMailWorker, stopMailWorker } from "~/services/mail/mailer.server";
import { startRetentionJob, stopRetentionJob } from "~/services/retention.server";
import { warmSearchIndexes } from "~/services/search.server";
import { getLogger } from "~/utils/logger.server";

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

type RouteMatchers = {
  /** A page is known when a route other than the catch-all 404 matches it. */
  isKnownPage: (pathname: string) => boolean;
  /** Whether the route a POST (PUT, PATCH, DELETE) to this URL goes to has an action. */
  acceptsSubmission: (url: URL) => boolean;
};

const matchers = new WeakMap<ServerBuild, RouteMatchers>();

function routeMatchers(build: ServerBuild): RouteMatchers {
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

const loadBuild = () =>
  import("virtual:react-router/server-build") as Promise<ServerBuild>;

/**
 * Runs before the server listens: content and documents are validated (a
 * malformed file stops the start), the search indexes built, the database
 * opened and migrated, and the mail outbox worker started.
 */
export async function start(): Promise<void> {
  validateContent();
  allDocuments();
  warmSearchIndexes();
  const db = await getDb();
  await startMailWorker();
  startRetentionJob(db, getLogger());
}

/** Closes what `start` opened (graceful shutdown). */
export async function stop(): Promise<void> {
  stopRetentionJob();
  await stopMailWorker();
  await closeDb();
}

export const app = express.Router();

app.get("/healthz", (_req, res) => {
  res.type("text/plain").send("ok");
});

app.get("/readyz", async (_req, res) => {
  const ready = await isDatabaseReady(await getDb());
  res.status(ready ? 200 : 503).type("text/plain").send(ready ? "ready" : "database unavailable");
});

/**
 * Rejects a Host (or trusted X-Forwarded-Host) that is not a plain host name
 * with an optional port: React Router would fail to build the request URL
 * from it. A well-formed host without a country gets the same answer from the
 * root route, with the page around it.
 */
app.use((req, res, next) => {
  if (isWellFormedHost(req.get("host")) && (!req.app.enabled("trust proxy") || isWellFormedHost(req.get("x-forwarded-host"), true))) {
    return next();
  }
  res.status(400).type("text/plain").send(COUNTRY_ERROR);
});

/** JSON calls get a JSON error body, pages a plain text. */
function refuse(req: express.Request, res: express.Response, status: number, error: string, message: string) {
  if (req.path.startsWith("/api/")) res.status(status).json({ error, message });
  else res.status(status).type("text/plain").send(message);
}

/**
 * Form posts and JSON calls are small; a bigger body is refused before it is
 * read. Forms get a tighter limit than JSON (see README, Configuration).
 */
app.use((req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD") return next();
  const length = req.headers["content-length"];
  if (length === undefined && req.headers["transfer-encoding"]) {
    refuse(req, res, 411, "LENGTH_REQUIRED", "Send the body with a Content-Length header.");
    return;
  }
  const config = getConfig();
  const limit = req.is("application/json") ? config.JSON_BODY_LIMIT_BYTES : config.FORM_BODY_LIMIT_BYTES;
  if (Number(length ?? 0) > limit) {
    refuse(req, res, 413, "PAYLOAD_TOO_LARGE", `The body may be at most ${limit} bytes.`);
    return;
  }
  next();
});

/** Methods React Router sends to a route's action. */
const SUBMISSION_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const handlers = new WeakMap<ServerBuild, express.RequestHandler>();

/** React Router's handler for a build, made once (not on every request). */
function requestHandlerFor(build: ServerBuild): express.RequestHandler {
  let handler = handlers.get(build);
  if (!handler) {
    const { isKnownPage, acceptsSubmission } = routeMatchers(build);
    const reactRouterHandler = createRequestHandler({
      build,
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(serverContext, {
          isKnownPage,
          cspNonce: res.locals.cspNonce as string,
          clientIp: req.ip ?? "unknown",
          noteForLog: (reason) => {
            res.locals.logReason = reason;
          },
        });
        return context;
      },
    });
    handler = (req, res, next) => {
      // React Router's own 405 names the route module in the page's data.
      if (SUBMISSION_METHODS.has(req.method) && !acceptsSubmission(new URL(req.originalUrl, "http://host"))) {
        res.status(405).set("Allow", "GET, HEAD").type("text/plain").send("Method Not Allowed");
        return;
      }
      return reactRouterHandler(req, res, next);
    };
    handlers.set(build, handler);
  }
  return handler;
}

app.use(async (req, res, next) => {
  return requestHandlerFor(await loadBuild())(req, res, next);
});
