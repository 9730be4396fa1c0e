import { createRequestHandler } from "@react-router/express";
import { writeReadableStreamToWritable } from "@react-router/node";
import express from "express";
import {
  RouterContextProvider,
  createRequestHandler as createWebRequestHandler,
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
import { isPublicPath } from "~/components/layout/navigation";
import { thirdPartyOrigins } from "~/services/features.server";
import { hasPersonalCookie } from "~/services/session.server";
import { getLogger } from "~/utils/logger.server";
import { serverPreloads } from "~/utils/lazy-enhanced";
import { chooseEncoding, compressPage, createPageCache, matchesEtag, type CachedPage, type PageCache } from "./page-cache";

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
 * Runs before the server listens: the app's modules are loaded, content
 * and documents validated (a malformed file stops the start), the search
 * indexes built, the database opened and migrated, and the mail outbox
 * worker started.
 */
export async function start(): Promise<void> {
  // The pages' modules, and the components they load lazily in the browser,
  // ready before the first request (app/utils/lazy-enhanced.tsx).
  await loadBuild();
  await Promise.all(serverPreloads);
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

function loadContextFor(req: express.Request, res: express.Response, isKnownPage: (pathname: string) => boolean) {
  const context = new RouterContextProvider();
  context.set(serverContext, {
    isKnownPage,
    thirdPartyOrigins: thirdPartyOrigins(req.hostname),
    clientIp: req.ip ?? "unknown",
    noteForLog: (reason) => {
      res.locals.logReason = reason;
    },
  });
  return context;
}

/** The web Request React Router reads, for a GET or HEAD (as @react-router/express builds it). */
function webRequest(req: express.Request, res: express.Response): Request {
  const forwardedPort = req.app.enabled("trust proxy") ? req.get("X-Forwarded-Host")?.split(":")[1] : undefined;
  const port = forwardedPort ?? req.get("host")?.split(":")[1];
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  return new Request(url, { method: req.method, headers, signal: controller.signal });
}

/** Headers a stored page keeps (not the ones about one transfer or one visitor). */
const TRANSFER_HEADERS = new Set(["set-cookie", "content-length", "content-encoding", "transfer-encoding", "date", "connection"]);

/**
 * A page the same for everyone: a 200 or 404 the app declared public (cache-control.server.ts)
 * without a cookie, an HTML document or a page's data for a client-side navigation.
 */
function isShareable(response: Response): boolean {
  const type = response.headers.get("Content-Type") ?? "";
  return (
    (response.status === 200 || response.status === 404) &&
    !response.headers.has("Set-Cookie") &&
    /(^|,)\s*public\b/.test(response.headers.get("Cache-Control") ?? "") &&
    /^text\/(html|x-script)\b/.test(type)
  );
}

async function sendWebResponse(res: express.Response, response: Response): Promise<void> {
  res.status(response.status);
  for (const [name, value] of response.headers) {
    // The page's own CSP (with its script hashes) replaces helmet's.
    if (name === "set-cookie") res.append(name, value);
    else res.setHeader(name, value);
  }
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

function sendCachedPage(req: express.Request, res: express.Response, page: CachedPage, hit: boolean): void {
  res.status(page.status);
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("ETag", page.etag);
  res.vary("Accept-Encoding");
  res.setHeader("X-Cache", hit ? "HIT" : "MISS");
  if (matchesEtag(req.get("If-None-Match"), page.etag)) {
    res.removeHeader("Content-Type");
    res.status(304).end();
    return;
  }
  const encoding = chooseEncoding(req.get("Accept-Encoding"));
  const body = page.bodies[encoding];
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
}

type Handlers = { handler: express.RequestHandler };

const handlers = new WeakMap<ServerBuild, Handlers>();

let pageCache: PageCache | null | undefined;

/** The process's page cache, or null when PAGE_CACHE_SECONDS is 0. */
function getPageCache(): PageCache | null {
  if (pageCache === undefined) {
    const config = getConfig();
    pageCache = config.PAGE_CACHE_SECONDS > 0
      ? createPageCache({ maxBytes: config.PAGE_CACHE_MAX_MB * 1024 * 1024, ttlMs: config.PAGE_CACHE_SECONDS * 1000 })
      : null;
  }
  return pageCache;
}

/**
 * An anonymous GET of a public page may come from the cache: no cookie of
 * ours (a flash, the objection's steps, staff sign-in), not a JSON call
 * (those set their own caching), not a staff page.
 */
function mayUseCache(req: express.Request): boolean {
  return (
    (req.method === "GET" || req.method === "HEAD") &&
    !req.path.startsWith("/api/") &&
    isPublicPath(req.path) &&
    !hasPersonalCookie(req.get("Cookie"))
  );
}

/** React Router's handlers for a build, made once (not on every request). */
function handlersFor(build: ServerBuild): Handlers {
  let found = handlers.get(build);
  if (!found) {
    const { isKnownPage, acceptsSubmission } = routeMatchers(build);
    const reactRouterHandler = createRequestHandler({
      build,
      getLoadContext: (req, res) => loadContextFor(req, res, isKnownPage),
    });
    const renderPage = createWebRequestHandler(build, process.env.NODE_ENV);
    // Pages being rendered: a burst of the same page renders it once.
    const rendering = new Map<string, Promise<CachedPage | null>>();

    const serveFromCache = async (req: express.Request, res: express.Response, next: express.NextFunction, cache: PageCache) => {
      const request = webRequest(req, res);
      const key = request.url;
      const stored = cache.get(key);
      if (stored) return sendCachedPage(req, res, stored, true);
      const pending = rendering.get(key);
      if (pending) {
        const page = await pending;
        if (page) return sendCachedPage(req, res, page, true);
      }
      if (pending || req.method === "HEAD") return passOn(req, res, next);
      let settle: (page: CachedPage | null) => void = () => {};
      rendering.set(key, new Promise((resolve) => (settle = resolve)));
      try {
        const response = await renderPage(request, loadContextFor(req, res, isKnownPage));
        if (!isShareable(response)) {
          settle(null);
          return await sendWebResponse(res, response);
        }
        const body = Buffer.from(await response.arrayBuffer());
        const headers = [...response.headers].filter(([name]) => !TRANSFER_HEADERS.has(name));
        const page = await compressPage(response.status, headers, body);
        cache.set(key, page);
        settle(page);
        sendCachedPage(req, res, page, false);
      } catch (error) {
        settle(null);
        next(error);
      } finally {
        rendering.delete(key);
      }
    };

    const passOn = (req: express.Request, res: express.Response, next: express.NextFunction) => {
      // Documents bring their own CSP (with their script hashes); helmet's would be a second one.
      if (!req.path.startsWith("/api/")) res.removeHeader("Content-Security-Policy");
      return reactRouterHandler(req, res, next);
    };

    const handler: express.RequestHandler = (req, res, next) => {
      // React Router's own 405 names the route module in the page's data.
      if (SUBMISSION_METHODS.has(req.method) && !acceptsSubmission(new URL(req.originalUrl, "http://host"))) {
        res.status(405).set("Allow", "GET, HEAD").type("text/plain").send("Method Not Allowed");
        return;
      }
      const cache = getPageCache();
      if (cache && mayUseCache(req)) return serveFromCache(req, res, next, cache);
      return passOn(req, res, next);
    };
    found = { handler };
    handlers.set(build, found);
  }
  return found;
}

app.use(async (req, res, next) => {
  return handlersFor(await loadBuild()).handler(req, res, next);
});
