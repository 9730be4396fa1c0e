/**
 * A confirmation link that did not get used (GOV.UK's
 * "confirm an email address" pattern): the expired page sends a new one to
 * the same address, which stops the old one working (at most 3 per request,
 * at least 5 minutes apart: both checked in the guarded step, whose update
 * holds only while the count and the link are as read, so every instance
 * keeps them); and one reminder goes out halfway through a link's life, with
 * a token of its own that confirms too.
 */
import type { Kysely, Transaction } from "kysely";

import { getConfig } from "~/config.server";
import type { Database } from "~/db/schema";
import type { PrivacyRequestTable } from "~/db/schema/privacy-requests";

import { enqueueMail } from "../mail/outbox.server";
import { verificationMail } from "../mail/privacy-templates.server";
import { earlierSubmission, storeOnce, type SubmissionKey } from "../submission/keys.server";
import { audit } from "./audit.server";
import { findByToken } from "./email-verification.server";
import { newLinkToken, personLink } from "./link-tokens.server";
import { actWithin, moveTo } from "./state-change.server";

const MAX_NEW_LINKS = 3;
const NEW_LINK_GAP_MS = 5 * 60_000;

export type ResendOutcome =
  | { status: "sent" }
  | { status: "wait"; retryAfterSeconds: number }
  | { status: "limit" }
  | { status: "verified" | "unknown" };

const linkTo = (request: Pick<PrivacyRequestTable, "country" | "locale">, token: string) =>
  personLink(request, "/email-verification", token);

/**
 * What the expired page offers for this (expired) token: a new link, word
 * that the limit is reached, or nothing (no such request, or confirmed).
 */
export async function newLinkOffer(db: Kysely<Database>, token: string): Promise<"offer" | "limit" | null> {
  const request = await findByToken(db, token);
  if (!request || request.verified_at) return null;
  return request.links_resent < MAX_NEW_LINKS ? "offer" : "limit";
}

/** A refusal, thrown out of the transaction so that nothing of it (nor its submission key) is kept. */
class NotSent extends Error {
  constructor(readonly outcome: Exclude<ResendOutcome, { status: "sent" }>) {
    super(outcome.status);
  }
}

/**
 * The expired page's post. The old token is also the post's submission key
 * (kept as a keyed hash): a double click or a reload after the
 * new link went no longer finds the request by that token, and gets the
 * first answer ("sent") instead of the failed page.
 */
export async function resendVerification(
  db: Kysely<Database>,
  oldToken: string,
  now = new Date(),
): Promise<ResendOutcome> {
  if (!oldToken) return { status: "unknown" };
  const submission: SubmissionKey = { scope: "verification-new-link", key: oldToken, fingerprint: "" };
  const earlier = await earlierSubmission<ResendOutcome>(db, submission, now);
  if (earlier?.kind === "replay") return earlier.answer;
  try {
    const stored = await storeOnce(
      db,
      submission,
      { status: "sent" } as ResendOutcome,
      (trx) => replaceLink(trx, oldToken, now),
      now,
    );
    if (stored.kind === "reused") return { status: "unknown" };
    return stored.answer;
  } catch (error) {
    if (error instanceof NotSent) return error.outcome;
    throw error;
  }
}

/** The new link, or a refusal (thrown): the guarded step `renewLink`, its audit event and its mail. */
async function replaceLink(trx: Transaction<Database>, oldToken: string, now: Date): Promise<void> {
  const { token, hash } = newLinkToken();
  const expiresAt = new Date(now.getTime() + getConfig().VERIFICATION_LINK_TTL_HOURS * 3_600_000).toISOString();
  const outcome = await actWithin(
    trx,
    (trx) => findByToken(trx, oldToken),
    "renewLink",
    async (trx, request) => {
      if (request.links_resent >= MAX_NEW_LINKS) throw new NotSent({ status: "limit" });
      const next = request.link_resent_at ? new Date(request.link_resent_at).getTime() + NEW_LINK_GAP_MS : 0;
      if (next > now.getTime())
        throw new NotSent({ status: "wait", retryAfterSeconds: Math.max(1, Math.ceil((next - now.getTime()) / 1000)) });
      const renewed = {
        verification_token_hash: hash,
        reminder_token_hash: null,
        reminder_sent_at: null,
        verification_expires_at: expiresAt,
        links_resent: request.links_resent + 1,
        link_resent_at: now.toISOString(),
      };
      // Back from EXPIRED (the retention job's) to waiting, and only if the link clicked is still the request's, not replaced meanwhile.
      if (
        !(await moveTo(trx, request, "renewLink", now, renewed, [
          "verification_token_hash",
          "reminder_token_hash",
          "links_resent",
          "link_resent_at",
        ]))
      ) {
        throw new NotSent({ status: "wait", retryAfterSeconds: NEW_LINK_GAP_MS / 1000 });
      }
      await audit(trx, {
        requestId: request.id,
        at: now,
        actor: "DATA_SUBJECT",
        action: "LINK_RESENT",
        from: request.state,
        to: "AWAITING_VERIFICATION",
      });
      await enqueueMail(
        trx,
        verificationMail({
          to: request.email!,
          locale: request.locale,
          country: request.country,
          rightType: request.right_type,
          reference: request.reference,
          link: linkTo(request, token),
          expiresAt,
          occasion: "new-link",
        }),
        now,
      );
      return true;
    },
  );
  if (outcome.status === "not-found") throw new NotSent({ status: "unknown" });
  // Confirmed (the only way out of the states a new link starts from).
  if (outcome.status !== "done") throw new NotSent({ status: "verified" });
}

/** Retention's run: one reminder per link, from halfway through its life; each claimed once, whichever instance runs. */
export async function sendVerificationReminders(db: Kysely<Database>, now = new Date()): Promise<number> {
  const halfLife = (getConfig().VERIFICATION_LINK_TTL_HOURS * 3_600_000) / 2;
  const due = await db
    .selectFrom("privacy_request")
    .selectAll()
    .where("state", "=", "AWAITING_VERIFICATION")
    .where("reminder_sent_at", "is", null)
    .where("verification_expires_at", ">", now.toISOString())
    .where("verification_expires_at", "<=", new Date(now.getTime() + halfLife).toISOString())
    .execute();
  let sent = 0;
  for (const request of due) {
    const { token, hash } = newLinkToken();
    sent += await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable("privacy_request")
        .set({ reminder_token_hash: hash, reminder_sent_at: now.toISOString() })
        .where("id", "=", request.id)
        .where("reminder_sent_at", "is", null)
        .where("verification_token_hash", "=", request.verification_token_hash)
        // Not confirmed, expired or given a new link since it was selected.
        .where("state", "=", "AWAITING_VERIFICATION")
        .where("verified_at", "is", null)
        .where("verification_expires_at", "=", request.verification_expires_at)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return 0;
      await audit(trx, { requestId: request.id, at: now, actor: "SYSTEM", action: "REMINDED" });
      await enqueueMail(
        trx,
        verificationMail({
          to: request.email!,
          locale: request.locale,
          country: request.country,
          rightType: request.right_type,
          reference: request.reference,
          link: linkTo(request, token),
          expiresAt: request.verification_expires_at!,
          occasion: "reminder",
        }),
        now,
      );
      return 1;
    });
  }
  return sent;
}
