import { clientHas, etagFor } from "~/utils/etag.server";
import { getLogger } from "~/utils/logger.server";

import { unavailableForAMinute } from "./json-call.server";

/** The register is public and changes by import only: a minute in any cache, then revalidated by ETag. */
const PUBLIC_CACHE = "public, max-age=60, stale-while-revalidate=300";

/** A JSON answer with ETag (304 when the client holds it) and extra headers (a download's file name). */
export function jsonAnswer(request: Request, body: unknown, headers: Record<string, string> = {}): Response {
  const text = JSON.stringify(body);
  return bodyAnswer(request, text, { "Content-Type": "application/json; charset=utf-8", ...headers });
}

/** `etag`: the body's, when it is kept with it (a label: app/services/campaign/labels/label-store.server.ts). */
export function bodyAnswer(
  request: Request,
  text: string | Buffer,
  headers: Record<string, string>,
  etag = etagFor(text),
): Response {
  const all = { "Cache-Control": PUBLIC_CACHE, ETag: etag, ...headers };
  if (clientHas(request, etag)) return new Response(null, { status: 304, headers: all });
  return new Response(typeof text === "string" ? text : new Uint8Array(text), { status: 200, headers: all });
}

/** Runs a read of the register; a database that fails answers 503 (never 500) and is logged. */
export async function readingRegister(read: () => Promise<Response>): Promise<Response> {
  try {
    return await read();
  } catch (error) {
    getLogger().error({ err: error }, "campaign register could not be read");
    return unavailableForAMinute("The register cannot be read right now. Try again in a minute.");
  }
}
