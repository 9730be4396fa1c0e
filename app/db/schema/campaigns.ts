import type { AdLanguage, CampaignStatus } from "~/domain/campaign-item";
import type { Country } from "~/domain/country";

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
  /** The current version's number and time: corrections are kept on record. */
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
