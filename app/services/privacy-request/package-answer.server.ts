/**
 * The answer of a right whose row answers with a package (data
 * portability): when the officer sends it, the JSON files the systems and
 * officers gave become one zip (portability-package.server.ts), stored as the
 * answer's only file. The zip is made before the sending's transaction (it
 * reads every file) and taken back if the sending is refused; in the
 * transaction the files it holds are erased, as the zip carries them
 * byte for byte and the manifest their hashes.
 */
import type { Kysely } from "kysely";

import type { Database } from "~/db/schema";
import type { PrivacyRequestTable } from "~/db/schema/privacy-requests";
import { allows } from "~/domain/privacy-request";
import { FILE_KINDS, FILE_LIMITS } from "~/domain/request-file";
import { rightOf } from "~/domain/rights";
import type { FieldRefusal } from "~/domain/transition";

import { openTaskCount } from "../systems/request-tasks.server";
import { audit, fileNote } from "./audit.server";
import { eraseFiles, readFile, storeFile, type StoredFile } from "./file-store.server";
import { packageFileName, packageStream } from "./portability-package.server";
import type { Staff } from "./state-change.server";

export type PreparedPackage = { status: "ready"; file: StoredFile; sourceIds: string[] };

/** The answer's JSON files not sent yet: what the package holds. */
function packageSources(db: Kysely<Database>, requestId: string, packageId?: string) {
  return db
    .selectFrom("request_file")
    .select(["id", "name", "size", "chunk_count", "key_id"])
    .where("request_id", "=", requestId)
    .where("direction", "=", "ANSWER")
    .where("status", "=", "STORED")
    .where("delivery_id", "is", null)
    .where("media_type", "=", FILE_KINDS.json)
    .$if(packageId !== undefined, (query) => query.where("id", "!=", packageId!))
    .orderBy("created_at")
    .orderBy("name")
    .execute();
}

/**
 * The package of the request, stored and not sent yet; null when the
 * request's right has no package or it cannot be sent now (the sending
 * says why). Refused, with the officer's message, without any system data.
 */
export async function preparePackage(
  db: Kysely<Database>,
  request: PrivacyRequestTable | undefined,
  staff: Staff,
  now: Date,
): Promise<PreparedPackage | FieldRefusal | null> {
  if (!request || rightOf(request.right_type).answer !== "package") return null;
  if (!request.email || !allows(request.state, "sendAnswer") || (await openTaskCount(db, request.id)) > 0) return null;
  const sources = await packageSources(db, request.id);
  if (sources.length === 0) return { status: "invalid", fieldErrors: { message: ["backOffice.portability.noData"] } };
  const built = packageStream({
    reference: request.reference,
    createdAt: now,
    sources: sources.map((file) => ({ name: file.name, open: () => readFile(db, file) })),
  });
  const stored = await storeFile(db, {
    requestId: request.id,
    direction: "ANSWER",
    uploadedBy: staff.email,
    filename: packageFileName(request.reference),
    bytes: built.bytes,
    now,
    maxBytes: FILE_LIMITS.requestBytes,
  });
  if (stored.status === "refused") {
    // Our own zip of files already taken: only its size can be wrong.
    if (stored.problem !== "tooLarge" && stored.problem !== "requestTooLarge")
      throw new Error(`The package of ${request.reference} was refused: ${stored.problem}`);
    return { status: "invalid", fieldErrors: { message: ["backOffice.portability.tooLarge"] } };
  }
  return { status: "ready", file: stored.file, sourceIds: sources.map((file) => file.id) };
}

/**
 * In the sending's transaction: the package still holds every JSON file of
 * the answer (none was added or removed meanwhile); its sources are erased
 * and the trail says what went into it. False when the files changed.
 */
export async function sealPackage(
  trx: Kysely<Database>,
  request: PrivacyRequestTable,
  prepared: PreparedPackage,
  staff: Staff,
  now: Date,
): Promise<boolean> {
  const current = await packageSources(trx, request.id, prepared.file.id);
  const expected = new Set(prepared.sourceIds);
  if (current.length !== expected.size || current.some((file) => !expected.has(file.id))) return false;
  await eraseFiles(trx, prepared.sourceIds, now);
  await audit(trx, {
    requestId: request.id,
    at: now,
    actor: "STAFF",
    actorId: staff.email,
    action: "PACKAGE_MADE",
    note: `${fileNote(prepared.file.name, prepared.file.size)}: ${current.map((file) => fileNote(file.name, file.size)).join(", ")}`,
  });
  return true;
}
