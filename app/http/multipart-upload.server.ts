/**
 * Reads a multipart form post as it arrives: text fields into a
 * map, each file handed to `onFile` as a stream of its bytes, so no file is
 * ever held whole in memory.
 *
 * The parser (@mjackson/multipart-parser) writes a part's bytes into the
 * part's stream as fast as the request delivers them; it does not wait for
 * the reader. The gate below makes it wait: the request is read only while
 * fewer than WINDOW bytes are waiting for `onFile`, so a slow database slows
 * the upload (TCP backpressure) instead of filling memory.
 */
import {
  getMultipartBoundary,
  MultipartParseError,
  parseMultipart,
  type MultipartPart,
} from "@mjackson/multipart-parser";

const WINDOW = 2 * 1024 * 1024;
/** A text field longer than this is cut (the forms' own rules then refuse it). */
const TEXT_FIELD_BYTES = 64 * 1024;

export type IncomingFile = { field: string; filename: string; bytes: AsyncIterable<Uint8Array> };

export type MultipartResult<FileResult> =
  | { ok: true; fields: Map<string, string>; files: FileResult[] }
  | { ok: false; problem: "not-multipart" | "malformed" | "too-many-parts" };

class Gate {
  private waiting = 0;
  private wake: (() => void) | null = null;
  private readonly stops = new Set<() => void>();
  /** Why the request broke off, once it did. */
  failure: unknown = null;

  async delivered(bytes: number) {
    this.waiting += bytes;
    while (this.waiting > WINDOW) await new Promise<void>((resolve) => (this.wake = resolve));
  }

  consumed(bytes: number) {
    this.waiting -= bytes;
    if (this.waiting <= WINDOW && this.wake) {
      const wake = this.wake;
      this.wake = null;
      wake();
    }
  }

  /** `stop` runs if the request breaks off; the returned function unregisters it. */
  onAbort(stop: () => void): () => void {
    this.stops.add(stop);
    return () => this.stops.delete(stop);
  }

  /** The request broke off: readers stop waiting for bytes that will not come. */
  abort(error: unknown) {
    this.failure = error ?? new Error("The request broke off");
    for (const stop of this.stops) stop();
  }
}

async function* gated(body: ReadableStream<Uint8Array>, gate: Gate): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of body) {
      await gate.delivered(chunk.byteLength);
      yield chunk;
    }
  } catch (error) {
    gate.abort(error);
    throw error;
  }
}

/**
 * A part's bytes as they come. (Not `Promise.race` with a promise that
 * settles only on failure: each race would hang a reaction on it, holding
 * every chunk read until the request ends.)
 */
async function* partBytes(part: MultipartPart, gate: Gate): AsyncGenerator<Uint8Array> {
  const reader = part.body.getReader();
  const unregister = gate.onAbort(() => void reader.cancel().catch(() => {}));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      // A cancelled read ends as if the part had: a cut-off file must not pass for a whole one.
      if (gate.failure) throw gate.failure;
      if (done) return;
      gate.consumed(value.byteLength);
      yield value;
    }
  } finally {
    unregister();
  }
}

/** Reads what is left of a part, keeping nothing (after a refusal or a failure). */
async function drain(bytes: AsyncIterable<Uint8Array>) {
  for await (const chunk of bytes) void chunk;
}

async function readText(part: MultipartPart, gate: Gate): Promise<string> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of partBytes(part, gate)) {
    if (length < TEXT_FIELD_BYTES) chunks.push(chunk);
    length += chunk.byteLength;
  }
  return Buffer.concat(chunks).subarray(0, TEXT_FIELD_BYTES).toString("utf8");
}

export async function readMultipart<FileResult>(
  request: Request,
  options: { maxParts: number; onFile: (file: IncomingFile) => Promise<FileResult> },
): Promise<MultipartResult<FileResult>> {
  const boundary = getMultipartBoundary(request.headers.get("Content-Type") ?? "");
  if (!boundary || !request.body) return { ok: false, problem: "not-multipart" };
  const gate = new Gate();
  const fields = new Map<string, string>();
  const files: FileResult[] = [];
  let parts = 0;
  let failure: unknown;
  try {
    await parseMultipart(gated(request.body, gate), { boundary }, async (part) => {
      parts += 1;
      const field = part.name ?? "";
      if (parts > options.maxParts || !field) return drain(partBytes(part, gate));
      if (!part.isFile) {
        fields.set(field, await readText(part, gate));
        return;
      }
      const bytes = partBytes(part, gate);
      try {
        files.push(await options.onFile({ field, filename: part.filename ?? "", bytes }));
      } catch (error) {
        // Keep reading, or the gate would hold the request for ever.
        failure ??= error;
        await drain(bytes);
      }
    });
  } catch (error) {
    if (error instanceof MultipartParseError) return { ok: false, problem: "malformed" };
    throw error;
  }
  if (failure) throw failure;
  if (parts > options.maxParts) return { ok: false, problem: "too-many-parts" };
  return { ok: true, fields, files };
}
