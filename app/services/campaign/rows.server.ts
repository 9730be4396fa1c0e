/**
 * Between the register's table and the item the pages and calls show: one
 * mapping each way, used for the current notice and for every kept version.
 */
import type { CampaignItemTable } from "~/db/schema/campaigns";
import { CAMPAIGN_FIELDS, type AdLanguage, type CampaignItem } from "~/domain/campaign-item";
import { countryCode } from "~/domain/country";
import { foldText } from "~/utils/fold";
import type { CampaignRow } from "~/validation/campaign";

/** The columns a notice is made of: what a version keeps (no bookkeeping). */
export type NoticeColumns = Omit<
  CampaignItemTable,
  "search_text" | "created_at" | "updated_at" | "version" | "version_at"
>;
type VersionedColumns = NoticeColumns & Pick<CampaignItemTable, "version" | "version_at">;

const count = (value: number | string | null | undefined): number | null =>
  value === null || value === undefined ? null : Number(value);

export function toCampaignItem(row: VersionedColumns): CampaignItem {
  return {
    id: row.id,
    sponsorName: row.sponsor_name,
    sponsorEmail: row.sponsor_email ?? "",
    sponsorAddress: row.sponsor_address ?? "",
    payerName: row.payer_name ?? "",
    payerEmail: row.payer_email ?? "",
    payerAddress: row.payer_address ?? "",
    ultimateBeneficiaryOwnerName: row.ultimate_beneficiary_owner_name ?? "",
    ultimateBeneficiaryOwnerEmail: row.ultimate_beneficiary_owner_email ?? "",
    ultimateBeneficiaryOwnerAddress: row.ultimate_beneficiary_owner_address ?? "",
    publicationStartDate: row.publication_start_date,
    publicationEndDate: row.publication_end_date ?? "",
    reachLowerBound: count(row.reach_lower_bound),
    reachUpperBound: count(row.reach_upper_bound),
    budgetLowerBound: count(row.budget_lower_bound),
    budgetUpperBound: count(row.budget_upper_bound),
    fundingOriginType: row.funding_origin_type,
    fundingRegion: row.funding_region,
    campaignContextType: row.campaign_context_type,
    campaignContextNoteNl: row.campaign_context_note_nl ?? "",
    campaignContextNoteFr: row.campaign_context_note_fr ?? "",
    campaignContextUrl: row.campaign_context_url ?? "",
    previousPublicationSuspended: Boolean(Number(row.previous_publication_suspended)),
    channel: row.channel as CampaignItem["channel"],
    country: countryCode(row.country),
    status: row.status,
    language: row.language,
    version: Number(row.version),
    versionDate: row.version_at ?? "",
  };
}

/** A version's item, from the columns it kept. */
export function itemFromSnapshot(snapshot: string, version: number, recordedAt: string): CampaignItem {
  return toCampaignItem({ ...(JSON.parse(snapshot) as NoticeColumns), version, version_at: recordedAt });
}

/** The ad's language when the file does not say: a Belgian ad with only a French note ran in French. */
function adLanguage(item: CampaignRow): AdLanguage {
  if (item.language) return item.language;
  return item.country === "be" && item.campaignContextNoteFr && !item.campaignContextNoteNl ? "fr" : "nl";
}

export function noticeColumns(item: CampaignRow): NoticeColumns {
  return {
    id: item.id,
    country: item.country,
    status: item.status,
    channel: item.channel,
    sponsor_name: item.sponsorName,
    sponsor_email: item.sponsorEmail ?? null,
    sponsor_address: item.sponsorAddress ?? null,
    payer_name: item.payerName ?? null,
    payer_email: item.payerEmail ?? null,
    payer_address: item.payerAddress ?? null,
    ultimate_beneficiary_owner_name: item.ultimateBeneficiaryOwnerName ?? null,
    ultimate_beneficiary_owner_email: item.ultimateBeneficiaryOwnerEmail ?? null,
    ultimate_beneficiary_owner_address: item.ultimateBeneficiaryOwnerAddress ?? null,
    publication_start_date: item.publicationStartDate,
    publication_end_date: item.publicationEndDate ?? null,
    reach_lower_bound: item.reachLowerBound ?? null,
    reach_upper_bound: item.reachUpperBound ?? null,
    budget_lower_bound: item.budgetLowerBound ?? null,
    budget_upper_bound: item.budgetUpperBound ?? null,
    funding_origin_type: item.fundingOriginType,
    funding_region: item.fundingRegion,
    campaign_context_type: item.campaignContextType,
    campaign_context_note_nl: item.campaignContextNoteNl ?? null,
    campaign_context_note_fr: item.campaignContextNoteFr ?? null,
    campaign_context_url: item.campaignContextUrl ?? null,
    previous_publication_suspended: item.previousPublicationSuspended ? 1 : 0,
    language: adLanguage(item),
  };
}

/** Lower-cased, accents folded: sponsor, payer, beneficiary, reference and context notes (the text filter). */
export function searchText(columns: NoticeColumns): string {
  const searchable = [
    columns.id,
    columns.sponsor_name,
    columns.payer_name,
    columns.ultimate_beneficiary_owner_name,
    columns.campaign_context_note_nl,
    columns.campaign_context_note_fr,
  ].filter(Boolean);
  return foldText(searchable.join(" \u0001 "));
}

/** The notice's own fields: what a version can change (not its number or time). */
const NOTICE_FIELDS = CAMPAIGN_FIELDS.filter(
  (field) => field !== "id" && field !== "version" && field !== "versionDate",
);

export function changedFields(before: CampaignItem, after: CampaignItem): string[] {
  return NOTICE_FIELDS.filter((field) => before[field] !== after[field]);
}

/** An item back into an import row's shape (empty texts and figures absent), to apply a correction to. */
export function toRowInput(item: CampaignItem): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(item).filter(
      ([key, value]) => key !== "version" && key !== "versionDate" && value !== "" && value !== null,
    ),
  );
}
