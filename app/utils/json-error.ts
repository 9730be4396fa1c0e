/**
 * The one shape of a JSON call's error answer: a code a program
 * branches on, then what a caller needs to put it right: a `message` for a
 * person, the query `parameter` at fault, or each body field's messages
 * (`fields`, by whole path). Only the members given are sent.
 *
 * It lives in utils, not app/http, because the staff guard (a service) and
 * the Express layer (server/body-limits.ts) answer with it too. The answers
 * a route repeats (405, validation in the caller's language, 503 ...) are
 * built on it in app/http/json-call.server.ts.
 */

/** An answer that must never be kept by a browser or a proxy (an error of a cacheable call, a staff call). */
export const NO_STORE = { "Cache-Control": "no-store" } as const;

/** The member that carries the code: `error` everywhere, except the complaint call (spec 7: "On 400 the response has validationError"). */
export type JsonErrorCodeKey = "error" | "validationError";

export type JsonErrorDetails = {
  message?: string;
  parameter?: string;
  fields?: Record<string, string[]>;
};

export type JsonErrorOptions = JsonErrorDetails & {
  headers?: Record<string, string>;
  codeKey?: JsonErrorCodeKey;
};

/** The body alone, for a layer that writes its own response (Express's `res.json`). */
export function jsonErrorBody(
  error: string,
  { message, parameter, fields }: JsonErrorDetails = {},
  codeKey: JsonErrorCodeKey = "error",
) {
  return {
    [codeKey]: error,
    ...(message === undefined ? {} : { message }),
    ...(parameter === undefined ? {} : { parameter }),
    ...(fields === undefined ? {} : { fields }),
  };
}

/** A JSON error answer (`application/json`) with `status` and the given headers, to return or throw. */
export function jsonError(
  status: number,
  error: string,
  { headers, codeKey, ...details }: JsonErrorOptions = {},
): Response {
  return Response.json(jsonErrorBody(error, details, codeKey), { status, headers });
}
