/**
 * Each stored chunk of a file is sealed on its own with AES-256-GCM:
 * a fresh 96-bit nonce, and the file's id, the chunk's number and
 * whether it is the last as additional data. A chunk therefore cannot be
 * moved to another file or place, and a file cut short is noticed (its new
 * last chunk was not sealed as the last).
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export type ChunkPlace = { fileId: string; seq: number; last: boolean };

const additionalData = ({ fileId, seq, last }: ChunkPlace) =>
  Buffer.from(`${fileId}\n${seq}\n${last ? "last" : "more"}`);

/** nonce ‖ ciphertext ‖ tag */
export function sealChunk(key: Buffer, place: ChunkPlace, plain: Uint8Array): Buffer {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, nonce);
  cipher.setAAD(additionalData(place));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([nonce, body, cipher.getAuthTag()]);
}

/** Throws when the chunk was changed, moved, or sealed with another key. */
export function openChunk(key: Buffer, place: ChunkPlace, sealed: Uint8Array): Buffer {
  const bytes = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
  const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, NONCE_BYTES));
  decipher.setAAD(additionalData(place));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES, bytes.length - TAG_BYTES)), decipher.final()]);
}

/** Which key sealed a file (stored with it): a changed FILE_ENCRYPTION_KEY is named as the cause, not a broken file. */
export function keyId(key: Buffer): string {
  return createHash("sha256").update("veldhaven-file-key-id\n").update(key).digest("hex").slice(0, 16);
}
