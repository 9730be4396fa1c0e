/**
 * A label is rendered once and kept. What it shows
 * depends only on the ad's version, language and country and on the address
 * it prints, so that is its key: a repeated request, or one with any query
 * string, costs no render, and a client's If-None-Match is answered from
 * the kept ETag. In memory, least recently used out within a byte budget
 * (about 500 PNG labels); a burst for one label renders it once
 * (lru-cache's `fetch`). A new version is a new key; the old one ages out.
 */
import { LRUCache } from "lru-cache";

import { etagFor } from "~/utils/etag.server";

export type LabelFile = { body: Buffer; etag: string };

type Render = () => Promise<Buffer>;

const LABEL_STORE_BYTES = 32 * 1024 * 1024;

const store = new LRUCache<string, LabelFile, Render>({
  maxSize: LABEL_STORE_BYTES,
  sizeCalculation: (file, key) => file.body.length + key.length,
  fetchMethod: async (_key, _stale, { context: render }) => {
    const body = await render();
    return { body, etag: etagFor(body) };
  },
});

/** The label kept under `key`, rendered by `render` when there is none (a failed render keeps nothing). */
export async function keptLabel(key: string, render: Render): Promise<LabelFile> {
  const file = await store.fetch(key, { context: render });
  if (!file) throw new Error(`no label for ${key}`);
  return file;
}
