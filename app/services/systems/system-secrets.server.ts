/**
 * A system's secrets. The signing secret (`whsec_` and base64,
 * the Standard Webhooks form) is needed to sign every delivery, so it is
 * kept, sealed with the file key (AES-256-GCM, bound to the system's id so a
 * sealed secret cannot be moved to another system), and never shown again.
 * The callback token only has to be recognised: its SHA-256 is enough.
 */
import { createHash, randomBytes } from "node:crypto";

import { getConfig } from "~/config.server";

import { openChunk, sealChunk } from "../files/file-seal.server";

const place = (systemId: string) => ({ fileId: `data-system/${systemId}`, seq: 0, last: true });

export const WEBHOOK_SECRET_PREFIX = "whsec_";

/** A new signing secret: 32 random bytes, as Standard Webhooks writes them. */
export function newWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(32).toString("base64");
}

/** A new bearer token for a system's callbacks. */
export function newCallbackToken(): string {
  return `vhs_${randomBytes(32).toString("base64url")}`;
}

export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function sealSecret(systemId: string, secret: string, key: Buffer = getConfig().fileEncryptionKey): string {
  return sealChunk(key, place(systemId), Buffer.from(secret, "utf8")).toString("base64");
}

export function openSecret(systemId: string, sealed: string, key: Buffer = getConfig().fileEncryptionKey): string {
  return openChunk(key, place(systemId), Buffer.from(sealed, "base64")).toString("utf8");
}
