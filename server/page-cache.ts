import { promisify } from "node:util";
import zlib from "node:zlib";

import { LRUCache } from "lru-cache";
import Negotiator from "negotiator";

import { etagFor } from "~/utils/etag.server";

// The one If-None-Match parser lives with the other ETag rules (app/utils/etag.server.ts);
// re-exported because page-cache.test.ts has always found it here.
export { matchesEtag } from "~/utils/etag.server";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export type Encoding = "br" | "gzip" | "identity";

/** A rendered page, compressed once in each encoding a browser may ask for. */
export type CachedPage = {
  status: number;
  headers: Array<[string, string]>;
  etag: string;
  bodies: Record<Encoding, Buffer>;
};

/**
 * The ETag of a page: the same bytes give the same tag on every instance.
 * Weak, because each encoding is a different byte sequence of the same page.
 */
function etagOf(body: Buffer): string {
  return `W/${etagFor(body)}`;
}

export async function compressPage(
  status: number,
  headers: Array<[string, string]>,
  body: Buffer,
): Promise<CachedPage> {
  const [gzipped, brotlied] = await Promise.all([
    gzip(body, { level: 6 }),
    // Quality 5: nearly the size of 11 at a fraction of the time; done once per page and period.
    brotli(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  ]);
  return { status, headers, etag: etagOf(body), bodies: { identity: body, gzip: gzipped, br: brotlied } };
}

function sizeOf(page: CachedPage): number {
  return page.bodies.identity.length + page.bodies.gzip.length + page.bodies.br.length + 512;
}

/** The least time between two sweeps for expired pages, however short their time. */
const MIN_PURGE_INTERVAL_MS = 1000;

/**
 * Rendered anonymous pages in memory (lru-cache): least recently used out
 * within a byte budget, each kept `ttlMs`. Keyed by the page's URL (host in
 * one spelling, path and the query parameters the page reads:
 * server/cache-key.ts); the encoding is chosen when a page is sent. Each
 * process fills its own; the CDN in front shares across instances.
 *
 * lru-cache only drops an expired page when it is asked for it or needs the
 * room, so pages nobody asks for again stayed in memory after a burst
 * (an idle process grew from 139 to 293 MB). One sweep per `ttlMs` (`purgeStale`, on a
 * timer that does not keep the process alive) frees them within twice their
 * time; lru-cache's `ttlAutopurge` would do it with one timer per page, set
 * on every store, which its authors advise against for many entries.
 */
export function createPageCache(options: {
  maxBytes: number;
  ttlMs: number;
  purgeIntervalMs?: number;
}): LRUCache<string, CachedPage> {
  const cache = new LRUCache<string, CachedPage>({
    maxSize: options.maxBytes,
    maxEntrySize: options.maxBytes,
    sizeCalculation: sizeOf,
    ttl: options.ttlMs,
  });
  const interval = options.purgeIntervalMs ?? Math.max(options.ttlMs, MIN_PURGE_INTERVAL_MS);
  setInterval(() => cache.purgeStale(), interval).unref();
  return cache;
}

export type PageCache = ReturnType<typeof createPageCache>;

const ENCODINGS: readonly Encoding[] = ["br", "gzip", "identity"];
/** At the same weight brotli, then gzip: the smallest body first. */
const PREFERRED_ENCODINGS: readonly Encoding[] = ["br", "gzip"];

/** The best encoding the request accepts (negotiator: q-values honoured, `*` and q=0 included). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  return (
    new Negotiator({ headers: { "accept-encoding": acceptEncoding } }).encoding(ENCODINGS, PREFERRED_ENCODINGS) ??
    "identity"
  );
}
