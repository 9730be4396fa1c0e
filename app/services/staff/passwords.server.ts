/**
 * Staff passwords: scrypt (memory-hard, in node:crypto, no native add-on)
 * with a random salt per password, and a policy that refuses short and
 * common ones (NIST SP 800-63B 5.1.1.2: length and a list of known-bad
 * passwords, no composition rules).
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";

import { COMMON_PASSWORDS } from "./common-passwords";

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))),
  );

/** N = 2^15, r = 8: 32 MiB and ~50 ms per attempt on these machines (OWASP's scrypt minimum is N = 2^17 with p = 1 at 128 MiB; we trade memory for the 2-core servers). */
const PARAMETERS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const maxmem = (N: number, r: number) => 256 * N * r;

const PASSWORD_MIN_LENGTH = 12;
const PASSWORD_MAX_LENGTH = 200;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = PARAMETERS;
  const key = await scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { N, r, p, maxmem: maxmem(N, r) });
  return ["scrypt", N, r, p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const key = await scrypt(password.normalize("NFKC"), Buffer.from(salt, "base64url"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: maxmem(Number(n), Number(r)),
  });
  return timingSafeEqual(key, expected);
}

/** A hash of a password nobody has, checked for unknown accounts so that they take as long as wrong passwords. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(24).toString("base64url"));
  return decoy;
}

/** Why a new password is refused, or null. */
export function passwordProblem(password: string, email: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH) return `must be at most ${PASSWORD_MAX_LENGTH} characters`;
  const folded = password.toLowerCase();
  if (new Set(folded).size <= 3) return "is too repetitive";
  const local = email.toLowerCase().split("@")[0] ?? "";
  if (local.length >= 4 && folded.includes(local)) return "must not contain the account's e-mail name";
  // A known password with a few digits or signs around it is still a known password.
  const core = folded.replace(/^[^a-z]+|[^a-z]+$/g, "");
  if (COMMON_PASSWORDS.has(folded) || COMMON_PASSWORDS.has(core) || /veldhaven/.test(folded)) return "is too common";
  return null;
}
