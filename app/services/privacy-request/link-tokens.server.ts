/**
 * The tokens in the links we mail (confirmation, reminder, answer, status,
 * question): 256 random bits, of which only the SHA-256 is stored, so a
 * copy of the database opens no link.
 */
import { createHash, randomBytes } from "node:crypto";

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}
