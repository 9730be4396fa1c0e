/**
 * Request bodies are refused by their declared size, before any parser reads
 * them: a form or JSON call never needs more, and a large body would cost
 * memory and time before the route could say no.
 */
import type express from "express";

import { getConfig } from "~/config.server";
import { FILE_LIMITS } from "~/domain/request-file";
import { jsonErrorBody } from "~/utils/json-error";

/** JSON calls get a JSON error body, pages a plain text. */
function refuse(req: express.Request, res: express.Response, status: number, error: string, message: string) {
  if (req.path.startsWith("/api/")) res.status(status).json(jsonErrorBody(error, { message }));
  else res.status(status).type("text/plain").send(message);
}

/**
 * Uploads of a request's files (app/routes.ts): a signed-in
 * officer's answer, the person's reply behind its link, or a system's
 * answer to an access or export task with its files (by its callback, or
 * its contact on the task page behind their link); a multipart post
 * up to a request's 100 MB and the form around it. The routes check who
 * posts before reading it, read it as a stream and enforce each file's limit.
 */
const UPLOAD_PATH =
  /^(?:\/(?:nl|fr|en)\/(?:internal-privacy-rights\/requests\/[^/]+\/files|privacy-rights\/(?:reply|system-task))|\/api\/systems\/[^/]+\/tasks\/[^/]+)$/;
const UPLOAD_LIMIT_BYTES = FILE_LIMITS.requestBytes + 1024 * 1024;

/**
 * Form posts and JSON calls are small; a bigger body is refused before it is
 * read. Forms get a tighter limit than JSON (see docs/configuration.md).
 */
export const limitBodySize: express.RequestHandler = (req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD") return next();
  const length = req.headers["content-length"];
  if (length === undefined && req.headers["transfer-encoding"]) {
    refuse(req, res, 411, "LENGTH_REQUIRED", "Send the body with a Content-Length header.");
    return;
  }
  const config = getConfig();
  const limit = req.is("application/json")
    ? config.JSON_BODY_LIMIT_BYTES
    : UPLOAD_PATH.test(req.path) && req.is("multipart/form-data")
      ? UPLOAD_LIMIT_BYTES
      : config.FORM_BODY_LIMIT_BYTES;
  if (Number(length ?? 0) > limit) {
    refuse(req, res, 413, "PAYLOAD_TOO_LARGE", `The body may be at most ${limit} bytes.`);
    return;
  }
  next();
};
