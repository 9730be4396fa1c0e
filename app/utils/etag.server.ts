import { createHash } from "node:crypto";

/**
 * ETags and the one `If-None-Match` parser of the site: the page cache
 * (server/), the register's JSON answers and the plain-HTML documents all
 * answer 304 by the same rule, so a client sees one behaviour everywhere.
 */

/** A strong ETag for a body: the same bytes give the same tag on every instance. */
export function etagFor(body: string | Buffer): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/**
 * Whether an `If-None-Match` header names this ETag (RFC 9110 §13.1.2): `*`,
 * a comma-separated list, and weak comparison (a `W/` on either side is
 * ignored), as for a GET or HEAD.
 */
export function matchesEtag(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => opaque(tag) === opaque(etag));
}

/** Whether the client already holds this ETag (`If-None-Match` of a web Request). */
export function clientHas(request: Request, etag: string): boolean {
  return matchesEtag(request.headers.get("If-None-Match"), etag);
}
