/**
 * The answer to a privacy request, delivered securely: an officer
 * attaches files while the request is open, then sends the answer with a
 * message. That completes the request and mails the person a link, valid for
 * DELIVERY_LINK_DAYS, to a page that offers each file by a POST button. Each
 * download is an audit event; after the window the retention job deletes
 * the files and the page says the link has expired.
 */
import { randomUUID } from "node:crypto";
import { hashToken, newLinkToken, personLink } from "./link-tokens.server";
import type { Kysely } from "kysely";
import { getConfig } from "~/config.server";
import type { Database } from "~/db/schema";
import type { PrivacyRequestTable } from "~/db/schema/privacy-requests";
import { ACTIVE_STATES } from "~/domain/privacy-request";
import { eraseFiles, readFile, storeFile, type StoreOutcome } from "./file-store.server";
import { answerMail } from "../mail/delivery-templates.server";
import { enqueueMail } from "../mail/outbox.server";
import { act, moveTo, type Staff } from "./state-change.server";
import { audit } from "./audit.server";
import { openTaskCount } from "../systems/request-tasks.server";

const DAY_MS = 86_400_000;
const sizeNote = (name: string, size: number) => `${name} (${size} bytes)`;

export async function findRequest(db: Kysely<Database>, reference: string) {
  return db.selectFrom("privacy_request").selectAll().where("reference", "=", reference).executeTakeFirst();
}

/** Stores one file of the answer while the request is open; refused (and nothing kept) when it breaks a rule. */
export async function attachAnswerFile(
  db: Kysely<Database>,
  request: PrivacyRequestTable,
  staff: Staff,
  file: { filename: string; bytes: AsyncIterable<Uint8Array> },
  now = new Date(),
): Promise<StoreOutcome> {
  const outcome = await storeFile(db, { requestId: request.id, direction: "ANSWER", uploadedBy: staff.email, ...file, now });
  if (outcome.status === "stored") {
    await audit(db, { requestId: request.id, at: now, actor: "STAFF", actorId: staff.email, action: "FILE_ATTACHED", note: sizeNote(outcome.file.name, outcome.file.size) });
  }
  return outcome;
}

/** Takes back a file that has not gone out yet. */
export function removeAnswerFile(db: Kysely<Database>, reference: string, staff: Staff, fileId: string, now = new Date()) {
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
    await audit(trx, { requestId: request.id, at: now, actor: "STAFF", actorId: staff.email, action: "FILE_REMOVED", note: sizeNote(file.name, file.size) });
    return true;
  });
}

/**
 * Sends the answer: the files attached so far go out with the message, the
 * request is completed, and the person gets the link by mail (outbox, same
 * transaction). A request without an e-mail address cannot get one.
 */
export function deliverAnswer(db: Kysely<Database>, reference: string, staff: Staff, input: { message: string }, now = new Date()) {
  return act(db, reference, "sendAnswer", async (trx, request) => {
    if (!request.email) return false;
    // The answer completes the request, so every system must have answered (or been closed by hand) first.
    const open = await openTaskCount(trx, request.id);
    if (open > 0) return { status: "invalid", fieldErrors: { message: [`backOffice.tasks.stillOpenAnswer|${open}`] } };
    if (!(await moveTo(trx, request, "sendAnswer", now))) return false;
    const { token, hash: tokenHash } = newLinkToken();
    const delivery = { id: randomUUID(), expiresAt: new Date(now.getTime() + getConfig().DELIVERY_LINK_DAYS * DAY_MS).toISOString() };
    await trx
      .insertInto("request_delivery")
      .values({ id: delivery.id, request_id: request.id, token_hash: tokenHash, message: input.message, expires_at: delivery.expiresAt, created_at: now.toISOString(), files_deleted_at: null })
      .execute();
    const sent = await trx
      .updateTable("request_file")
      .set({ delivery_id: delivery.id })
      .where("request_id", "=", request.id)
      .where("direction", "=", "ANSWER")
      .where("status", "=", "STORED")
      .where("delivery_id", "is", null)
      .executeTakeFirst();
    const fileCount = Number(sent.numUpdatedRows);
    await audit(trx, { requestId: request.id, at: now, actor: "STAFF", actorId: staff.email, action: "ANSWER_SENT", from: request.state, to: "COMPLETED", note: `${fileCount} files, until ${delivery.expiresAt}` });
    const link = personLink(request, "/privacy-rights/answer", token);
    await enqueueMail(trx, answerMail({ to: request.email, locale: request.locale, country: request.country, reference: request.reference, link, expiresAt: delivery.expiresAt, fileCount }), now);
    return true;
  });
}

export type DeliveredFile = { id: string; name: string; mediaType: string; size: number };

export type DeliveryView =
  | { status: "valid"; reference: string; message: string; expiresAt: string; files: DeliveredFile[] }
  | { status: "unknown" | "expired" };

/** The files a delivery holds while they are kept. */
export async function deliveryFiles(db: Kysely<Database>, deliveryId: string): Promise<DeliveredFile[]> {
  const files = await db.selectFrom("request_file").select(["id", "name", "media_type", "size"]).where("delivery_id", "=", deliveryId).where("status", "=", "STORED").orderBy("created_at").execute();
  return files.map((file) => ({ id: file.id, name: file.name, mediaType: file.media_type, size: file.size }));
}

