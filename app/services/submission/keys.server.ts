/**
 * Submissions recognised when they come again. A JSON call sent
 * again with its `Idempotency-Key` (IETF draft "The Idempotency-Key HTTP
 * Header Field"), a form posted twice (a double click without JavaScript, a
 * resubmission after the connection dropped): the same key and body within
 * 24 hours get the first answer without storing or mailing again; the same
 * key with another body is refused. The key row is written in the
 * transaction that stores the submission, so a key is used exactly when its
 * submission is stored, also when two copies race (the second waits on the
 * key's unique index, then reads the first answer).
 */
import { createHash, createHmac } from "node:crypto";

import type { Transaction } from "kysely";

import { getConfig } from "~/config.server";
import type { Db } from "~/db/db.server";
import type { Database } from "~/db/schema";

/** How long a key is remembered (the draft's usual window). */
const SUBMISSION_KEY_HOURS = 24;

/** A submission's key: where it was sent (call or form, country), the client's key, a digest of its body. */
export type SubmissionKey = { scope: string; key: string; fingerprint: string };

/** A submission seen before: its first answer, or `reused` when the key came with another body. */
export type EarlierSubmission<Answer> = { kind: "replay"; answer: Answer } | { kind: "reused" };

/** The digest of a body: entries in a stable order, so the same content gives the same fingerprint. */
export function fingerprintOf(entries: Iterable<[string, string]>): string {
  const hash = createHash("sha256");
  for (const [name, value] of [...entries].sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))) {
    hash.update(`${name.length}:${name}=${value.length}:${value}\n`);
  }
  return hash.digest("base64url");
}

/** Keys and fingerprints are kept as keyed hashes: the table says nothing about who sent what. */
function sealed(value: string): string {
  return createHmac("sha256", getConfig().sessionSecret).update(value).digest("base64url");
}

const keyHashOf = (submission: SubmissionKey) => sealed(`${submission.scope}\n${submission.key}`);

/** The earlier submission under this key, if any (a key unused, or older than 24 hours: null). */
export async function earlierSubmission<Answer>(
  db: Db,
  submission: SubmissionKey | undefined,
  now = new Date(),
): Promise<EarlierSubmission<Answer> | null> {
  if (!submission) return null;
  const since = new Date(now.getTime() - SUBMISSION_KEY_HOURS * 3_600_000).toISOString();
  const row = await db
    .selectFrom("submission_key")
    .select(["fingerprint", "answer"])
    .where("key_hash", "=", keyHashOf(submission))
    .where("created_at", ">", since)
    .executeTakeFirst();
  if (!row) return null;
  if (row.fingerprint !== sealed(submission.fingerprint)) return { kind: "reused" };
  return { kind: "replay", answer: JSON.parse(row.answer) as Answer };
}

/** A key already in the table (the unique index): SQLite's and PostgreSQL's way of saying so. */
function isDuplicateKey(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "SQLITE_CONSTRAINT_UNIQUE";
}

/**
 * Stores a submission with its key in one transaction: `store` writes the
 * record (and its mail), then the key with the answer. When a copy with the
 * same key committed first, nothing of this one is kept and the earlier
 * answer is returned instead.
 */
export async function storeOnce<Answer>(
  db: Db,
  submission: SubmissionKey | undefined,
  answer: Answer,
  store: (trx: Transaction<Database>) => Promise<void>,
  now = new Date(),
): Promise<{ kind: "stored"; answer: Answer } | EarlierSubmission<Answer>> {
  // An expired key of the same value may still be in the table until the retention job runs.
  if (submission) {
    const since = new Date(now.getTime() - SUBMISSION_KEY_HOURS * 3_600_000).toISOString();
    await db
      .deleteFrom("submission_key")
      .where("key_hash", "=", keyHashOf(submission))
      .where("created_at", "<=", since)
      .execute();
  }
  try {
    await db.transaction().execute(async (trx) => {
      if (submission) {
        await trx
          .insertInto("submission_key")
          .values({
            key_hash: keyHashOf(submission),
            fingerprint: sealed(submission.fingerprint),
            answer: JSON.stringify(answer),
            created_at: now.toISOString(),
          })
          .execute();
      }
      await store(trx);
    });
    return { kind: "stored", answer };
  } catch (error) {
    if (!submission || !isDuplicateKey(error)) throw error;
    const earlier = await earlierSubmission<Answer>(db, submission, now);
    if (!earlier) throw error;
    return earlier;
  }
}

/** Retention: keys older than 24 hours go. */
export async function deleteExpiredSubmissionKeys(db: Db, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - SUBMISSION_KEY_HOURS * 3_600_000).toISOString();
  const result = await db.deleteFrom("submission_key").where("created_at", "<=", since).executeTakeFirst();
  return Number(result.numDeletedRows);
}
