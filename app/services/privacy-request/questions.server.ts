/**
 * Asking the person for more information (GDPR Art. 12(6), EDPB
 * Guidelines 01/2022 on the right of access): an officer's question puts
 * the request in WAITING_FOR_PERSON and stops its clock; the person answers
 * on the page behind the mailed link (text, and files under the answer's
 * rules), and the clock resumes with the days that were left. Without an
 * answer in 30 days the officer may close the request, with a reason
 * mailed to the person.
 */
import { randomUUID } from "node:crypto";

import type { Kysely } from "kysely";

import type { Database } from "~/db/schema";
import { allows, canCloseForNoAnswer, closableAfter, dueDateAfterWaiting } from "~/domain/privacy-request";

import { enqueueMail } from "../mail/outbox.server";
import { noAnswerMail, questionMail } from "../mail/question-templates.server";
import { audit } from "./audit.server";
import { hashToken, newLinkToken, personLink } from "./link-tokens.server";
import { act, moveTo, type Staff } from "./state-change.server";

const DAY_MS = 86_400_000;

export function askPerson(db: Kysely<Database>, reference: string, staff: Staff, question: string, now = new Date()) {
  return act(db, reference, "ask", async (trx, request) => {
    if (!request.email || !(await moveTo(trx, request, "ask", now, { paused_at: now.toISOString() }))) return false;
    const { token, hash: tokenHash } = newLinkToken();
    await trx
      .insertInto("info_request")
      .values({
        id: randomUUID(),
        request_id: request.id,
        question,
        token_hash: tokenHash,
        asked_by: staff.email,
        asked_at: now.toISOString(),
        answer: null,
        answered_at: null,
      })
      .execute();
    await audit(trx, {
      requestId: request.id,
      at: now,
      actor: "STAFF",
      actorId: staff.email,
      action: "ASKED",
      from: request.state,
      to: "WAITING_FOR_PERSON",
      note: question,
    });
    const link = personLink(request, "/privacy-rights/reply", token);
    const closableAt = closableAfter(now).toISOString();
    await enqueueMail(
      trx,
      questionMail({
        to: request.email,
        locale: request.locale,
        country: request.country,
        reference: request.reference,
        link,
        question,
        closableAt,
      }),
      now,
    );
    return true;
  });
}

const QUESTION_FIELDS = [
  "info_request.id",
  "info_request.question",
  "info_request.asked_at as askedAt",
  "info_request.answered_at as answeredAt",
  "privacy_request.id as requestId",
  "privacy_request.reference",
  "privacy_request.state",
] as const;

/**
 * The question behind a reply link (the request must still wait for it):
 * the mailed link's token, or one issued from the status page while it has
 * not expired.
 */
export async function openQuestion(db: Kysely<Database>, token: string, now = new Date()) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const tokenHash = hashToken(token);
  const questions = db
    .selectFrom("info_request")
    .innerJoin("privacy_request", "privacy_request.id", "info_request.request_id")
    .select(QUESTION_FIELDS);
  const mailed = await questions.where("info_request.token_hash", "=", tokenHash).executeTakeFirst();
  if (mailed) return mailed;
  const issued = await questions
    .innerJoin("reply_link", "reply_link.info_request_id", "info_request.id")
    .where("reply_link.token_hash", "=", tokenHash)
    .where("reply_link.expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return issued ?? null;
}

/** The latest question asked on a request, for the status page. */
export function latestQuestion(db: Kysely<Database>, requestId: string) {
  return db
    .selectFrom("info_request")
    .select(["id", "question", "asked_at as askedAt", "answered_at as answeredAt"])
    .where("request_id", "=", requestId)
    .orderBy("asked_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

/**
 * How many links issued from the status page a question keeps: a double
 * click or a second tab must not kill the link the browser ended up with,
 * and a page posted over and over must not fill the table.
 */
const REPLY_LINKS_KEPT = 3;

/**
 * A new link to answer the request's open question, for whoever proved the
 * mailbox otherwise (the status link). The mailed link keeps
 * working. Null when nothing waits for an answer.
 */
export async function issueReplyLink(
  db: Kysely<Database>,
  requestId: string,
  expiresAt: string,
  now = new Date(),
): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const asked = await latestQuestion(trx, requestId);
    if (!asked) return null;
    // Holds the question's row until commit (PostgreSQL; SQLite's write lock
    // already does): links issued at once take turns, so the bound below holds.
    await trx
      .updateTable("info_request")
      .set((eb) => ({ answered_at: eb.ref("answered_at") }))
      .where("id", "=", asked.id)
      .execute();
    const request = await trx
      .selectFrom("privacy_request")
      .select("state")
      .where("id", "=", requestId)
      .executeTakeFirst();
    const question = await latestQuestion(trx, requestId);
    if (!request || !allows(request.state, "answered") || !question || question.answeredAt) return null;
    const { token, hash: tokenHash } = newLinkToken();
    await trx
      .insertInto("reply_link")
      .values({
        token_hash: tokenHash,
        info_request_id: question.id,
        expires_at: expiresAt,
        created_at: now.toISOString(),
      })
      .execute();
    const older = await trx
      .selectFrom("reply_link")
      .select("token_hash")
      .where("info_request_id", "=", question.id)
      .where("token_hash", "!=", tokenHash)
      .orderBy("created_at", "desc")
      .orderBy("token_hash")
      .limit(100)
      .offset(REPLY_LINKS_KEPT - 1)
      .execute();
    if (older.length)
      await trx
        .deleteFrom("reply_link")
        .where(
          "token_hash",
          "in",
          older.map((link) => link.token_hash),
        )
        .execute();
    return token;
  });
}

