/**
 * The data of a portability package comes as JSON files: each an object or
 * an array that parses whole, from a system (its callback's `data` or its
 * files, its contact's upload) or from an officer. The sniffer sees only a
 * file's first megabyte (files/file-sniff.server.ts), so a file is read back
 * once stored and parsed whole; one that does not parse goes, and nothing of
 * it is kept. Parsing needs the text whole: at most a file's 25 MB, once.
 */
import type { Kysely } from "kysely";

import type { Database } from "~/db/schema";
import { FILE_KINDS } from "~/domain/request-file";

import { forgetUploads, readFile, storeFile, type StoreOutcome } from "./file-store.server";

type StoreInput = Parameters<typeof storeFile>[1];

async function parsesWhole(db: Kysely<Database>, fileId: string): Promise<boolean> {
  const file = await db
    .selectFrom("request_file")
    .select(["id", "chunk_count", "key_id"])
    .where("id", "=", fileId)
    .executeTakeFirstOrThrow();
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let text = "";
  try {
    for await (const chunk of readFile(db, file)) text += decoder.decode(chunk, { stream: true });
    text += decoder.decode();
    const value: unknown = JSON.parse(text.replace(/^\uFEFF/, ""));
    return typeof value === "object" && value !== null;
  } catch {
    return false;
  }
}

/** Stores the file when it is a JSON object or array, whole; otherwise refuses it (`notJson`) and keeps nothing. */
export async function storeJsonFile(db: Kysely<Database>, input: StoreInput): Promise<StoreOutcome> {
  const outcome = await storeFile(db, input);
  if (outcome.status === "refused")
    return outcome.problem === "wrongType" ? { ...outcome, problem: "notJson" } : outcome;
  if (outcome.file.media_type === FILE_KINDS.json && (await parsesWhole(db, outcome.file.id))) return outcome;
  await forgetUploads(db, [outcome.file.id]);
  return { status: "refused", problem: "notJson", name: outcome.file.name };
}

/** A system's data given as a value (the callback's `data`), kept as a JSON file for the person to read. */
export async function storeJsonData(
  db: Kysely<Database>,
  input: Omit<StoreInput, "bytes"> & { data: object },
): Promise<StoreOutcome> {
  const { data, ...file } = input;
  const bytes = Buffer.from(`${JSON.stringify(data, null, 2)}\n`);
  return storeFile(db, {
    ...file,
    bytes: (async function* () {
      yield bytes;
    })(),
  });
}
