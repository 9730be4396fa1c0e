/**
 * The privacy request record (issue 10): storing a request with its
 * verification mail, executing it once the data subject confirms the link,
 * and the marketing suppressions an objection produces. Free of HTTP: route
 * actions and the JSON call map its outcomes.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { hashToken, newLinkToken } from "./link-tokens.server";
import { searchKeys } from "../submission/target-key.server";
import type { Kysely, Transaction } from "kysely";
import { getConfig } from "~/config.server";
import { publicOrigin } from "~/utils/public-origin.server";
import type { Database, PrivacyRequestTable } from "~/db/schema";
import { oneMonthAfter, REQUEST_TRANSITIONS, type RequestState, type RightType } from "~/domain/privacy-request";
import { getDb } from "~/db/instance.server";
import type { Country, Locale } from "~/i18n/locale";
import { objectionChannels, type FlowType, type PrivacyRequestInput } from "~/validation/privacy-request";
import { normaliseEmail } from "~/domain/email";
import { mayReceiveMail } from "../submission/email-domain.server";
import { storedDetails } from "./view.server";
import { writeSuppressions } from "./suppressions.server";
import { audit } from "./audit.server";
import { markPossibleDuplicate } from "./duplicates.server";
import { actWithin, moveTo } from "./state-change.server";
import { fanOut } from "../systems/fan-out.server";
import { enqueueMail } from "../mail/outbox.server";
import { confirmationMail, privacyTeamNotification, verificationMail } from "../mail/privacy-templates.server";
import { storeSubmission, type Refused } from "../submission/intake.server";
import type { SubmissionKey } from "../submission/keys.server";

type Db = Kysely<Database> | Transaction<Database>;

/** The JSON call's flow names are the right types (spec 3). */
const rightTypeOf = (flow: FlowType): RightType => flow;

const REFERENCE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"; // Crockford: no I, L, O, U

/** "PR-7K4M-9QXD": easy to read out on the phone, 40 random bits. */
export function newReference(prefix = "PR"): string {
  const bytes = randomBytes(8);
  const chars = [...bytes].map((byte) => REFERENCE_ALPHABET[byte % 32]);
  return `${prefix}-${chars.slice(0, 4).join("")}-${chars.slice(4, 8).join("")}`;
}


export type SubmitOutcome =
  | { status: "accepted"; id: string; reference: string; state: RequestState; verificationSent: boolean }
  | { status: "INVALID_EMAIL" }
  | Refused;

type Site = { country: Country; locale: Locale; language: string };

export function privacyTeamAddress(country: Country): string {
  const config = getConfig();
  return country === "nl" ? config.PRIVACY_TEAM_EMAIL_NL : config.PRIVACY_TEAM_EMAIL_BE;
}

/**
 * Stores a request. With an e-mail address it waits for verification and the
 * link is mailed in the same transaction; an objection without e-mail has
 * nothing to verify and is executed at once (spec 2 "Processed page").
 */
export async function submitPrivacyRequest(
  input: PrivacyRequestInput,
  site: Site,
  options: {
    requestOrigin: string;
    now?: Date;
    db?: Kysely<Database>;
    submission?: SubmissionKey;
  } & (
    | {
        /**
         * A staff member recording an objection for a customer on the phone
         * (issue 12): executed at once on the customer's word, with the staff
         * member as actor; no verification mail, no limit per address.
         */
        staff: { email: string };
        clientIp?: never;
      }
    | { staff?: never; clientIp: string }
  ),
): Promise<SubmitOutcome> {
  const email = input.email ? normaliseEmail(input.email) : undefined;
  if (email && !(await mayReceiveMail(email))) return { status: "INVALID_EMAIL" };
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const config = getConfig();
  const rightType = rightTypeOf(input.flowType);
  const id = randomUUID();
  const reference = newReference();
  const staff = input.flowType === "OBJECTION" ? options.staff : undefined;
  if (options.staff && !staff) throw new Error("staff members record objections only");
  const verify = Boolean(email) && !staff;
  const actor = staff ? ({ actor: "STAFF", actorId: staff.email } as const) : ({ actor: "DATA_SUBJECT" } as const);
  const { token, hash } = newLinkToken();
  const expiresAt = new Date(now.getTime() + config.VERIFICATION_LINK_TTL_HOURS * 3_600_000);
  const state: RequestState = verify ? "AWAITING_VERIFICATION" : "COMPLETED";

  const row: PrivacyRequestTable = {
    id,
    reference,
    right_type: rightType,
    state,
    country: site.country,
    locale: site.locale,
    email: email ?? null,
    phone_number: input.phoneNumber ?? null,
    user_message: input.userMessage ?? null,
    brand_keys: input.brands?.length ? JSON.stringify(input.brands) : null,
    brand_name: input.brandName ?? null,
    article: input.article ?? null,
    publication_link: input.publicationLink ?? null,
    publication_date: input.publicationDate ?? null,
    user_info: input.userInfo ? JSON.stringify(input.userInfo) : null,
    touchpoint: input.touchpoint ?? null,
    verification_token_hash: verify ? hash : null,
    verification_expires_at: verify ? expiresAt.toISOString() : null,
    verified_at: null,
    due_at: null,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    duplicate_of: null,
    paused_at: null,
    links_resent: 0,
    link_resent_at: null,
    reminder_token_hash: null,
    reminder_sent_at: null,
    ...searchKeys({ email: email ?? null, phone: input.phoneNumber ?? null }),
    assignee: null,
    assigned_at: null,
    owner_reminded_at: null,
    closed_at: state === "COMPLETED" ? now.toISOString() : null,
    extended_at: null,
  };

  const outcome = await storeSubmission(db, {
    submission: options.submission,
    sender: options.staff ? { staff: true } : { clientIp: options.clientIp },
    // Mail goes to the address given (or the objection names a phone number): its own, tight limit.
    limits: { kind: "privacy-request", bucket: `${rightType}:${site.country}`, target: email ?? input.phoneNumber },
    otherWay: privacyTeamAddress(site.country),
    answer: { status: "accepted" as const, id, reference, state, verificationSent: verify },
    now,
    store: async (trx) => {
      await trx.insertInto("privacy_request").values(row).execute();
      await audit(trx, { requestId: id, at: now, ...actor, action: "SUBMITTED", to: verify ? "AWAITING_VERIFICATION" : null });
      if (verify) {
        const link = `${publicOrigin(site.country, options.requestOrigin)}/${site.language}/email-verification?token=${token}`;
        await enqueueMail(
          trx,
          verificationMail({ to: email!, locale: site.locale, country: site.country, rightType, reference, link, expiresAt: row.verification_expires_at! }),
          now,
        );
      } else {
        const written = await writeSuppressions(trx, row, now);
        await audit(trx, { requestId: id, at: now, ...(staff ? actor : { actor: "SYSTEM" }), action: "EXECUTED", to: "COMPLETED", note: `${written} suppressions` });
        await fanOut(trx, row, now);
        await enqueueMail(
          trx,
          privacyTeamNotification({ to: privacyTeamAddress(site.country), country: site.country, rightType, reference, dueAt: null, executed: true }),
          now,
        );
      }
    },
  });
  return outcome;
}

