import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";

import { describe, expect, it } from "vitest";

import { readMultipart } from "~/http/multipart-upload.server";

const BOUNDARY = "veldhaven-test-boundary";
const BLOCK = 64 * 1024;

/** A multipart post of one file of `size` bytes, as a socket delivers it; `breakAfter`: the connection drops there. */
function post(size: number, progress: { produced: number }, breakAfter = Infinity) {
  async function* body() {
    yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhallo\r\n`);
    yield Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    for (let sent = 0; sent < size; sent += BLOCK) {
      if (sent >= breakAfter) throw new Error("connection reset");
      progress.produced += BLOCK;
      yield randomBytes(Math.min(BLOCK, size - sent));
    }
    yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  }
  return new Request("http://nl.localhost/upload", {
    method: "POST",
    headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
    body: Readable.toWeb(Readable.from(body())) as ReadableStream<Uint8Array>,
    duplex: "half",
  } as RequestInit);
}

describe("reading a multipart upload as it arrives", () => {
  it("reads the request only as fast as the file is stored: never more than about 2 MB ahead", async () => {
    const progress = { produced: 0 };
    let consumed = 0;
    let mostAhead = 0;
    const result = await readMultipart(post(12 * 1024 * 1024, progress), {
      maxParts: 3,
      onFile: async (file) => {
        for await (const chunk of file.bytes) {
          consumed += chunk.byteLength;
          mostAhead = Math.max(mostAhead, progress.produced - consumed);
          // A slow store.
          await new Promise((resolve) => setTimeout(resolve, 1));
        }
        return file.filename;
      },
    });
    expect(result).toMatchObject({ ok: true, files: ["a.pdf"] });
    expect(result.ok && result.fields.get("note")).toBe("hallo");
    expect(consumed).toBe(12 * 1024 * 1024);
    expect(mostAhead).toBeLessThanOrEqual(2.5 * 1024 * 1024);
  });

  it("a connection that drops mid-file ends in an error, never in a file that looks whole", async () => {
    let sawEnd = false;
    const reading = readMultipart(post(4 * 1024 * 1024, { produced: 0 }, 1024 * 1024), {
      maxParts: 3,
      onFile: async (file) => {
        for await (const chunk of file.bytes) void chunk;
        sawEnd = true;
      },
    });
    await expect(reading).rejects.toThrow();
    expect(sawEnd).toBe(false);
  });

  it("refuses a body that is not multipart, and malformed multipart", async () => {
    const plain = new Request("http://nl.localhost/upload", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "a=1",
    });
    expect(await readMultipart(plain, { maxParts: 3, onFile: async () => null })).toEqual({
      ok: false,
      problem: "not-multipart",
    });
    const broken = new Request("http://nl.localhost/upload", {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
      body: "no boundary here at all",
    });
    expect(await readMultipart(broken, { maxParts: 3, onFile: async () => null })).toEqual({
      ok: false,
      problem: "malformed",
    });
  });
});
