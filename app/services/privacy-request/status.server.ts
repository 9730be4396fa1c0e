/**
 * The person follows their request: on the status page they give
 * its reference and their e-mail address; whatever they typed, the page says
 * the same thing, and only when both belong to one request is a link mailed
 * to that address. The link opens a read-only page with the request's state,
 * due date (and extension), what is asked of them and the delivered files,
 * for STATUS_LINK_HOURS.
 */
import type { Kysely } from "kysely";

import type { Database } from "~/db/schema";
import type { Country } from "~/domain/country";
import { normaliseEmail } from "~/domain/email";
import type { RequestState, RightType } from "~/domain/privacy-request";

import { statusLinkMail } from "../mail/delivery-templates.server";
import { enqueueMail } from "../mail/outbox.server";
import { admitSubmission } from "../submission/limits.server";
import { taskProgress } from "../systems/request-tasks.server";
import { deliveryFiles, type DeliveredFile } from "./answer-delivery.server";
import { handOverView } from "./hand-over.server";
import { hashToken, newLinkToken, personLink } from "./link-tokens.server";
import { issueReplyLink, latestQuestion } from "./questions.server";
import { privacyTeamAddress } from "./record.server";

/** A status link is for looking, now: a day is enough, and a forwarded mail stops working soon. */
const STATUS_LINK_HOURS = 24;
/**
 * Every ask is answered no sooner than this after it came: a
 * matching pair writes a link and a mail (~50 ms), a wrong one only reads
 * (~25 ms), and the difference told which references exist for an address.
 * Well above both, so the time says nothing; a visitor waits a moment longer.
 */
export const STATUS_ANSWER_FLOOR_MS = 250;

const waitUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));

export type StatusAsked =
  | { status: "asked" }
  | { status: "RATE_LIMITED"; scope: "client" | "target"; retryAfterSeconds: number; otherWay: string };

/**
 * Mails a status link when the reference and the address belong to one
 * request. The answer is the same either way (nobody can probe references);
 * the limits count every valid ask, so they say nothing either.
 */
export async function askForStatusLink(
  db: Kysely<Database>,
  input: { reference: string; email: string },
  site: { country: Country },
  options: { clientIp: string; now?: Date },
): Promise<StatusAsked> {
  const answerAt = performance.now() + STATUS_ANSWER_FLOOR_MS;
  const now = options.now ?? new Date();
  const email = normaliseEmail(input.email);
  const admission = await admitSubmission({
    kind: "public-form",
    bucket: `status:${site.country}`,
    clientIp: options.clientIp,
    target: email,
  });
  if (!admission.ok)
    return {
      status: "RATE_LIMITED",
      scope: admission.scope,
      retryAfterSeconds: admission.retryAfterSeconds,
      otherWay: privacyTeamAddress(site.country),
    };
  const request = await db
    .selectFrom("privacy_request")
    .select(["id", "reference", "country", "locale", "email"])
    .where("reference", "=", input.reference)
    .where("email", "=", email)
    .executeTakeFirst();
  if (!request) {
    await waitUntil(answerAt);
    return { status: "asked" };
  }
  const { token, hash: tokenHash } = newLinkToken();
  const expiresAt = new Date(now.getTime() + STATUS_LINK_HOURS * 3_600_000).toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("status_link")
      .values({ token_hash: tokenHash, request_id: request.id, expires_at: expiresAt, created_at: now.toISOString() })
      .execute();
    const link = personLink(request, "/privacy-rights/status/view", token);
    await enqueueMail(
      trx,
      statusLinkMail({
        to: request.email!,
        locale: request.locale,
        country: request.country,
        reference: request.reference,
        link,
        expiresAt,
      }),
      now,
    );
  });
  await waitUntil(answerAt);
  return { status: "asked" };
}

