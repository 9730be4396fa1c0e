/**
 * The person's side of a delivered answer: the page behind the mailed link
 * (or the status link) lists the files while the window lasts, and each
 * download, only ever on a POST, is streamed and written to the request's
 * trail.
 */
import type { Kysely } from "kysely";

import type { Database } from "~/db/schema";

import { audit, fileNote } from "./audit.server";
import { readFile } from "./file-store.server";
import { hashToken } from "./link-tokens.server";

export type DeliveredFile = { id: string; name: string; mediaType: string; size: number };

export type DeliveryView =
  | { status: "valid"; reference: string; message: string; expiresAt: string; files: DeliveredFile[] }
  | { status: "unknown" | "expired" };

/** The files a delivery holds while they are kept. */
export async function deliveryFiles(db: Kysely<Database>, deliveryId: string): Promise<DeliveredFile[]> {
  const files = await db
    .selectFrom("request_file")
    .select(["id", "name", "media_type", "size"])
    .where("delivery_id", "=", deliveryId)
    .where("status", "=", "STORED")
    .orderBy("created_at")
    .execute();
  return files.map((file) => ({ id: file.id, name: file.name, mediaType: file.media_type, size: file.size }));
}

async function findDelivery(db: Kysely<Database>, token: string, now: Date) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return { status: "unknown" as const };
  const delivery = await db
    .selectFrom("request_delivery")
    .selectAll()
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!delivery) return { status: "unknown" as const };
  if (delivery.expires_at <= now.toISOString() || delivery.files_deleted_at) return { status: "expired" as const };
  return { status: "valid" as const, delivery };
}

/** What the delivery page shows to whoever holds the link. Opening it changes nothing. */
export async function inspectDelivery(db: Kysely<Database>, token: string, now = new Date()): Promise<DeliveryView> {
  const found = await findDelivery(db, token, now);
  if (found.status !== "valid") return found;
  const { delivery } = found;
  const request = await db
    .selectFrom("privacy_request")
    .select("reference")
    .where("id", "=", delivery.request_id)
    .executeTakeFirstOrThrow();
  return {
    status: "valid",
    reference: request.reference,
    message: delivery.message,
    expiresAt: delivery.expires_at,
    files: await deliveryFiles(db, delivery.id),
  };
}

export type DownloadOutcome =
  | { status: "ok"; name: string; mediaType: string; size: number; body: ReadableStream<Uint8Array> }
  | { status: "unknown" | "expired" | "no-file" };

/** One file of a delivery, streamed; the download is in the request's trail. Only ever on a POST. */
export async function downloadDeliveredFile(
  db: Kysely<Database>,
  token: string,
  fileId: string,
  now = new Date(),
): Promise<DownloadOutcome> {
  const found = await findDelivery(db, token, now);
  return found.status === "valid" ? downloadFromDelivery(db, found.delivery, fileId, now) : found;
}

/** The same through a status link: the request's latest delivery, while its window lasts. */
export async function downloadRequestFile(
  db: Kysely<Database>,
  requestId: string,
  fileId: string,
  now = new Date(),
): Promise<DownloadOutcome> {
  const delivery = await db
    .selectFrom("request_delivery")
    .selectAll()
    .where("request_id", "=", requestId)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  if (!delivery || delivery.files_deleted_at || delivery.expires_at <= now.toISOString()) return { status: "expired" };
  return downloadFromDelivery(db, delivery, fileId, now);
}

async function downloadFromDelivery(
  db: Kysely<Database>,
  delivery: { id: string; request_id: string },
  fileId: string,
  now: Date,
): Promise<DownloadOutcome> {
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
  await audit(db, {
    requestId: delivery.request_id,
    at: now,
    actor: "DATA_SUBJECT",
    action: "FILE_DOWNLOADED",
    note: fileNote(file.name, file.size),
  });
  return { status: "ok", name: file.name, mediaType: file.media_type, size: file.size, body: readFile(db, file) };
}