export type ReplyOutcome = { status: "answered" } | { status: "unknown" | "closed" };

/**
 * The person's answer: kept with the question; the request works on again
 * (IN_PROGRESS) with its due date moved by the time it waited. Once only.
 */
export async function answerQuestion(
  db: Kysely<Database>,
  token: string,
  answer: string,
  fileCount: number,
  now = new Date(),
): Promise<ReplyOutcome> {
  const question = await openQuestion(db, token, now);
  if (!question) return { status: "unknown" };
  const outcome = await db.transaction().execute(async (trx): Promise<ReplyOutcome> => {
    const claimed = await trx
      .updateTable("info_request")
      .set({ answer, answered_at: now.toISOString() })
      .where("id", "=", question.id)
      .where("answered_at", "is", null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return { status: "closed" };
    // An answered question needs no link any more: the status page's die with it.
    await trx.deleteFrom("reply_link").where("info_request_id", "=", question.id).execute();
    const request = await trx
      .selectFrom("privacy_request")
      .selectAll()
      .where("id", "=", question.requestId)
      .executeTakeFirstOrThrow();
    if (!allows(request.state, "answered") || !request.paused_at) return { status: "closed" };
    const dueAt = dueDateAfterWaiting(request.due_at, request.paused_at, now);
    if (!(await moveTo(trx, request, "answered", now, { paused_at: null, due_at: dueAt }))) return { status: "closed" };
    const days = Math.round((now.getTime() - new Date(request.paused_at).getTime()) / DAY_MS);
    await audit(trx, {
      requestId: request.id,
      at: now,
      actor: "DATA_SUBJECT",
      action: "ANSWERED",
      from: "WAITING_FOR_PERSON",
      to: "IN_PROGRESS",
      note: `${fileCount} files; clock stood still ${days} days; due ${dueAt ?? "—"}`,
    });
    return { status: "answered" };
  });
  return outcome;
}

/** After 30 days without an answer the officer may close the request; the reason is mailed. */
export function closeForNoAnswer(
  db: Kysely<Database>,
  reference: string,
  staff: Staff,
  reason: string,
  now = new Date(),
) {
  return act(db, reference, "closeNoAnswer", async (trx, request) => {
    if (!canCloseForNoAnswer(request, now)) return false;
    if (!(await moveTo(trx, request, "closeNoAnswer", now))) return false;
    await audit(trx, {
      requestId: request.id,
      at: now,
      actor: "STAFF",
      actorId: staff.email,
      action: "CLOSED_NO_ANSWER",
      from: "WAITING_FOR_PERSON",
      to: "CLOSED",
      note: reason,
    });
    if (request.email)
      await enqueueMail(
        trx,
        noAnswerMail({
          to: request.email,
          locale: request.locale,
          country: request.country,
          reference: request.reference,
          reason,
        }),
        now,
      );
    return true;
  });
}

/** The questions asked on a request, with their answers, for the back office. */
export function questionsOf(db: Kysely<Database>, requestId: string) {
  return db
    .selectFrom("info_request")
    .select(["question", "asked_by as askedBy", "asked_at as askedAt", "answer", "answered_at as answeredAt"])
    .where("request_id", "=", requestId)
    .orderBy("asked_at")
    .execute();
}

/** Expired reply links go (retention). */
export async function deleteExpiredReplyLinks(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db.deleteFrom("reply_link").where("expires_at", "<=", now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