export type StatusView =
  | {
      status: "valid";
      reference: string;
      rightType: RightType;
      state: RequestState;
      receivedAt: string;
      verifiedAt: string | null;
      dueAt: string | null;
      extension: { reason: string } | null;
      answer: { sentAt: string; expiresAt: string; message: string; files: DeliveredFile[]; deleted: boolean } | null;
      /** The latest question of the privacy team; `open` while the request waits for its answer. */
      question: { text: string; askedAt: string; answeredAt: string | null; open: boolean } | null;
      /** How many of the systems that hold their data have finished, without naming them; null before any task. */
      systems: { done: number; total: number } | null;
      /** A restriction of processing once in force: since when, its lift announced (Art. 18(3)) and done. */
      restriction: { since: string; liftAnnouncedAt: string | null; liftedAt: string | null } | null;
      /** Their package sent to the controller they named (Art. 20(2)): to whom, on which day (ISO date). */
      handedOver: { controller: string; on: string } | null;
    }
  | { status: "unknown" | "expired" };

/** The request behind a status link, if the link is still good. */
export async function statusLinkRequest(db: Kysely<Database>, token: string, now = new Date()) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return { status: "unknown" as const };
  const link = await db
    .selectFrom("status_link")
    .selectAll()
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!link) return { status: "unknown" as const };
  if (link.expires_at <= now.toISOString()) return { status: "expired" as const };
  return { status: "valid" as const, requestId: link.request_id, expiresAt: link.expires_at };
}

/** The reason of the (one) extension, as the back office wrote it: "old → new: reason". */
const extensionReason = (note: string | null) => note?.split(/: ([\s\S]*)/)[1] ?? "";

export async function inspectStatus(db: Kysely<Database>, token: string, now = new Date()): Promise<StatusView> {
  const found = await statusLinkRequest(db, token, now);
  if (found.status !== "valid") return found;
  const request = await db
    .selectFrom("privacy_request")
    .selectAll()
    .where("id", "=", found.requestId)
    .executeTakeFirstOrThrow();
  const extended = await db
    .selectFrom("audit_event")
    .select("note")
    .where("request_id", "=", request.id)
    .where("action", "=", "EXTENDED")
    .executeTakeFirst();
  const delivery = await db
    .selectFrom("request_delivery")
    .selectAll()
    .where("request_id", "=", request.id)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  const deleted = Boolean(delivery && (delivery.files_deleted_at || delivery.expires_at <= now.toISOString()));
  const question = await latestQuestion(db, request.id);
  const systems = await taskProgress(db, request.id);
  const handOver = handOverView(request);
  return {
    status: "valid",
    reference: request.reference,
    rightType: request.right_type,
    state: request.state,
    receivedAt: request.created_at,
    verifiedAt: request.verified_at,
    dueAt: request.due_at,
    extension: extended ? { reason: extensionReason(extended.note) } : null,
    answer: delivery
      ? {
          sentAt: delivery.created_at,
          expiresAt: delivery.expires_at,
          message: delivery.message,
          files: deleted ? [] : await deliveryFiles(db, delivery.id),
          deleted,
        }
      : null,
    question: question
      ? {
          text: question.question,
          askedAt: question.askedAt,
          answeredAt: question.answeredAt,
          open: request.state === "WAITING_FOR_PERSON" && !question.answeredAt,
        }
      : null,
    systems: systems.total > 0 ? systems : null,
    restriction: request.restricted_at
      ? { since: request.restricted_at, liftAnnouncedAt: request.lift_announced_at, liftedAt: request.lifted_at }
      : null,
    handedOver: handOver?.handedOver ? { controller: handOver.controller.name, on: handOver.handedOver.on } : null,
  };
}

/**
 * Whoever holds a good status link has shown they read the request's
 * mailbox, as the mailed reply link would: they get a link of their own to
 * answer the open question, so a lost or deleted mail is no dead
 * end. It ends when the status link does.
 */
export async function replyLinkFromStatus(
  db: Kysely<Database>,
  statusToken: string,
  now = new Date(),
): Promise<string | null> {
  const found = await statusLinkRequest(db, statusToken, now);
  if (found.status !== "valid") return null;
  return issueReplyLink(db, found.requestId, found.expiresAt, now);
}

/** Expired status links go (retention). */
export async function deleteExpiredStatusLinks(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db.deleteFrom("status_link").where("expires_at", "<=", now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
