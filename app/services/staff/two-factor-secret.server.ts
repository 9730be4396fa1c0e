/**
 * TOTP secrets at rest: AES-256-GCM under a key derived from the
 * session secret with HKDF, the account's id bound in as additional data.
 * A copy of the database alone yields no secret (the session secret lives in
 * the environment or DATA_DIR/session-secret), and a ciphertext moved to
 * another account does not open. Changing SESSION_SECRET makes every
 * enrolled account enrol again.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1";

/** The 256-bit key for TOTP secrets, derived from the session secret. */
export function twoFactorKey(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", sessionSecret, "veldhaven-staff-two-factor", "totp-secret-encryption-v1", 32));
}

export function encryptSecret(key: Buffer, accountId: string, secretBase32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(accountId));
  const ciphertext = Buffer.concat([cipher.update(secretBase32, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The secret (base32), or null when the value was not made with this key for this account. */
export function decryptSecret(key: Buffer, accountId: string, stored: string): string | null {
  const [version, iv, tag, ciphertext] = stored.split(".");
  if (version !== VERSION || !iv || !tag || !ciphertext) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(accountId));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
