/**
 * Express ↔ web Request/Response for the page cache, which renders with React
 * Router's web handler itself (it must see a response before it is sent, to
 * keep it). @react-router/express does the same for every other request but
 * exports only its whole handler; the Request comes from React Router's own
 * Node adapter (`@remix-run/node-fetch-server`), the URL as @react-router/express
 * builds it. `loadContextFor` is shared by both ways so a page gets the same
 * context whichever way it is served.
 */
import { writeReadableStreamToWritable } from "@react-router/node";
import { createRequest } from "@remix-run/node-fetch-server";
import type express from "express";
import { RouterContextProvider } from "react-router";

import { serverContext } from "~/context";
import { staffAreaContext } from "~/http/cache-control.server";
import { thirdPartyOrigins } from "~/services/site/features.server";

import type { RouteMatchers } from "./route-matchers";

/**
 * The context every loader and action of this request reads (`serverContext`),
 * and whether the request is in the staff area, decided by the route it
 * matches (`staffAreaContext`, for the caching headers).
 */
export function loadContextFor(
  req: express.Request,
  res: express.Response,
  { isKnownPage, isStaffArea }: RouteMatchers,
) {
  const context = new RouterContextProvider();
  context.set(staffAreaContext, isStaffArea(req.path));
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

/** The origin of the URL React Router reads for this request (as @react-router/express builds it). */
export function requestOrigin(req: express.Request): string {
  const forwardedPort = req.app.enabled("trust proxy") ? req.get("X-Forwarded-Host")?.split(":")[1] : undefined;
  const port = forwardedPort ?? req.get("host")?.split(":")[1];
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  return new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}`).origin;
}

/** The URL React Router reads for this request (as @react-router/express builds it). */
export function requestUrl(req: express.Request): URL {
  return new URL(`${requestOrigin(req)}${req.originalUrl}`);
}

/**
 * The web Request React Router reads, for a GET or HEAD, for the request's own URL
 * or another (the page cache's, server/cache-key.ts): its headers, and a signal
 * aborted when the client leaves before the answer is sent (node-fetch-server).
 */
export function webRequest(req: express.Request, res: express.Response, url: URL = requestUrl(req)): Request {
  // node-fetch-server reads the path from req.url and the host from the Host header unless told.
  const request = createRequest(req, res, { protocol: url.protocol, host: url.host });
  return request.url === url.href ? request : new Request(url, request);
}

/**
 * Sends a web Response through Express (after @react-router/express's adapter).
 * Not node-fetch-server's `sendResponse`: it never calls compression's `res.flush()`,
 * so a streamed page would wait in gzip until its end; @react-router/node's writer does.
 */
export async function sendWebResponse(res: express.Response, response: Response): Promise<void> {
  res.status(response.status);
  for (const [name, value] of response.headers) {
    // The page's own CSP (with its script hashes) replaces helmet's.
    if (name === "set-cookie") res.append(name, value);
    else res.setHeader(name, value);
  }
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}
