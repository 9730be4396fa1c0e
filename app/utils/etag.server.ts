import { createHash } from "node:crypto";

/** A strong ETag for a body, and whether the client already holds it (`If-None-Match`). */
export function etagFor(body: string): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

export function clientHas(request: Request, etag: string): boolean {
  const header = request.headers.get("If-None-Match");
  return Boolean(header && (header.trim() === "*" || header.split(/\s*,\s*/).some((tag) => tag.replace(/^W\//, "") === etag)));
}
