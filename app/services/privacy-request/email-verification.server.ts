/**
 * The verification link of a privacy request: its page shows what the data
 * subject is about to confirm, and confirming makes the request OPEN with its
 * due date, or executes an objection with its marketing suppressions.
 */
import type { Kysely, Transaction } from "kysely";

import { getDb } from "~/db/instance.server";
import type { Database } from "~/db/schema";
import type { PrivacyRequestTable } from "~/db/schema/privacy-requests";
import { oneMonthAfter, REQUEST_TRANSITIONS } from "~/domain/privacy-request";
import { fansOutAt, rightOf, type RightType } from "~/domain/rights";
import { objectionChannels } from "~/validation/rights/direct-marketing";

import { enqueueMail } from "../mail/outbox.server";
import { confirmationMail, privacyTeamNotification } from "../mail/privacy-templates.server";
import { fanOut } from "../systems/fan-out.server";
import { audit } from "./audit.server";
import { markPossibleDuplicate } from "./duplicates.server";
import { hashToken } from "./link-tokens.server";
import { privacyTeamAddress } from "./record.server";
import { actWithin, moveTo } from "./state-change.server";
import { writeSuppressions } from "./suppressions.server";
import { storedDetails } from "./view.server";

type Db = Kysely<Database> | Transaction<Database>;

/** What the link's page shows before the data subject confirms. */
export type VerificationView =
  | { status: "valid"; rightType: RightType; reference: string; brandCount: number; channels: string[] }
  | { status: "unknown" | "expired" | "used" };

export async function findByToken(db: Db, token: string) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const hash = hashToken(token);
  // The first mail's link, or the reminder's: both confirm until the link expires.
  return db
    .selectFrom("privacy_request")
    .selectAll()
    .where((eb) => eb.or([eb("verification_token_hash", "=", hash), eb("reminder_token_hash", "=", hash)]))
    .executeTakeFirst();
}

function isExpired(request: PrivacyRequestTable, now: Date): boolean {
  return (
    request.state === "EXPIRED" ||
    (request.verification_expires_at !== null && request.verification_expires_at <= now.toISOString())
  );
}

/** Opening the link changes nothing (mail scanners open links too). */
export async function inspectVerification(
  token: string,
  options: { now?: Date; db?: Kysely<Database> } = {},
): Promise<VerificationView> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const request = await findByToken(db, token);
  if (!request) return { status: "unknown" };
  if (request.verified_at) return { status: "used" };
  if (isExpired(request, now)) return { status: "expired" };
  const { brandKeys, userInfo } = storedDetails(request);
  const channels = {
    email: request.email ?? undefined,
    phoneNumber: request.phone_number ?? undefined,
    userInfo: userInfo ?? undefined,
  };
  return {
    status: "valid",
    rightType: request.right_type,
    reference: request.reference,
    brandCount: brandKeys.length,
    channels: rightOf(request.right_type).asks.brandsAndChannels ? objectionChannels(channels) : [],
  };
}

export type ConfirmOutcome = { status: "verified" | "already-verified" | "unknown" | "expired" };

/**
 * The data subject confirms: the request becomes OPEN with its due date, or
 * an objection is executed. Exactly once, also when two confirmations race.
 */
export async function confirmVerification(
  token: string,
  options: { now?: Date; db?: Kysely<Database> } = {},
): Promise<ConfirmOutcome> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  return db.transaction().execute(async (trx): Promise<ConfirmOutcome> => {
    const request = await findByToken(trx, token);
    if (!request) return { status: "unknown" };
    if (request.verified_at) return { status: "already-verified" };
    if (isExpired(request, now)) return { status: "expired" };

    const executed = rightOf(request.right_type).completesOnVerification;
    const step = executed ? "verifyAndCarryOut" : "verify";
    const state = REQUEST_TRANSITIONS[step].to;
    const dueAt = executed ? null : oneMonthAfter(now).toISOString();
    // The guarded step on the request just read; a confirmation that raced this one moved it first.
    const moved = await actWithin(
      trx,
      async () => request,
      step,
      (trx, read) => moveTo(trx, read, step, now, { verified_at: now.toISOString(), due_at: dueAt }, ["verified_at"]),
    );
    if (moved.status !== "done") return { status: "already-verified" };

    await audit(trx, {
      requestId: request.id,
      at: now,
      actor: "DATA_SUBJECT",
      action: "VERIFIED",
      from: request.state,
      to: executed ? null : state,
    });
    if (!executed) await markPossibleDuplicate(trx, request, now);
    if (executed) {
      const written = await writeSuppressions(trx, request, now);
      await audit(trx, {
        requestId: request.id,
        at: now,
        actor: "SYSTEM",
        action: "EXECUTED",
        to: "COMPLETED",
        note: `${written} suppressions`,
      });
    }
    // A right carried out when confirmed tells its systems now.
    if (fansOutAt(request.right_type, "verification")) await fanOut(trx, request, now);
    const { country, locale } = request;
    await enqueueMail(
      trx,
      confirmationMail({
        to: request.email!,
        locale,
        country,
        rightType: request.right_type,
        reference: request.reference,
        dueAt,
      }),
      now,
    );
    await enqueueMail(
      trx,
      privacyTeamNotification({
        to: privacyTeamAddress(country),
        country,
        rightType: request.right_type,
        reference: request.reference,
        dueAt,
        executed,
      }),
      now,
    );
    return { status: "verified" };
  });
}
