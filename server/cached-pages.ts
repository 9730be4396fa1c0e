/**
 * When a request is served from the page cache (server/page-cache.ts) and how:
 * which requests may use it, which responses may be kept, a burst of the same
 * page rendered once, a page kept under (and rendered from) its URL with only
 * the query parameters it reads (server/cache-key.ts), and a kept
 * page sent with its ETag, 304 and encoding (docs/decisions/003-cacheable-pages.md).
 */
import type express from "express";
import type { RouterContextProvider } from "react-router";

import { getConfig } from "~/config.server";
import { cookiesChangePage } from "~/http/session.server";
import { matchesEtag } from "~/utils/etag.server";
import { isPublicPath } from "~/utils/public-path";

import { chooseEncoding, compressPage, createPageCache, type CachedPage, type PageCache } from "./page-cache";
import { requestUrl, sendWebResponse, webRequest } from "./web-adapter";

/** Headers a stored page keeps (not the ones about one transfer or one visitor). */
const TRANSFER_HEADERS = new Set([
  "set-cookie",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "date",
  "connection",
]);

/**
 * A page the same for everyone: a 200 or 404 the app declared public (app/http/cache-control.server.ts)
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

let pageCache: PageCache | null | undefined;

/** The process's page cache, or null when PAGE_CACHE_SECONDS is 0. */
export function getPageCache(): PageCache | null {
  if (pageCache === undefined) {
    const config = getConfig();
    pageCache =
      config.PAGE_CACHE_SECONDS > 0
        ? createPageCache({ maxBytes: config.PAGE_CACHE_MAX_MB * 1024 * 1024, ttlMs: config.PAGE_CACHE_SECONDS * 1000 })
        : null;
  }
  return pageCache;
}

type CacheRule = {
  /** Whether a path matches a staff route in any spelling. */
  isStaffArea: (pathname: string) => boolean;
  /** Whether a path's page shows the objection's kept choice (app/utils/kept-choice-pages.ts). */
  showsKeptChoice: (pathname: string) => boolean;
};

/**
 * A GET of a public page may come from the cache unless the visitor's cookies
 * change it (a flash waiting to be shown, the objection's choice on the pages
 * that show it: `cookiesChangePage`); never a JSON call (those set
 * their own caching), never a staff page: not a path that matches a staff
 * route in any spelling, nor one that merely spells the staff segment.
 */
export async function mayUseCache(req: express.Request, { isStaffArea, showsKeptChoice }: CacheRule): Promise<boolean> {
  return (
    (req.method === "GET" || req.method === "HEAD") &&
    !req.path.startsWith("/api/") &&
    !isStaffArea(req.path) &&
    isPublicPath(req.path) &&
    !(await cookiesChangePage(req.get("Cookie"), { showsKeptChoice: showsKeptChoice(req.path) }))
  );
}

/**
 * The request as any visitor makes it: what the cache keeps is rendered without
 * the asker's cookies, so no page it serves can hold one visitor's flash, choice
 * or session.
 */
function withoutCookies(request: Request): Request {
  if (!request.headers.has("Cookie")) return request;
  const headers = new Headers(request.headers);
  headers.delete("Cookie");
  return new Request(request, { headers });
}

type CachedPageServer = {
  /** Renders a web Request with React Router (its web handler, so the response can be kept). */
  renderPage: (request: Request, context: RouterContextProvider) => Promise<Response>;
  loadContext: (req: express.Request, res: express.Response) => RouterContextProvider;
  /** Serves the request without the cache. */
  passOn: (req: express.Request, res: express.Response, next: express.NextFunction) => Promise<void>;
  /** The URL a request's page is kept under and rendered from (server/cache-key.ts). */
  cacheUrl: (url: URL) => URL;
  /** What else the page's key holds: the version of the data it shows, read for each request ("" for none). */
  dataVersion: (url: URL) => Promise<string>;
};

/** Serves a request from the cache, rendering and keeping the page when it is missing (one server per build). */
export function cachedPageServer({ renderPage, loadContext, passOn, cacheUrl, dataVersion }: CachedPageServer) {
  // Pages being rendered: a burst of the same page renders it once.
  const rendering = new Map<string, Promise<CachedPage | null>>();

  return async (req: express.Request, res: express.Response, next: express.NextFunction, cache: PageCache) => {
    const asked = requestUrl(req);
    const pageUrl = cacheUrl(asked);
    let version: string;
    try {
      version = await dataVersion(pageUrl);
    } catch {
      // Its data cannot be read: the page says so itself, rendered as usual and not kept.
      return passOn(req, res, next);
    }
    const key = version ? `${pageUrl.href} ${version}` : pageUrl.href;
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
      let response = await renderPage(withoutCookies(webRequest(req, res, pageUrl)), loadContext(req, res));
      if (!isShareable(response)) {
        settle(null);
        // Only a page that is kept may answer for the URL without the parameters it
        // ignores, or for a visitor with cookies; anything else (the language redirect,
        // which carries the whole query on; a personal page) is rendered again for the
        // request as asked. A page that reads a cookie of its own (the e-mail
        // verification's `__verification`, the expired link's) is such a personal page.
        if (pageUrl.href !== asked.href || req.get("Cookie")) {
          await response.body?.cancel();
          response = await renderPage(webRequest(req, res), loadContext(req, res));
        }
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
}
