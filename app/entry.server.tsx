import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import {
  ServerRouter,
  isRouteErrorResponse,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { serverContext } from "./context";
import { NonceProvider } from "./utils/nonce";
import { loggableUrl } from "./utils/log-redaction";
import { getLogger } from "./utils/logger.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(serverContext).cspNonce;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      userAgent && isbot(userAgent) ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) getLogger().error({ err: error }, "render error");
        },
      },
    );
  });
}

/**
 * React Router refuses an action posted from another origin (or with an
 * unreadable Origin) by throwing these, then answers 400 itself.
 */
function isRefusedCrossOriginAction(error: unknown): boolean {
  return (
    error instanceof Error &&
    /^The `request\.url` origin does not match `origin` header|^`origin` header is not a valid URL/.test(error.message)
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
  if (isRefusedCrossOriginAction(error)) {
    context.get(serverContext).noteForLog("cross-origin action refused");
    return;
  }
  getLogger().error({ err: error, url: loggableUrl(request.url) }, "unhandled error");
};
