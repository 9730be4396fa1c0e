/**
 * The answer to a privacy request, delivered securely: an officer
 * attaches files while the request is open, then sends the answer with a
 * message. That completes the request and mails the person a link, valid for
 * DELIVERY_LINK_DAYS, to a page that offers each file by a POST button
 * (answer-delivery.server.ts); after the window the retention job deletes
 * the files (answer-retention.server.ts) and the page says the link has expired.
 */
import { randomUUID } from "node:crypto";

import type { Kysely } from "kysely";

import { getConfig } from "~/config.server";
import type { Database } from "~/db/schema";
import type { PrivacyRequestTable } from "~/db/schema/privacy-requests";
import { rightOf } from "~/domain/rights";
import type { TransitionOutcome } from "~/domain/transition";

import { answerMail } from "../mail/delivery-templates.server";
import { enqueueMail } from "../mail/outbox.server";
import { openTaskCount } from "../systems/request-tasks.server";
import { audit, fileNote } from "./audit.server";
import { forgetUploads, readFile, storeFile, type StoreOutcome } from "./file-store.server";
import { storeJsonFile } from "./json-answer-files.server";
import { newLinkToken, personLink } from "./link-tokens.server";
import { preparePackage, sealPackage } from "./package-answer.server";
import { act, moveTo, type Staff } from "./state-change.server";

const DAY_MS = 86_400_000;

export async function findRequest(db: Kysely<Database>, reference: string) {
  return db.selectFrom("privacy_request").selectAll().where("reference", "=", reference).executeTakeFirst();
}

/**
 * Stores one file of the answer while the request is open; refused (and
 * nothing kept) when it breaks a rule. A package's files are its data, so
 * for such a right only JSON is taken.
 */
export async function attachAnswerFile(
  db: Kysely<Database>,
  request: PrivacyRequestTable,
  staff: Staff,
  file: { filename: string; bytes: AsyncIterable<Uint8Array> },
  now = new Date(),
): Promise<StoreOutcome> {
  const store = rightOf(request.right_type).answer === "package" ? storeJsonFile : storeFile;
  const outcome = await store(db, {
    requestId: request.id,
    direction: "ANSWER",
    uploadedBy: staff.email,
    ...file,
    now,
  });
  if (outcome.status === "stored") {
    await audit(db, {
      requestId: request.id,
      at: now,
      actor: "STAFF",
      actorId: staff.email,
      action: "FILE_ATTACHED",
      note: fileNote(outcome.file.name, outcome.file.size),
    });
  }
  return outcome;
}

/** Takes back a file that has not gone out yet. */
export function removeAnswerFile(
  db: Kysely<Database>,
  reference: string,
  staff: Staff,
  fileId: string,
  now = new Date(),
) {
  return act(db, reference, "editAnswer", async (trx, request) => {
    const file = await trx
      .selectFrom("request_file")
      .select(["id", "name", "size"])
      .where("id", "=", fileId)
      .where("request_id", "=", request.id)
      .where("direction", "=", "ANSWER")
      .where("status", "=", "STORED")
      .where("delivery_id", "is", null)
      .executeTakeFirst();
    if (!file) return false;
    await trx.deleteFrom("request_file").where("id", "=", file.id).execute();
    await audit(trx, {
      requestId: request.id,
      at: now,
      actor: "STAFF",
      actorId: staff.email,
      action: "FILE_REMOVED",
      note: fileNote(file.name, file.size),
    });
    return true;
  });
}

/**
 * Sends the answer: the files attached so far go out with the message, the
 * request is completed, and the person gets the link by mail (outbox, same
 * transaction). A request without an e-mail address cannot get one. A
 * right answered with a package sends one zip of its JSON files instead
 * (package-answer.server.ts).
 */
