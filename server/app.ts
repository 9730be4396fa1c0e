import { createRequestHandler } from "@react-router/express";
import express from "express";
import {
  RouterContextProvider,
  matchRoutes,
  type RouteObject,
  type ServerBuild,
} from "react-router";
import { serverContext } from "~/context";
import { closeDb, getDb } from "~/db/instance.server";
import { isDatabaseReady } from "~/db/db.server";
import { validateContent } from "~/services/content.server";
import { allDocuments } from "~/services/documents.server";
import { startMailWorker, stopMailWorker } from "~/services/mail/mailer.server";
import { warmSearchIndexes } from "~/services/search.server";

type RouteNode = { id: string; path?: string; index?: boolean; children: RouteNode[] };

/** The build's flat route manifest as a tree that `matchRoutes` understands. */
function routeTree(build: ServerBuild): RouteNode[] {
  const nodes = new Map<string, RouteNode>();
  for (const route of Object.values(build.routes)) {
    if (route) nodes.set(route.id, { id: route.id, path: route.path, index: route.index, children: [] });
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

const matchers = new WeakMap<ServerBuild, (pathname: string) => boolean>();

/** A page is known when a route other than the catch-all 404 matches it. */
function knownPageMatcher(build: ServerBuild) {
  let matcher = matchers.get(build);
  if (!matcher) {
    const tree = routeTree(build);
    matcher = (pathname) => {
      const matches = matchRoutes(tree as RouteObject[], pathname);
      const leaf = matches?.at(-1)?.route;
      return Boolean(leaf && leaf.path !== "*");
    };
    matchers.set(build, matcher);
  }
  return matcher;
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
  await getDb();
  await startMailWorker();
}

/** Closes what `start` opened (graceful shutdown). */
export async function stop(): Promise<void> {
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

/** Forms and JSON here are small; a bigger body is refused before it is read. */
export const MAX_BODY_BYTES = 1_000_000;

app.use((req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD") return next();
  const length = req.headers["content-length"];
  if (length === undefined && req.headers["transfer-encoding"]) {
    res.status(411).type("text/plain").send("Send the body with a Content-Length header.");
    return;
  }
  if (Number(length ?? 0) > MAX_BODY_BYTES) {
    res.status(413).type("text/plain").send(`The body may be at most ${MAX_BODY_BYTES} bytes.`);
    return;
  }
  next();
});

const handlers = new WeakMap<ServerBuild, express.RequestHandler>();

/** React Router's handler for a build, made once (not on every request). */
function requestHandlerFor(build: ServerBuild): express.RequestHandler {
  let handler = handlers.get(build);
  if (!handler) {
    const isKnownPage = knownPageMatcher(build);
    handler = createRequestHandler({
      build,
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(serverContext, {
          isKnownPage,
          cspNonce: res.locals.cspNonce as string,
          clientIp: req.ip ?? "unknown",
        });
        return context;
      },
    });
    handlers.set(build, handler);
  }
  return handler;
}

app.use(async (req, res, next) => {
  return requestHandlerFor(await loadBuild())(req, res, next);
});
