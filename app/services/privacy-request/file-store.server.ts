/**
 * Files of privacy requests, kept in the database in sealed 1 MB chunks,
 * so that every instance on PostgreSQL reads what another wrote
 * and neither an upload nor a download holds a whole file in memory: at most
 * two chunks at a time. The interface (store, read, erase) is what an
 * S3-compatible store would implement instead (docs/staff-and-back-office.md,
 * "Answers and their files").
 */
import { randomUUID } from "node:crypto";

import type { Kysely, Transaction } from "kysely";

import { getConfig } from "~/config.server";
import type { Database } from "~/db/schema";
import type { RequestFileTable } from "~/db/schema/request-files";
import { FILE_LIMITS, type FileDirection, type UploadProblem } from "~/domain/request-file";

import { keyId, openChunk, sealChunk } from "../files/file-seal.server";
import { sniffFileKind } from "../files/file-sniff.server";

type Db = Kysely<Database> | Transaction<Database>;

export type StoredFile = Pick<RequestFileTable, "id" | "name" | "media_type" | "size">;
export type StoreOutcome =
  { status: "stored"; file: StoredFile } | { status: "refused"; problem: UploadProblem; name: string };

/** A name safe to show and to offer on download: no folders, no control characters, at most 150 characters. */
function cleanFileName(raw: string): string {
  const base = raw.normalize("NFC").split(/[\\/]/).pop() ?? "";
  // Controls, and the invisible format characters: a U+202E showed "ID-kaart\u202egpj.pdf" as
  // "ID-kaartfdp.jpg"; zero-width and tag characters hide what a name says. Line and paragraph separators too.
  const printable = base.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, "").trim();
  return [...printable].slice(-150).join("") || "file";
}

/** Bytes stored for a request (its whole files): what its 100 MB holds already. */
async function storedBytes(db: Db, requestId: string): Promise<number> {
  const row = await db
    .selectFrom("request_file")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("size"), eb.val(0)).as("bytes"))
    .where("request_id", "=", requestId)
    .where("status", "=", "STORED")
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

async function drain(bytes: AsyncIterator<Uint8Array>) {
  while (!(await bytes.next()).done);
}

/**
 * Reads `bytes` to the end, sealing and storing each chunk as it fills; a
 * file that turns out too big, of a kind we do not take or empty is refused
 * (the rest is read and dropped, so the form's answer can still be sent) and
 * nothing of it stays. The file counts once it is whole, and only if the
 * request's files then still fit in 100 MB (checked under a lock on the
 * request, so two uploads at once cannot both squeeze in).
 */