export async function deliverAnswer(
  db: Kysely<Database>,
  reference: string,
  staff: Staff,
  input: { message: string },
  now = new Date(),
): Promise<TransitionOutcome> {
  const packaged = await preparePackage(db, await findRequest(db, reference), staff, now);
  if (packaged?.status === "invalid") return packaged;
  const outcome = await act(db, reference, "sendAnswer", async (trx, request) => {
    if (!request.email) return false;
    // The answer completes the request, so every system must have answered (or been closed by hand) first.
    const open = await openTaskCount(trx, request.id);
    if (open > 0) return { status: "invalid", fieldErrors: { message: [`backOffice.tasks.stillOpenAnswer|${open}`] } };
    if (packaged && !(await sealPackage(trx, request, packaged, staff, now)))
      return { status: "invalid", fieldErrors: { message: ["backOffice.portability.changed"] } };
    if (!(await moveTo(trx, request, "sendAnswer", now))) return false;
    const { token, hash: tokenHash } = newLinkToken();
    const delivery = {
      id: randomUUID(),
      expiresAt: new Date(now.getTime() + getConfig().DELIVERY_LINK_DAYS * DAY_MS).toISOString(),
    };
    await trx
      .insertInto("request_delivery")
      .values({
        id: delivery.id,
        request_id: request.id,
        token_hash: tokenHash,
        message: input.message,
        expires_at: delivery.expiresAt,
        created_at: now.toISOString(),
        files_deleted_at: null,
      })
      .execute();
    const sent = await trx
      .updateTable("request_file")
      .set({ delivery_id: delivery.id })
      .where("request_id", "=", request.id)
      .where("direction", "=", "ANSWER")
      .where("status", "=", "STORED")
      .where("delivery_id", "is", null)
      .$if(packaged !== null, (query) => query.where("id", "=", packaged!.file.id))
      .executeTakeFirst();
    const fileCount = Number(sent.numUpdatedRows);
    await audit(trx, {
      requestId: request.id,
      at: now,
      actor: "STAFF",
      actorId: staff.email,
      action: "ANSWER_SENT",
      from: request.state,
      to: "COMPLETED",
      note: `${fileCount} files, until ${delivery.expiresAt}`,
    });
    const link = personLink(request, "/privacy-rights/answer", token);
    await enqueueMail(
      trx,
      answerMail({
        to: request.email,
        locale: request.locale,
        country: request.country,
        reference: request.reference,
        link,
        expiresAt: delivery.expiresAt,
        fileCount,
        packageFiles: packaged?.sourceIds.length,
      }),
      now,
    );
    return true;
  });
  // A package that did not go out (another officer acted first) is taken back.
  if (packaged && outcome.status !== "done") await forgetUploads(db, [packaged.file.id]);
  return outcome;
}

/** The request's files for the back office: what was attached, sent, downloaded and deleted, and the delivery's window. */
export async function requestFiles(db: Kysely<Database>, requestId: string) {
  const files = await db
    .selectFrom("request_file")
    .leftJoin("request_delivery", "request_delivery.id", "request_file.delivery_id")
    .select([
      "request_file.id",
      "request_file.direction",
      "request_file.status",
      "request_file.name",
      "request_file.media_type as mediaType",
      "request_file.size",
      "request_file.uploaded_by as uploadedBy",
      "request_file.created_at as createdAt",
      "request_file.downloads",
      "request_file.last_downloaded_at as lastDownloadedAt",
      "request_file.deleted_at as deletedAt",
      "request_delivery.created_at as sentAt",
    ])
    .where("request_file.request_id", "=", requestId)
    .where("request_file.status", "!=", "UPLOADING")
    .orderBy("request_file.created_at")
    .execute();
  const delivery = await db
    .selectFrom("request_delivery")
    .select(["expires_at as expiresAt", "files_deleted_at as filesDeletedAt"])
    .where("request_id", "=", requestId)
    .executeTakeFirst();
  return { files, delivery: delivery ?? null };
}

/** An officer's own look at a file of the request (before sending it, or after). */
export async function staffFile(db: Kysely<Database>, reference: string, fileId: string) {
  const file = await db
    .selectFrom("request_file")
    .innerJoin("privacy_request", "privacy_request.id", "request_file.request_id")
    .select([
      "request_file.id",
      "request_file.name",
      "request_file.media_type",
      "request_file.size",
      "request_file.chunk_count",
      "request_file.key_id",
    ])
    .where("privacy_request.reference", "=", reference)
    .where("request_file.id", "=", fileId)
    .where("request_file.status", "=", "STORED")
    .executeTakeFirst();
  return file ? { name: file.name, mediaType: file.media_type, size: file.size, body: readFile(db, file) } : null;
}
