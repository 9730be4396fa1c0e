import { create as contentDisposition } from "content-disposition";

import { PERSONAL } from "./cache-control.server";

/**
 * A stored file as a download: always an attachment (never shown inside our
 * origin), its type as its content told it, never guessed again by the
 * browser, and never kept by a cache.
 */
export function fileDownload(file: {
  name: string;
  mediaType: string;
  size: number;
  body: ReadableStream<Uint8Array>;
}): Response {
  return new Response(file.body, {
    headers: {
      "Content-Type": file.mediaType,
      "Content-Length": String(file.size),
      "Content-Disposition": contentDisposition(file.name),
      "Cache-Control": PERSONAL,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
