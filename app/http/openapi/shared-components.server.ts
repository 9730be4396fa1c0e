/**
 * What the calls share: the error answers (one shape, app/utils/json-error.ts;
 * the codes of app/http/json-call.server.ts, server/body-limits.ts,
 * server/cross-site-calls.ts), the headers and the parameters.
 */
import type { HeaderObject, ParameterObject, ReferenceObject, ResponseObject, SchemaObject } from "openapi3-ts/oas31";

import { schemaRef } from "./register-schemas.server";

const code = (values: string[]): SchemaObject =>
  values.length === 1 ? { type: "string", const: values[0] } : { type: "string", enum: values };

/** An error answer with `error` (or the complaint's `validationError`) holding one of the codes, and the members it always has. */
export function errorSchema(
  codes: string[],
  {
    required = ["message"],
    codeKey = "error",
    description,
  }: { required?: string[]; codeKey?: string; description?: string } = {},
): SchemaObject {
  return {
    type: "object",
    ...(description ? { description } : {}),
    properties: {
      [codeKey]: code(codes),
      message: { type: "string", description: "For a person: what went wrong and what to do." },
      parameter: { type: "string", description: "The query parameter at fault." },
      fields: schemaRef("FieldMessages"),
    },
    required: [codeKey, ...required],
    additionalProperties: false,
  };
}

export const jsonContent = (schema: SchemaObject | ReferenceObject) => ({ "application/json": { schema } });
const responseRef = (name: string): ReferenceObject => ({ $ref: `#/components/responses/${name}` });
const headerRef = (name: string): ReferenceObject => ({ $ref: `#/components/headers/${name}` });
export const parameterRef = (name: string): ReferenceObject => ({ $ref: `#/components/parameters/${name}` });

export const SHARED_SCHEMAS: Record<string, SchemaObject> = {
  FieldMessages: {
    type: "object",
    description:
      "Each field at fault by its whole path (`userInfo.address.street`), with its messages in the caller's language.",
    additionalProperties: { type: "array", items: { type: "string" }, minItems: 1 },
  },
  ParameterError: errorSchema(["VALIDATION"], {
    required: ["message", "parameter"],
    description: "A query parameter is missing or wrong; `parameter` names it.",
  }),
  NotFound: errorSchema(["NOT_FOUND"]),
};

export const SHARED_HEADERS: Record<string, HeaderObject> = {
  ETag: {
    description: "The answer's version; send it back in If-None-Match to get a 304 while it is unchanged.",
    schema: { type: "string" },
    required: true,
  },
  CacheControl: {
    description: "Public: kept a minute by any cache, then revalidated with the ETag.",
    schema: { type: "string" },
    required: true,
  },
  ContentDisposition: {
    description: "A download, with the file's name.",
    schema: { type: "string", pattern: '^attachment; filename="[^"]+"$' },
    required: true,
  },
  RetryAfter: { description: "Seconds to wait before trying again.", schema: { type: "string", pattern: "^\\d+$" } },
  AllowAnyOrigin: {
    description:
      "`*`: any site's page may read this answer, without credentials (no cookies are ever needed or allowed).",
    schema: { type: "string", const: "*" },
    required: true,
  },
  AllowAnyOriginOnceRead: {
    description:
      "`*` when the register could not be read; absent when a busy server turned the request away before reading it.",
    schema: { type: "string", const: "*" },
  },
};

/** The headers of every answer of a read-only register call (server/register-cors.ts). */
export const openReadHeaders = { "Access-Control-Allow-Origin": headerRef("AllowAnyOrigin") };
export const cacheableHeaders = {
  ...openReadHeaders,
  ETag: headerRef("ETag"),
  "Cache-Control": headerRef("CacheControl"),
};

export const SHARED_PARAMETERS: Record<string, ParameterObject> = {
  countryCode: {
    name: "countryCode",
    in: "query",
    required: true,
    description: "The register: NL or BE (lower case is accepted).",
    schema: { type: "string", enum: ["NL", "BE", "nl", "be"] },
  },
  IfNoneMatch: {
    name: "If-None-Match",
    in: "header",
    description: "The ETag of an answer you hold: 304 without a body while it is unchanged.",
    schema: { type: "string" },
  },
  IdempotencyKey: {
    name: "Idempotency-Key",
    in: "header",
    description:
      "Optional: a key of your own (a UUID) for this submission. Sent again with the same body within 24 hours, the call answers as the first time and stores or mails nothing twice; with another body, 422.",
    schema: { type: "string", minLength: 1, maxLength: 257 },
  },
};

const error = (
  description: string,
  schema: SchemaObject | ReferenceObject,
  headers?: ResponseObject["headers"],
): ResponseObject => ({
  description,
  ...(headers ? { headers } : {}),
  content: jsonContent(schema),
});

export const SHARED_RESPONSES: Record<string, ResponseObject> = {
  NotModified: { description: "Unchanged since the ETag in If-None-Match: no body.", headers: cacheableHeaders },
  ParameterError: error("A query parameter is missing or wrong.", schemaRef("ParameterError"), openReadHeaders),
  RegisterUnavailable: error(
    "The register cannot be read right now (or the server is busy): try again after Retry-After.",
    errorSchema(["UNAVAILABLE"]),
    {
      "Access-Control-Allow-Origin": headerRef("AllowAnyOriginOnceRead"),
      "Retry-After": headerRef("RetryAfter"),
    },
  ),
  CrossOrigin: error(
    "Sent by a page of another site (an `Origin` or `Sec-Fetch-Site` header that is not this site's): submissions are accepted from the site's own pages and from programs that are not browsers.",
    errorSchema(["CROSS_ORIGIN"]),
  ),
  LengthRequired: error("A body without Content-Length (chunked): send its length.", errorSchema(["LENGTH_REQUIRED"])),
  PayloadTooLarge: error("The body is larger than the call takes.", errorSchema(["PAYLOAD_TOO_LARGE"])),
  UnsupportedMediaType: error("The body is not sent as application/json.", errorSchema(["UNSUPPORTED_MEDIA_TYPE"])),
  IdempotencyKeyReused: error(
    "This Idempotency-Key came with another body in the last 24 hours.",
    errorSchema(["IDEMPOTENCY_KEY_REUSED"]),
  ),
  RateLimited: error(
    "Too many submissions from this address (or to this mailbox): the message says from when to try again, and another way to reach us.",
    errorSchema(["RATE_LIMITED"]),
    {
      "Retry-After": headerRef("RetryAfter"),
    },
  ),
  SubmissionUnavailable: error(
    "The submission could not be stored (or the server is busy): nothing was kept; try again later.",
    errorSchema(["UNAVAILABLE"]),
    {
      "Retry-After": headerRef("RetryAfter"),
    },
  ),
};

/** The answers every submission call shares besides its own 201 and 400. */
export const submissionErrors = {
  "403": responseRef("CrossOrigin"),
  "411": responseRef("LengthRequired"),
  "413": responseRef("PayloadTooLarge"),
  "415": responseRef("UnsupportedMediaType"),
  "422": responseRef("IdempotencyKeyReused"),
  "429": responseRef("RateLimited"),
  "503": responseRef("SubmissionUnavailable"),
};

/** The answers every register read shares besides its own 200 (and 404). */
export const registerReadAnswers = {
  "304": responseRef("NotModified"),
  "400": responseRef("ParameterError"),
  "503": responseRef("RegisterUnavailable"),
};
