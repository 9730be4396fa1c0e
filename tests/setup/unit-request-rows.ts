/**
 * A privacy request's row for the figures' tests: only what the figures
 * read (right, state, country and the dates) varies; the rest is empty.
 */
import type { PrivacyRequestTable } from "~/db/schema/privacy-requests";
import type { Country } from "~/domain/country";
import type { RequestState, RightType } from "~/domain/privacy-request";

export type RequestRowFacts = {
  id: string;
  right: RightType;
  state: RequestState;
  country: Country;
  verifiedAt: string | null;
  closedAt: string | null;
  dueAt: string | null;
  extendedAt: string | null;
};

export function requestRow(row: RequestRowFacts): PrivacyRequestTable {
  const created = row.verifiedAt ?? row.closedAt ?? "2025-06-01T00:00:00.000Z";
  return {
    id: row.id,
    reference: `PR-${row.id}`,
    right_type: row.right,
    state: row.state,
    country: row.country,
    locale: "nl_nl",
    email: null,
    phone_number: null,
    user_message: null,
    brand_keys: null,
    brand_name: null,
    article: null,
    publication_link: null,
    publication_date: null,
    user_info: null,
    right_details: null,
    restricted_at: null,
    lifted_at: null,
    lift_announced_at: null,
    lift_notice_mail_id: null,
    decision: null,
    decided_at: null,
    handed_over_at: null,
    handed_over_how: null,
    touchpoint: null,
    verification_token_hash: null,
    verification_expires_at: null,
    verified_at: row.verifiedAt,
    due_at: row.dueAt,
    created_at: created,
    updated_at: created,
    duplicate_of: null,
    paused_at: null,
    links_resent: 0,
    link_resent_at: null,
    reminder_token_hash: null,
    reminder_sent_at: null,
    assignee: null,
    assigned_at: null,
    email_key: null,
    phone_key: null,
    owner_reminded_at: null,
    closed_at: row.closedAt,
    extended_at: row.extendedAt,
  };
}
