/**
 * The privacy request record: storing a request with its
 * verification mail (executed at once when there is nothing to verify: an
 * objection without e-mail, with the marketing suppressions it produces).
 * The link's confirmation is in email-verification.server.ts. Free of HTTP:
 * route actions and the JSON call map its outcomes.
 */
import { randomBytes, randomUUID } from "node:crypto";

import type { Kysely } from "kysely";

import { getConfig } from "~/config.server";
import { getDb } from "~/db/instance.server";
import type { Database } from "~/db/schema";
import type { PrivacyRequestTable } from "~/db/schema/privacy-requests";
import { normaliseEmail } from "~/domain/email";
import type { RequestState } from "~/domain/privacy-request";
import { rightOf } from "~/domain/rights";
import type { Country, Locale } from "~/i18n/locale";
import { publicOrigin } from "~/utils/public-origin.server";
import type { PrivacyRequestInput } from "~/validation/privacy-request";

import { enqueueMail } from "../mail/outbox.server";
import { privacyTeamNotification, verificationMail } from "../mail/privacy-templates.server";
import { rollRequestChange } from "../reports/rollup-writes.server";
import { mayReceiveMail } from "../submission/email-domain.server";
import { storeSubmission, type Refused } from "../submission/intake.server";
import type { SubmissionKey } from "../submission/keys.server";
import { searchKeys } from "../submission/target-key.server";
import { fanOut } from "../systems/fan-out.server";
import { audit } from "./audit.server";
import { newLinkToken } from "./link-tokens.server";
import { writeSuppressions } from "./suppressions.server";

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
         * A staff member recording an objection for a customer on the phone:
         * executed at once on the customer's word, with the staff
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
  const rightType = input.flowType;
  const id = randomUUID();
  const reference = newReference();
  const staff = rightOf(rightType).staffMayRecord ? options.staff : undefined;
  if (options.staff && !staff) throw new Error(`staff members do not record ${rightType}`);
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
    right_details: input.details ? JSON.stringify(input.details) : null,
    restricted_at: null,
    lifted_at: null,
    lift_announced_at: null,
    lift_notice_mail_id: null,
    decision: null,
    decided_at: null,
    handed_over_at: null,
    handed_over_how: null,
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
      // An objection recorded without e-mail is received and answered here.
      await rollRequestChange(trx, id, null);
      await audit(trx, {
        requestId: id,
        at: now,
        ...actor,
        action: "SUBMITTED",
        to: verify ? "AWAITING_VERIFICATION" : null,
      });
      if (verify) {
        const link = `${publicOrigin(site.country, options.requestOrigin)}/${site.language}/email-verification?token=${token}`;
        await enqueueMail(
          trx,
          verificationMail({
            to: email!,
            locale: site.locale,
            country: site.country,
            rightType,
            reference,
            link,
            expiresAt: row.verification_expires_at!,
          }),
          now,
        );
      } else {
        const written = await writeSuppressions(trx, row, now);
        await audit(trx, {
          requestId: id,
          at: now,
          ...(staff ? actor : { actor: "SYSTEM" }),
          action: "EXECUTED",
          to: "COMPLETED",
          note: `${written} suppressions`,
        });
        await fanOut(trx, row, now);
        await enqueueMail(
          trx,
          privacyTeamNotification({
            to: privacyTeamAddress(site.country),
            country: site.country,
            rightType,
            reference,
            dueAt: null,
            executed: true,
          }),
          now,
        );
      }
    },
  });
  return outcome;
}
