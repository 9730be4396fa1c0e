/**
 * Where a request for a page or a call goes once it passed the guards: the
 * register's CORS headers, and 204 for its preflight; 405
 * for a submission without an action or a method no route takes (200 for
 * OPTIONS), 403 for a call posted by another site, the page cache for an
 * anonymous page, otherwise React Router's Express handler. Built once per
 * build, not on every request.
 */
import { createRequestHandler } from "@react-router/express";
import type express from "express";
import { createRequestHandler as createWebRequestHandler, type ServerBuild } from "react-router";

import { getConfig } from "~/config.server";
import { getDb } from "~/db/instance.server";
import { registerVersion } from "~/services/campaign/versions.server";
import { documentsToday } from "~/services/site/document-clock.server";
import { showsKeptChoice } from "~/utils/kept-choice-pages";
import { readsRegister } from "~/utils/register-pages";

import { cacheUrlFor, pagesMarkedFor } from "./cache-key";
import { cachedPageServer, getPageCache, mayUseCache } from "./cached-pages";
import { refusedCrossSiteCall } from "./cross-site-calls";
import { answeredOpenRead } from "./register-cors";
import { answeredByMethod, routeMatchers } from "./route-matchers";
import { loadContextFor } from "./web-adapter";

const handlers = new WeakMap<ServerBuild, express.RequestHandler>();

/** React Router's handler for a build, made once (not on every request). */
export function pageHandlerFor(build: ServerBuild): express.RequestHandler {
  let found = handlers.get(build);
  if (!found) {
    const matchers = routeMatchers(build);
    const loadContext = (req: express.Request, res: express.Response) => loadContextFor(req, res, matchers);
    const reactRouterHandler = createRequestHandler({ build, getLoadContext: loadContext });

    const passOn = (req: express.Request, res: express.Response, next: express.NextFunction) => {
      // Documents bring their own CSP (with their script hashes); helmet's would be a second one.
      if (!req.path.startsWith("/api/")) res.removeHeader("Content-Security-Policy");
      return reactRouterHandler(req, res, next);
    };
    const showsRegister = pagesMarkedFor(build, matchers, readsRegister);
    const cacheRule = {
      isStaffArea: matchers.isStaffArea,
      showsKeptChoice: pagesMarkedFor(build, matchers, showsKeptChoice),
    };
    const serveFromCache = cachedPageServer({
      renderPage: createWebRequestHandler(build, process.env.NODE_ENV),
      loadContext,
      passOn,
      cacheUrl: cacheUrlFor(build, matchers, getConfig().PORT),
      // The documents' day too: at midnight in Brussels a version may take effect (document pages, search).
      dataVersion: async (url) =>
        [
          `documents ${documentsToday()}`,
          showsRegister(url.pathname) ? `register ${await registerVersion(await getDb())}` : "",
        ]
          .filter(Boolean)
          .join(" "),
    });

    found = async (req, res, next) => {
      if (
        answeredOpenRead(req, res, matchers) ||
        answeredByMethod(req, res, matchers) ||
        refusedCrossSiteCall(req, res, matchers)
      )
        return;
      const cache = getPageCache();
      // A resource sets its own caching (a label's ETag): the page cache would only render it twice.
      if (cache && !matchers.isResource(req.path) && (await mayUseCache(req, cacheRule)))
        return serveFromCache(req, res, next, cache);
      return passOn(req, res, next);
    };
    handlers.set(build, found);
  }
  return found;
}
