import { Writable } from "node:stream";

import { renderToPipeableStream } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";

import { getConfig } from "./config.server";
import { serverContext } from "./context";
import { documentCsp, newScriptMark, takeMarkedInline } from "./utils/csp.server";
import { hydrateAfterFirstPaint } from "./utils/hydrate-after-paint.server";
import { loggableUrl } from "./utils/log-redaction";
import { getLogger } from "./utils/logger.server";
import { mayRunThirdParties } from "./utils/personal-data";
import { isPublicPath } from "./utils/public-path";

export const streamTimeout = 5_000;

/**
 * Renders the whole document before answering (pages are small and have no
 * deferred data): its inline scripts are then known, and their hashes go into
 * the page's Content-Security-Policy; the same page gives the same bytes and
 * headers for everyone, which lets it be cached. Only the scripts
 * and styles React and React Router wrote are hashed: they mark them with this
 * render's mark (their `nonce`), which is then taken out (app/utils/csp.server.ts). A
 * page with a token or personal data allows no third-party origin
 * (app/utils/personal-data.ts).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // A refused submission's Retry-After (app/http/submission-refusals.server.ts)
  // also on the form page shown again without JavaScript: React Router passes
  // an action's headers on only to a route that exports `headers`.
  const retryAfter = Object.values(routerContext.staticHandlerContext.actionHeaders).find((headers) =>
    headers.has("Retry-After"),
  );
  if (retryAfter) responseHeaders.set("Retry-After", retryAfter.get("Retry-After")!);
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const handles = routerContext.staticHandlerContext.matches.map(
    (match) => routerContext.routeModules[match.route.id]?.handle,
  );
  const thirdPartyOrigins = mayRunThirdParties(handles) ? loadContext.get(serverContext).thirdPartyOrigins : [];
  const renderMark = newScriptMark();

  return new Promise<Response>((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, callback) {
        chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        timeoutId = undefined;
        let html = Buffer.concat(chunks).toString("utf8");
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        // Vite's development client injects inline styles and scripts of its own.
        const isProduction = getConfig().isProduction;
        // Staff pages start at once: their session warnings run while the page is left open.
        if (isProduction)
          html = hydrateAfterFirstPaint(html, { waitForIntent: isPublicPath(new URL(request.url).pathname) });
        const marked = takeMarkedInline(html, renderMark);
        html = marked.html;
        if (isProduction) {
          responseHeaders.set("Content-Security-Policy", documentCsp(marked, thirdPartyOrigins));
        }
        resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={renderMark} />,
      {
        // The page is sent whole (onAllReady), so nothing is gained by sending a
        // large Suspense boundary apart, after the page, to be put in place by a
        // script: it would be missing without JavaScript.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // React's own inline scripts and styles carry the mark too: the render wrote them.
        nonce: { script: renderMark, style: renderMark },
        onAllReady() {
          pipe(sink);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          getLogger().error({ err: error }, "render error");
        },
      },
    );
  });
}

/**
 * React Router refuses an action posted from another origin (or with an
 * unreadable Origin) by throwing these, then answers 400 itself.
 */
function isRefusedCrossOriginAction(error: unknown, request: Request): boolean {
  if (!(error instanceof Error)) return false;
  if (
    /^The `request\.url` origin does not match `origin` header|^`origin` header is not a valid URL/.test(error.message)
  )
    return true;
  // A client navigation's post (`…/about.data`): React Router swaps that error for a bare "Bad Request".
  return (
    error.message === "Bad Request" && request.method === "POST" && new URL(request.url).pathname.endsWith(".data")
  );
}

/**
 * Thrown responses (404, 400...) are answers, not errors: only real errors are
 * logged. A refused cross-origin post is a client error: noted on the
 * request's single log line (a warning), without a stack, so outsiders cannot
 * flood the error log.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  if (isRefusedCrossOriginAction(error, request)) {
    context.get(serverContext).noteForLog("cross-origin action refused");
    return;
  }
  getLogger().error({ err: error, url: loggableUrl(request.url) }, "unhandled error");
};
