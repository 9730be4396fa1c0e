import { data } from "react-router";

/**
 * Reads a JSON call's body: the exact media type, valid JSON, an object. Any
 * other body is a 4xx answer (thrown), never a 500. The size was bounded by
 * the server (JSON_BODY_LIMIT_BYTES) before it was read.
 */
export async function readJsonBody(request: Request): Promise<Record<string, unknown>> {
  const mediaType = request.headers.get("Content-Type")?.split(";")[0].trim().toLowerCase();
  if (mediaType !== "application/json") {
    throw data({ error: "UNSUPPORTED_MEDIA_TYPE", message: "Send JSON (Content-Type: application/json)." }, { status: 415 });
  }
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw data({ error: "MALFORMED_JSON", message: "The request body is not valid JSON." }, { status: 400 });
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw data({ error: "VALIDATION", message: "The body must be a JSON object." }, { status: 400 });
  }
  return body as Record<string, unknown>;
}

/** The honeypot's values in a JSON body: none when the member is absent. */
export function jsonHoneypot(body: Record<string, unknown>, name: string): unknown[] {
  return Object.hasOwn(body, name) ? [body[name]] : [];
}
