/**
 * HTTP entry point. Development: Vite as middleware with hot reload.
 * Production (`npm start`): the built app from build/server and fingerprinted
 * assets from build/client. See docs/how-it-works.md.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";

import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import helmet from "helmet";
import { pinoHttp } from "pino-http";

import { ConfigError, getConfig } from "./app/config.server";
import { cspDirectives } from "./app/utils/csp.server";
import { loggableUrl } from "./app/utils/log-redaction";
import { getLogger } from "./app/utils/logger.server";
import { acceptedRequestId } from "./app/utils/request-id";
import type * as serverApp from "./server/app";
import { installGracefulShutdown } from "./server/graceful-shutdown";

type AppModule = typeof serverApp;

const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "usb=()",
  "browsing-topics=()",
].join(", ");

/** Whether the overload guard answered this request (its log reason). */
const isShed = (res: { locals?: Record<string, unknown> } | object) =>
  (res as { locals?: Record<string, unknown> }).locals?.logReason === "overloaded";

/** A 4xx that a library attached to its error (e.g. a malformed URL), else 500. */
function httpStatusOf(error: unknown): number {
  const status =
    (error as { status?: unknown; statusCode?: unknown } | null)?.status ??
    (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === "number" && status >= 400 && status < 500 ? status : 500;
}

async function main() {
  const config = getConfig();
  const logger = getLogger();
  const isProduction = config.isProduction;

  const app = express();
  /** In production, the overload guard's answer before any of Express's work (server/overload.ts). */
  let refuseWhenOverloaded: (req: IncomingMessage, res: ServerResponse) => boolean = () => false;
  const server = createServer(
    {
      headersTimeout: config.HEADERS_TIMEOUT_MS,
      requestTimeout: config.REQUEST_TIMEOUT_MS,
      // How often Node looks for connections past those timeouts (default 30 s).
      connectionsCheckingInterval: 1000,
    },
    (req, res) => {
      if (!refuseWhenOverloaded(req, res)) app(req, res);
    },
  );
  // A client that half-closes its side once its request is sent (`shutdown(SHUT_WR)`, `nc -N`) still gets
  // its answer: by default Node aborts the request in progress at the client's FIN, which ended
  // every page that renders asynchronously without a byte. The connection closes once the answer is sent.
  // Node's own switch for it (lib/_http_server.js `socketOnEnd`), which its types do not name.
  (server as typeof server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY);

  if (isProduction) {
    // Fingerprinted assets, compressed once at build time (scripts/precompress-assets.mjs),
    // first: a page's 20 files are not 20 request log lines, and the documents' headers
    // (a policy, frame or referrer rules, a request id) mean nothing on a script or a
    // stylesheet. Sent with each file they were a kilobyte apiece (a sixth of
    // the JavaScript "as sent"). A name that never changes needs no validators either.
    app.use(
      "/assets",
      helmet.xContentTypeOptions(),
      helmet.crossOriginResourcePolicy({ policy: "same-origin" }),
      expressStaticGzip(path.resolve("build/client/assets"), {
        enableBrotli: true,
        orderPreference: ["br", "gzip"],
        index: false,
        serveStatic: {
          immutable: true,
          maxAge: "1y",
          index: false,
          etag: false,
          lastModified: false,
          acceptRanges: false,
        },
      }),
    );
  }
  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const id = acceptedRequestId(req.headers["x-request-id"]) ?? randomUUID();
        res.setHeader("X-Request-Id", id);
        return id;
      },
      // Client errors (a malformed host, a refused cross-origin post) are
      // warnings, one line per request with the reason; server errors are errors.
      // A request shed under load (server/overload.ts) is the server
      // protecting itself, not failing: a warning without a stack, as a
      // stack per shed request would cost what shedding saves.
      customLogLevel: (_req, res, error) =>
        isShed(res) ? "warn" : error || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info",
      customErrorMessage: (_req, res) => (isShed(res) ? "request shed" : "request errored"),
      customErrorObject: (_req, res, _error, logged) => {
        if (!isShed(res)) return logged;
        const { err: _err, ...withoutError } = logged as Record<string, unknown>;
        return withoutError;
      },
      customProps: (_req, res) => {
        const reason = (res as express.Response).locals?.logReason;
        return reason ? { reason } : {};
      },
      // One compact line per request; headers stay out of the logs.
      serializers: {
        req: (req) => ({ id: req.id, method: req.method, url: loggableUrl(req.url), host: req.headers?.host }),
        res: (res) => ({ statusCode: res.statusCode }),
      },
      autoLogging: { ignore: (req) => req.url === "/healthz" || req.url === "/readyz" },
    }),
  );
  app.use(compression());
  app.use(
    helmet({
      // Vite's development client injects inline styles and scripts. A
      // document replaces this policy with its own, which adds the hashes of
      // its inline scripts (app/utils/csp.server.ts).
      contentSecurityPolicy: isProduction ? { useDefaults: false, directives: cspDirectives() } : false,
      crossOriginEmbedderPolicy: false,
      // Sent below, only over HTTPS.
      strictTransportSecurity: false,
      // No address of ours, with a token or a search in it, reaches another
      // site, not even the origin. "no-referrer" would make
      // browsers send `Origin: null` with form posts, which React Router's
      // CSRF check rejects; "same-origin" keeps our own posts' Origin.
      referrerPolicy: { policy: "same-origin" },
    }),
  );
  // HSTS when the visitor's request came over HTTPS, directly or
  // through a trusted proxy (TRUST_PROXY, `X-Forwarded-Proto`): a browser on
  // plain http (the embedded default on *.localhost) ignores it anyway, and a
  // client that merely claims HTTPS cannot switch it on.
  const hsts = helmet.strictTransportSecurity({ maxAge: 31_536_000, includeSubDomains: true });
  app.use((req, res, next) => (req.secure ? hsts(req, res, next) : next()));
  // Browser features the site never uses are switched off for it and for
  // anything it might embed.
  app.use((_req, res, next) => {
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    next();
  });

  let appModule: AppModule;
  if (isProduction) {
    // The other public files (favicon, images): only paths under their own names reach the disk, so a
    // page request never pays for a file-system lookup (it was a stat per page request).
    const publicFiles = express.static(path.resolve("build/client"), { maxAge: "1h", index: false });
    const publicNames = new Set(fs.readdirSync(path.resolve("build/client")).filter((name) => name !== "assets"));
    app.use((req, res, next) => (publicNames.has(req.path.split("/")[1] ?? "") ? publicFiles(req, res, next) : next()));
    // Resolved from the working directory: this file is bundled into build/.
    appModule = (await import(path.resolve("build/server/index.js"))) as AppModule;
    refuseWhenOverloaded = appModule.refuseWhenOverloaded;
    app.use(appModule.app);
  } else {
    const vite = await import("vite");
    const viteDevServer = await vite.createServer({
      server: { middlewareMode: true, hmr: { server } },
    });
    app.use(viteDevServer.middlewares);
    appModule = (await viteDevServer.ssrLoadModule("./server/app.ts")) as AppModule;
    app.use(async (req, res, next) => {
      try {
        const fresh = (await viteDevServer.ssrLoadModule("./server/app.ts")) as AppModule;
        fresh.app(req, res, next);
      } catch (error) {
        if (error instanceof Error) viteDevServer.ssrFixStacktrace(error);
        next(error);
      }
    });
  }

  // Last: whatever Express itself could not handle is logged in the structured
  // log (no stack on stderr) and answered without internals.
  app.use((error: unknown, req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (res.headersSent) return next(error);
    const status = httpStatusOf(error);
    if (status < 500) {
      res.locals.logReason = error instanceof Error ? error.message : "client error";
      res
        .status(status)
        .type("text/plain")
        .send(status === 413 ? "Payload Too Large" : "Bad Request");
      return;
    }
    req.log.error({ err: error }, "unhandled error");
    res.status(500).type("text/plain").send("Internal Error");
  });

  if (config.DATABASE_URL && config.TRUST_PROXY === false) {
    // A deployment behind an HTTPS proxy without TRUST_PROXY: every form post
    // fails the Origin check (http vs https) and all visitors share one
    // rate-limit bucket (the proxy's IP).
    logger.warn(
      "TRUST_PROXY is not set while DATABASE_URL is: behind a reverse proxy every form post will be refused " +
        "and all visitors will share one rate limit. Set TRUST_PROXY to the number of proxies (e.g. 1) or their addresses.",
    );
    console.warn("\n  WARNING: set TRUST_PROXY when running behind a reverse proxy (see README, Configuration).\n");
  }

  // A request's queue time counts from its connection's acceptance (server/arrivals.ts).
  appModule.watchArrivals(server);
  await appModule.start();

  server.listen(config.PORT, () => {
    logger.info({ port: config.PORT, database: config.database.kind, mode: config.NODE_ENV }, "server started");
    // The addresses visitors use: the public origins when set (behind a proxy), else the local hosts.
    const sites = [
      config.PUBLIC_ORIGIN_NL ?? `http://nl.localhost:${config.PORT}`,
      config.PUBLIC_ORIGIN_BE ?? `http://be.localhost:${config.PORT}`,
    ];
    console.log(
      `\n  Veldhaven Media privacy site (${config.NODE_ENV}, ${config.database.kind}), port ${config.PORT}\n` +
        sites.map((site) => `  ${site}/\n`).join(""),
    );
  });

  // Probes on a port of their own: the same process and event loop, but a
  // listen queue no visitor's connection waits in (docs/overload.md).
  const probeServer = config.PROBE_PORT ? createServer(express().use(appModule.probes)) : undefined;
  probeServer?.listen(config.PROBE_PORT, () => logger.info({ port: config.PROBE_PORT }, "probes listening"));

  installGracefulShutdown(
    probeServer ? [server, probeServer] : [server],
    { stopBackgroundWork: appModule.stopBackgroundWork, closeDatabase: appModule.closeDatabase },
    logger,
  );
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error("Failed to start:", error);
  }
  process.exit(1);
});