async function findDelivery(db: Kysely<Database>, token: string, now: Date) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return { status: "unknown" as const };
  const delivery = await db.selectFrom("request_delivery").selectAll().where("token_hash", "=", hashToken(token)).executeTakeFirst();
  if (!delivery) return { status: "unknown" as const };
  if (delivery.expires_at <= now.toISOString() || delivery.files_deleted_at) return { status: "expired" as const };
  return { status: "valid" as const, delivery };
}

/** What the delivery page shows to whoever holds the link. Opening it changes nothing. */
export async function inspectDelivery(db: Kysely<Database>, token: string, now = new Date()): Promise<DeliveryView> {
  const found = await findDelivery(db, token, now);
  if (found.status !== "valid") return found;
  const { delivery } = found;
  const request = await db.selectFrom("privacy_request").select("reference").where("id", "=", delivery.request_id).executeTakeFirstOrThrow();
  return { status: "valid", reference: request.reference, message: delivery.message, expiresAt: delivery.expires_at, files: await deliveryFiles(db, delivery.id) };
}

export type DownloadOutcome =
  | { status: "ok"; name: string; mediaType: string; size: number; body: ReadableStream<Uint8Array> }
  | { status: "unknown" | "expired" | "no-file" };

/** One file of a delivery, streamed; the download is in the request's trail. Only ever on a POST. */
export async function downloadDeliveredFile(db: Kysely<Database>, token: string, fileId: string, now = new Date()): Promise<DownloadOutcome> {
  const found = await findDelivery(db, token, now);
  return found.status === "valid" ? downloadFromDelivery(db, found.delivery, fileId, now) : found;
}

/** The same through a status link: the request's latest delivery, while its window lasts. */
export async function downloadRequestFile(db: Kysely<Database>, requestId: string, fileId: string, now = new Date()): Promise<DownloadOutcome> {
  const delivery = await db.selectFrom("request_delivery").selectAll().where("request_id", "=", requestId).orderBy("created_at", "desc").executeTakeFirst();
  if (!delivery || delivery.files_deleted_at || delivery.expires_at <= now.toISOString()) return { status: "expired" };
  return downloadFromDelivery(db, delivery, fileId, now);
}

async function downloadFromDelivery(db: Kysely<Database>, delivery: { id: string; request_id: string }, fileId: string, now: Date): Promise<DownloadOutcome> {
  const file = await db
    .selectFrom("request_file")
    .select(["id", "name", "media_type", "size", "chunk_count", "key_id"])
    .where("id", "=", fileId)
    .where("delivery_id", "=", delivery.id)
    .where("status", "=", "STORED")
    .executeTakeFirst();
  if (!file) return { status: "no-file" };
  await db
    .updateTable("request_file")
    .set((eb) => ({ downloads: eb("downloads", "+", 1), last_downloaded_at: now.toISOString() }))
    .where("id", "=", file.id)
    .execute();
  await audit(db, { requestId: delivery.request_id, at: now, actor: "DATA_SUBJECT", action: "FILE_DOWNLOADED", note: sizeNote(file.name, file.size) });
  return { status: "ok", name: file.name, mediaType: file.media_type, size: file.size, body: readFile(db, file) };
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
  const delivery = await db.selectFrom("request_delivery").select(["expires_at as expiresAt", "files_deleted_at as filesDeletedAt"]).where("request_id", "=", requestId).executeTakeFirst();
  return { files, delivery: delivery ?? null };
}

/** An officer's own look at a file of the request (before sending it, or after). */
export async function staffFile(db: Kysely<Database>, reference: string, fileId: string) {
  const file = await db
    .selectFrom("request_file")
    .innerJoin("privacy_request", "privacy_request.id", "request_file.request_id")
    .select(["request_file.id", "request_file.name", "request_file.media_type", "request_file.size", "request_file.chunk_count", "request_file.key_id"])
    .where("privacy_request.reference", "=", reference)
    .where("request_file.id", "=", fileId)
    .where("request_file.status", "=", "STORED")
    .executeTakeFirst();
  return file ? { name: file.name, mediaType: file.media_type, size: file.size, body: readFile(db, file) } : null;
}

/**
 * Retention: a delivery's files go when its link expires; files attached to
 * a request that was then closed without sending them go too.
 */
export async function deleteExpiredFiles(db: Kysely<Database>, now = new Date()): Promise<number> {
  const nowIso = now.toISOString();
  let deleted = 0;
  const due = await db.selectFrom("request_delivery").select(["id", "request_id"]).where("files_deleted_at", "is", null).where("expires_at", "<=", nowIso).execute();
  for (const delivery of due) {
    deleted += await db.transaction().execute(async (trx) => {
      const claimed = await trx.updateTable("request_delivery").set({ files_deleted_at: nowIso }).where("id", "=", delivery.id).where("files_deleted_at", "is", null).executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return 0;
      const files = await trx.selectFrom("request_file").select("id").where("delivery_id", "=", delivery.id).execute();
      const count = await eraseFiles(trx, files.map((file) => file.id), now);
      await audit(trx, { requestId: delivery.request_id, at: now, actor: "SYSTEM", action: "FILES_DELETED", note: `${count} files` });
      return count;
    });
  }
  const unsent = await db
    .selectFrom("request_file")
    .innerJoin("privacy_request", "privacy_request.id", "request_file.request_id")
    .select("request_file.id")
    .where("request_file.direction", "=", "ANSWER")
    .where("request_file.status", "=", "STORED")
    .where("request_file.delivery_id", "is", null)
    .where("privacy_request.state", "not in", ACTIVE_STATES)
    .execute();
  if (unsent.length > 0) await db.deleteFrom("request_file").where("id", "in", unsent.map((file) => file.id)).execute();
  return deleted + unsent.length;
}
