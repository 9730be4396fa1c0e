import type { Country } from "~/domain/country";
import type { AuditActor, RequestState, RightDecision, RightType } from "~/domain/privacy-request";
import type { Locale } from "~/i18n/locale";

import type { RequestCaseColumns } from "./case-work";

/** A privacy request (spec 3 "Privacy request"), its audit trail, the suppressions an objection produces, and the person's links and questions. */

export interface PrivacyRequestTable extends RequestCaseColumns {
  id: string;
  /** What the data subject and the privacy team quote ("PR-7K4M-9QXD"). */
  reference: string;
  right_type: RightType;
  state: RequestState;
  country: Country;
  locale: Locale;
  email: string | null;
  phone_number: string | null;
  user_message: string | null;
  /** JSON array of brand keys (objection). */
  brand_keys: string | null;
  brand_name: string | null;
  article: string | null;
  publication_link: string | null;
  /** ISO date (yyyy-mm-dd). */
  publication_date: string | null;
  /** JSON of spec 3 "userInfo", only when given. */
  user_info: string | null;
  /** JSON of the right's own answers (its ground, the purposes objected to, where a package goes), only when it has any. */
  right_details: string | null;
  /** A restriction (Art. 18): when its systems were told to restrict, and when it was lifted. */
  restricted_at: string | null;
  lifted_at: string | null;
  /** Art. 18(3): when the lift was announced, and the outbox mail that told the person (lifted only once it was sent). */
  lift_announced_at: string | null;
  lift_notice_mail_id: string | null;
  /** A right an officer decides on (an objection under Art. 21(1)): what was decided, and when. */
  decision: RightDecision | null;
  decided_at: string | null;
  /** A package handed to another controller (Art. 20(2)): when, and how the officer sent it. */
  handed_over_at: string | null;
  handed_over_how: string | null;
  touchpoint: string | null;
  /** SHA-256 (hex) of the mailed token; the token itself is never stored. */
  verification_token_hash: string | null;
  verification_expires_at: string | null;
  verified_at: string | null;
  /** GDPR Art. 12(3): one month after verification. */
  due_at: string | null;
  created_at: string;
  updated_at: string;
  /** The reference of an open or recently completed request of the same right and address. */
  duplicate_of: string | null;
  /** While it waits for the person, since when (the clock stands still). */
  paused_at: string | null;
  /** New confirmation links sent (at most 3), and when the last went. */
  links_resent: number;
  link_resent_at: string | null;
  /** The reminder's own token (SHA-256), which confirms too, and when it went. */
  reminder_token_hash: string | null;
  reminder_sent_at: string | null;
}

/** A request's trail: every step, in order, by whom. */
export interface AuditEventTable {
  id: string;
  request_id: string;
  /** 1, 2, 3… per request. */
  seq: number;
  at: string;
  actor: AuditActor;
  /** A staff member's id; never a data subject's details. */
  actor_id: string | null;
  action: string;
  from_state: RequestState | null;
  to_state: RequestState | null;
  note: string | null;
}

export type SuppressionChannel = "PHONE" | "EMAIL" | "POSTAL";

/** What marketing systems must honour: one row per brand key, channel and identifier. */
export interface MarketingSuppressionTable {
  id: string;
  country: Country;
  brand_key: string;
  channel: SuppressionChannel;
  /** E.164 phone, lower-cased e-mail address, or a normalised postal address. */
  identifier: string;
  request_id: string;
  created_at: string;
}

/** A question an officer asked the person, the link to answer it (its token's SHA-256) and the answer. */
export interface InfoRequestTable {
  id: string;
  request_id: string;
  question: string;
  token_hash: string;
  asked_by: string;
  asked_at: string;
  answer: string | null;
  answered_at: string | null;
}

/** A link to answer a question, issued from the status page; only the token's SHA-256 is kept. */
export interface ReplyLinkTable {
  token_hash: string;
  info_request_id: string;
  /** The status link's own end: it never outlives the proof it came from. */
  expires_at: string;
  created_at: string;
}

/** A mailed link to a request's status page; only the token's SHA-256 is kept. */
export interface StatusLinkTable {
  token_hash: string;
  request_id: string;
  expires_at: string;
  created_at: string;
}