export async function storeFile(
  db: Kysely<Database>,
  input: {
    requestId: string;
    direction: FileDirection;
    uploadedBy: string;
    filename: string;
    bytes: AsyncIterable<Uint8Array>;
    now?: Date;
    /** A file we make ourselves (a portability package) may be as large as a request's files together. */
    maxBytes?: number;
  },
): Promise<StoreOutcome> {
  const key = getConfig().fileEncryptionKey;
  const name = cleanFileName(input.filename);
  const id = randomUUID();
  const now = (input.now ?? new Date()).toISOString();
  const room = FILE_LIMITS.requestBytes - (await storedBytes(db, input.requestId));
  const iterator = input.bytes[Symbol.asyncIterator]();
  // One chunk's worth of bytes, filled and written again and again: the upload leaves little garbage behind.
  const staged = Buffer.allocUnsafe(FILE_LIMITS.chunkBytes);
  let filled = 0;
  let size = 0;
  let seq = 0;
  let mediaType: string | null = null;

  const refuse = async (problem: UploadProblem): Promise<StoreOutcome> => {
    await drain(iterator);
    if (seq > 0) await db.deleteFrom("request_file").where("id", "=", id).execute();
    return { status: "refused", problem, name };
  };
  // The first chunk tells the kind; the row exists from the first chunk on.
  const writeChunk = async (last: boolean) => {
    if (seq === 0) {
      await db
        .insertInto("request_file")
        .values({
          id,
          request_id: input.requestId,
          direction: input.direction,
          status: "UPLOADING",
          name,
          media_type: mediaType!,
          size: 0,
          chunk_count: 0,
          key_id: keyId(key),
          uploaded_by: input.uploadedBy,
          delivery_id: null,
          created_at: now,
          deleted_at: null,
        })
        .execute();
    }
    await db
      .insertInto("file_chunk")
      .values({ file_id: id, seq, data: sealChunk(key, { fileId: id, seq, last }, staged.subarray(0, filled)) })
      .execute();
    seq += 1;
    filled = 0;
  };
  const sniff = async (complete: boolean) => {
    mediaType ??= (await sniffFileKind(staged.subarray(0, filled), complete))?.mediaType ?? null;
    return mediaType !== null;
  };

  for (;;) {
    let next: IteratorResult<Uint8Array>;
    try {
      next = await iterator.next();
    } catch (error) {
      // The upload broke off: what arrived of it goes (the retention job catches what a crash leaves).
      if (seq > 0) await db.deleteFrom("request_file").where("id", "=", id).execute();
      throw error;
    }
    if (next.done) break;
    const piece = next.value;
    size += piece.byteLength;
    if (size > (input.maxBytes ?? FILE_LIMITS.fileBytes)) return refuse("tooLarge");
    if (size > room) return refuse("requestTooLarge");
    for (let offset = 0; offset < piece.byteLength;) {
      // A full chunk is written once a byte beyond it shows it is not the last.
      if (filled === staged.length) {
        if (!(await sniff(false))) return refuse("wrongType");
        await writeChunk(false);
      }
      const taken = Math.min(piece.byteLength - offset, staged.length - filled);
      staged.set(piece.subarray(offset, offset + taken), filled);
      filled += taken;
      offset += taken;
    }
  }
  if (size === 0) return refuse(input.filename ? "empty" : "noFile");
  if (!(await sniff(seq === 0))) return refuse("wrongType");
  await writeChunk(true);

  const counted = await db.transaction().execute(async (trx) => {
    // A row lock on PostgreSQL, the write lock on SQLite: uploads for one request take turns here.
    await trx
      .updateTable("privacy_request")
      .set((eb) => ({ updated_at: eb.ref("updated_at") }))
      .where("id", "=", input.requestId)
      .execute();
    if ((await storedBytes(trx, input.requestId)) + size > FILE_LIMITS.requestBytes) return false;
    await trx
      .updateTable("request_file")
      .set({ status: "STORED", size, chunk_count: seq })
      .where("id", "=", id)
      .execute();
    return true;
  });
  if (!counted) {
    await db.deleteFrom("request_file").where("id", "=", id).execute();
    return { status: "refused", problem: "requestTooLarge", name };
  }
  return { status: "stored", file: { id, name, media_type: mediaType!, size } };
}

/** A stored file's bytes, opened chunk by chunk as the reader asks for them. */
export function readFile(
  db: Kysely<Database>,
  file: Pick<RequestFileTable, "id" | "chunk_count" | "key_id">,
): ReadableStream<Uint8Array> {
  const key = getConfig().fileEncryptionKey;
  if (file.key_id !== keyId(key)) throw new Error(`File ${file.id} was sealed with another FILE_ENCRYPTION_KEY`);
  let seq = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (seq === file.chunk_count) return controller.close();
        const row = await db
          .selectFrom("file_chunk")
          .select("data")
          .where("file_id", "=", file.id)
          .where("seq", "=", seq)
          .executeTakeFirst();
        if (!row) return controller.error(new Error(`File ${file.id} misses chunk ${seq}`));
        controller.enqueue(openChunk(key, { fileId: file.id, seq, last: seq === file.chunk_count - 1 }, row.data));
        seq += 1;
      },
    },
    { highWaterMark: 0 },
  );
}

/** Uploads of a post that was not taken (a refused answer, a wrong form): they go whole, nothing of them is kept. */
export async function forgetUploads(db: Db, fileIds: readonly string[]): Promise<void> {
  if (fileIds.length === 0) return;
  await db.deleteFrom("request_file").where("id", "in", fileIds).execute();
}

/** Drops the bytes of these files; their facts (name, size, when) stay for the trail. */
export async function eraseFiles(db: Db, fileIds: readonly string[], now = new Date()): Promise<number> {
  if (fileIds.length === 0) return 0;
  await db.deleteFrom("file_chunk").where("file_id", "in", fileIds).execute();
  const result = await db
    .updateTable("request_file")
    .set({ status: "DELETED", deleted_at: now.toISOString() })
    .where("id", "in", fileIds)
    .where("status", "!=", "DELETED")
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Uploads that never finished (a crash, a broken connection): nothing refers to them. */
export async function deleteUnfinishedUploads(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - 3_600_000).toISOString();
  const result = await db
    .deleteFrom("request_file")
    .where("status", "=", "UPLOADING")
    .where("created_at", "<=", before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
