import type { Country } from "~/domain/country";
import type { ComplaintState } from "~/domain/complaint";
import type { AuditActor, RequestState, RightType } from "~/domain/privacy-request";
import type { StaffRole } from "~/domain/staff";
import type { AdLanguage, CampaignStatus } from "~/domain/campaign-item";
import type { Locale } from "~/i18n/locale";
import type { Generated } from "kysely";
export type { RequestFileTable } from "./schema-follow-up";
import type { DataSystemEventTable, DataSystemTable, SystemTaskTable, WebhookDeliveryTable } from "./schema-systems";
import type { CaseWorkColumns, InternalNoteTable, RequestCaseColumns, StaffMemberTable } from "./schema-case-work";
import type { FileChunkTable, InfoRequestTable, ReplyLinkTable, RequestDeliveryTable, RequestFileTable, StatusLinkTable } from "./schema-follow-up";

/** Table types for Kysely. Timestamps are ISO-8601 UTC strings in both SQLite and PostgreSQL (one set of migrations). */
interface AppMetaTable {
  key: string;
  value: string;
  updated_at: string;
}

interface ContactMessageTable {
  id: string;
  name: string;
  email: string;
  question: string;
  locale: Locale;
  country: Country;
  created_at: string;
}

/** failed: every attempt used up; bounced: refused for good by the server (issue 37). */
type OutboxStatus = "pending" | "sent" | "failed" | "bounced";
/** Mail waiting to be sent; written in the same transaction as its record. */
export interface OutboxTable {
  id: string;
  kind: string;
  recipient: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string;
  status: OutboxStatus;
  attempts: Generated<number>;
  next_attempt_at: string;
  /** A worker's lease: others skip the row until then. */
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** Lower is sent first (issue 24); set from the kind by enqueueMail. */
  priority: Generated<number>;
}

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
  touchpoint: string | null;
  /** SHA-256 (hex) of the mailed token; the token itself is never stored. */
  verification_token_hash: string | null;
  verification_expires_at: string | null;
  verified_at: string | null;
  /** GDPR Art. 12(3): one month after verification. */
  due_at: string | null;
  created_at: string;
  updated_at: string;
  /** Issue 26: the reference of an open or recently completed request of the same right and address. */
  duplicate_of: string | null;
  /** Issue 26: while it waits for the person, since when (the clock stands still). */
  paused_at: string | null;
  /** Issue 26: new confirmation links sent (at most 3), and when the last went. */
  links_resent: number;
  link_resent_at: string | null;
  /** Issue 26: the reminder's own token (SHA-256), which confirms too, and when it went. */
  reminder_token_hash: string | null;
  reminder_sent_at: string | null;
}
interface AuditEventTable {
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
interface MarketingSuppressionTable {
  id: string;
  country: Country;
  brand_key: string;
  channel: SuppressionChannel;
  /** E.164 phone, lower-cased e-mail address, or a normalised postal address. */
  identifier: string;
  request_id: string;
  created_at: string;
}

/** One ad campaign of the register (EU Regulation 2024/900, spec 3 "Campaign item"). */
export interface CampaignItemTable {
  /** The reference shown on the card and in the URL. */
  id: string;
  /** "NL" or "BE". */
  country: Country;
  /** Spec 3 "Campaign status labels": RUNNING active, CANCELLED stopped, STOPPED finished. */
  status: CampaignStatus;
  channel: string;
  sponsor_name: string;
  sponsor_email: string | null;
  sponsor_address: string | null;
  payer_name: string | null;
  payer_email: string | null;
  payer_address: string | null;
  ultimate_beneficiary_owner_name: string | null;
  ultimate_beneficiary_owner_email: string | null;
  ultimate_beneficiary_owner_address: string | null;
  /** yyyy-mm-dd */
  publication_start_date: string;
  publication_end_date: string | null;
  // PostgreSQL returns bigint as a string; the service converts.
  reach_lower_bound: number | string | null;
  reach_upper_bound: number | string | null;
  budget_lower_bound: number | string | null;
  budget_upper_bound: number | string | null;
  funding_origin_type: string;
  funding_region: string;
  campaign_context_type: string;
  campaign_context_note_nl: string | null;
  campaign_context_note_fr: string | null;
  campaign_context_url: string | null;
  previous_publication_suspended: number;
  /** The ad's language (its label's and its notice's). */
  language: AdLanguage;
  /** The current version's number and time (issue 27: corrections on record). */
  version: number;
  version_at: string | null;
  search_text: string;
  created_at: string;
  updated_at: string;
}

/** One version of a notice, as it was (TTPA Art. 12(3), Implementing Regulation 2026/818). */
export interface CampaignItemVersionTable {
  campaign_id: string;
  version: number;
  country: Country;
  /** IMPORT, CORRECTION or SUSPENSION. */
  kind: string;
  reason: string | null;
  /** JSON array of field names. */
  changed_fields: string;
  /** JSON: the campaign_item row's notice columns as they were. */
  snapshot: string;
  recorded_at: string;
}

/** A report about an ad (Art. 15): acknowledged, then handled by the compliance team. */
export interface PoliticalAdComplaintTable extends CaseWorkColumns {
  id: string;
  reference: string;
  campaign_id: string;
  country: Country;
  reason: string;
  name: string;
  email: string;
  explanation: string;
  locale: Locale;
  state: ComplaintState;
  created_at: string;
  updated_at: string;
}

/** A local staff account; SSO users have none. */
interface StaffAccountTable {
  id: string;
  /** Lower-cased. */
  email: string;
  /** `scrypt$N$r$p$salt$hash` (base64url). */
  password_hash: string;
  role: StaffRole;
  created_at: string;
  updated_at: string;
  /** The TOTP secret once enrolled: `v1.iv.tag.ciphertext` (AES-256-GCM, services/staff/two-factor-secret.server.ts); null without a second factor. */
  totp_secret: string | null;
  /** The secret shown on the enrolment page until its first code confirms it (encrypted the same way). */
  totp_pending_secret: string | null;
  /** 1: the account must use a second factor (`npm run staff -- add --require-totp`). */
  totp_required: Generated<number>;
  /** The last RFC 6238 time step accepted: a code is accepted once. */
  totp_last_step: number | null;
  totp_enrolled_at: string | null;
}

/** A recovery code of a local account: only its SHA-256; `used_at` set when it was used (single use). */
interface StaffRecoveryCodeTable {
  account_id: string;
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

/** A signed-in staff member; the cookie carries the id, the row its SHA-256. */
export interface StaffSessionTable {
  id_hash: string;
  email: string;
  role: StaffRole;
  method: "local" | "oidc";
  created_at: string;
  last_seen_at: string;
  /** The absolute limit (12 hours after sign-in); idle expiry is counted from last_seen_at. */
  expires_at: string;
}

/** Issue 38: an officer's typed text, kept across a sign-in after their session ended (services/staff/kept-forms.server.ts). */
export interface StaffKeptFormTable {
  id_hash: string;
  /** The ended session's id hash: one kept form per ended session. */
  session_hash: string;
  email: string | null;
  path: string;
  form_id: string;
  /** The text fields as posted, JSON (name → value or values). */
  fields: string;
  created_at: string;
}

interface ComplaintEventTable {
  id: string;
  complaint_id: string;
  seq: number;
  at: string;
  actor: AuditActor;
  actor_id: string | null;
  action: string;
  from_state: ComplaintState | null;
  to_state: ComplaintState | null;
  note: string | null;
}

/** A submission recognised when it comes again (issue 24): keyed hashes and the first answer, for 24 hours. */
export interface SubmissionKeyTable {
  key_hash: string;
  fingerprint: string;
  /** The first answer, as JSON. */
  answer: string;
  created_at: string;
}

export interface Database {
  submission_key: SubmissionKeyTable;
  complaint_event: ComplaintEventTable;
  staff_account: StaffAccountTable;
  staff_session: StaffSessionTable;
  staff_kept_form: StaffKeptFormTable;
  staff_recovery_code: StaffRecoveryCodeTable;
  campaign_item: CampaignItemTable;
  campaign_item_version: CampaignItemVersionTable;
  political_ad_complaint: PoliticalAdComplaintTable;
  app_meta: AppMetaTable;
  contact_message: ContactMessageTable;
  outbox: OutboxTable;
  privacy_request: PrivacyRequestTable;
  request_delivery: RequestDeliveryTable;
  request_file: RequestFileTable;
  file_chunk: FileChunkTable;
  status_link: StatusLinkTable;
  info_request: InfoRequestTable;
  reply_link: ReplyLinkTable;
  audit_event: AuditEventTable;
  marketing_suppression: MarketingSuppressionTable;
  data_system: DataSystemTable;
  data_system_event: DataSystemEventTable;
  system_task: SystemTaskTable;
  webhook_delivery: WebhookDeliveryTable;
  internal_note: InternalNoteTable;
  staff_member: StaffMemberTable;
}