/** What the link's page shows before the data subject confirms. */
export type VerificationView =
  | { status: "valid"; rightType: RightType; reference: string; brandCount: number; channels: string[] }
  | { status: "unknown" | "expired" | "used" };

export async function findByToken(db: Db, token: string) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const hash = hashToken(token);
  // The first mail's link, or the reminder's (issue 26): both confirm until the link expires.
  return db
    .selectFrom("privacy_request")
    .selectAll()
    .where((eb) => eb.or([eb("verification_token_hash", "=", hash), eb("reminder_token_hash", "=", hash)]))
    .executeTakeFirst();
}

function isExpired(request: PrivacyRequestTable, now: Date): boolean {
  return request.state === "EXPIRED" || (request.verification_expires_at !== null && request.verification_expires_at <= now.toISOString());
}

/** Opening the link changes nothing (mail scanners open links too). */
export async function inspectVerification(token: string, options: { now?: Date; db?: Kysely<Database> } = {}): Promise<VerificationView> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const request = await findByToken(db, token);
  if (!request) return { status: "unknown" };
  if (request.verified_at) return { status: "used" };
  if (isExpired(request, now)) return { status: "expired" };
  const { brandKeys, userInfo } = storedDetails(request);
  const input = {
    flowType: request.right_type,
    email: request.email ?? undefined,
    phoneNumber: request.phone_number ?? undefined,
    userInfo: userInfo ?? undefined,
  };
  return {
    status: "valid",
    rightType: request.right_type,
    reference: request.reference,
    brandCount: brandKeys.length,
    channels: request.right_type === "OBJECTION" ? objectionChannels(input) : [],
  };
}

export type ConfirmOutcome = { status: "verified" | "already-verified" | "unknown" | "expired" };

/**
 * The data subject confirms: the request becomes OPEN with its due date, or
 * an objection is executed. Exactly once, also when two confirmations race.
 */
export async function confirmVerification(token: string, options: { now?: Date; db?: Kysely<Database> } = {}): Promise<ConfirmOutcome> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const outcome = await db.transaction().execute(async (trx): Promise<ConfirmOutcome> => {
    const request = await findByToken(trx, token);
    if (!request) return { status: "unknown" };
    if (request.verified_at) return { status: "already-verified" };
    if (isExpired(request, now)) return { status: "expired" };

    const objection = request.right_type === "OBJECTION";
    const step = objection ? "verifyObjection" : "verify";
    const state = REQUEST_TRANSITIONS[step].to;
    const dueAt = objection ? null : oneMonthAfter(now).toISOString();
    // The guarded step on the request just read; a confirmation that raced this one moved it first.
    const moved = await actWithin(trx, async () => request, step, (trx, read) => moveTo(trx, read, step, now, { verified_at: now.toISOString(), due_at: dueAt }, ["verified_at"]));
    if (moved.status !== "done") return { status: "already-verified" };

    await audit(trx, { requestId: request.id, at: now, actor: "DATA_SUBJECT", action: "VERIFIED", from: request.state, to: objection ? null : state });
    if (!objection) await markPossibleDuplicate(trx, request, now);
    if (objection) {
      const written = await writeSuppressions(trx, request, now);
      await audit(trx, { requestId: request.id, at: now, actor: "SYSTEM", action: "EXECUTED", to: "COMPLETED", note: `${written} suppressions` });
      // Issue 41: the marketing systems are told at once, as the objection is carried out now.
      await fanOut(trx, request, now);
    }
    const { country, locale } = request;
    await enqueueMail(
      trx,
      confirmationMail({ to: request.email!, locale, country, rightType: request.right_type, reference: request.reference, dueAt }),
      now,
    );
    await enqueueMail(
      trx,
      privacyTeamNotification({ to: privacyTeamAddress(country), country, rightType: request.right_type, reference: request.reference, dueAt, executed: objection }),
      now,
    );
    return { status: "verified" };
  });
  return outcome;
}
