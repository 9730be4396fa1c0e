/**
 * The request targets HTTP allows besides a path (RFC 9112, 3.2): every
 * later step (the host guard, the page cache, React Router) builds its URL
 * from a path, so the others are settled here, first (each was a 500
 * with a stack in the log).
 */
import type express from "express";

/** The methods the server as a whole takes (`OPTIONS *`). */
const SERVER_METHODS = "GET, HEAD, POST, OPTIONS";

function refuse(res: express.Response, reason: string): void {
  res.locals.logReason = reason;
  res.status(400).type("text/plain").send("Bad Request");
}

/**
 * - origin form (`/nl?x`): passed on as it is;
 * - asterisk form (`*`): `OPTIONS *` asks about the server, and gets 200
 *   with the methods it takes; any other method with it is a 400;
 * - absolute form (`http://host/nl`): its authority replaces the Host header
 *   (RFC 9112, 3.2.2: "MUST ignore the received Host header field"), so the
 *   host guard judges the host the client named, and its path becomes the
 *   request's;
 * - anything else (another scheme, user information, which RFC 9110, 4.2.4
 *   says to treat as an error): 400. Node's parser refuses the rest itself.
 */
export const readRequestTarget: express.RequestHandler = (req, res, next) => {
  const target = req.url;
  if (target.startsWith("/")) return next();
  if (target === "*") {
    if (req.method !== "OPTIONS") return refuse(res, "asterisk-form request target");
    res.status(200).set({ Allow: SERVER_METHODS, "Content-Length": "0" }).end();
    return;
  }
  let url: URL | null = null;
  try {
    url = new URL(target);
  } catch {
    // Not a URL: refused below.
  }
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:") || !url.host || url.username || url.password) {
    return refuse(res, "malformed request target");
  }
  req.headers.host = url.host;
  req.url = `${url.pathname}${url.search}`;
  req.originalUrl = req.url;
  next();
};
