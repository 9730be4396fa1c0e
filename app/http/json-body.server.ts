import { jsonError } from "~/utils/json-error";

/**
 * Reads a JSON call's body: the exact media type, valid JSON, an object. Any
 * other body is a 4xx answer (thrown), never a 500. The size was bounded by
 * the server (JSON_BODY_LIMIT_BYTES) before it was read.
 */
export async function readJsonBody(request: Request): Promise<Record<string, unknown>> {
  const mediaType = request.headers.get("Content-Type")?.split(";")[0].trim().toLowerCase();
  if (mediaType !== "application/json") {
    throw jsonError(415, "UNSUPPORTED_MEDIA_TYPE", { message: "Send JSON (Content-Type: application/json)." });
  }
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw jsonError(400, "MALFORMED_JSON", { message: "The request body is not valid JSON." });
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw jsonError(400, "VALIDATION", { message: "The body must be a JSON object." });
  }
  return body as Record<string, unknown>;
}

/** The honeypot's values in a JSON body: none when the member is absent. */
export function jsonHoneypot(body: Record<string, unknown>, name: string): unknown[] {
  return Object.hasOwn(body, name) ? [body[name]] : [];
}
