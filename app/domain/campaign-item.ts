/**
 * The political-advertising register's vocabulary (spec 3 "Campaign item",
 * spec 9): statuses, channels per country, context types, filters and the
 * fields of an item as the calls answer it. The rules an imported row must
 * meet are its schema (validation/campaign.ts).
 */
import type { Country, CountryCode } from "./country";

export const CAMPAIGN_STATUSES = ["RUNNING", "CANCELLED", "STOPPED"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const FUNDING_ORIGINS = ["PUBLIC", "PRIVATE", "PRIVATE_PUBLIC"] as const;
export const FUNDING_REGIONS = ["EU", "NON_EU"] as const;
export const CHANNELS = ["PRINT", "DIGITAL", "TV", "RADIO"] as const;
export type Channel = (typeof CHANNELS)[number];

/** Spec 9: Belgium offers all channels; the Netherlands print and digital (TV and radio are on an external site). */
export const CHANNELS_BY_COUNTRY: Record<Country, readonly Channel[]> = {
  nl: ["PRINT", "DIGITAL"],
  be: ["PRINT", "DIGITAL", "TV", "RADIO"],
};

export const PERIOD_FILTERS = ["ALL", "PAST_7_DAYS", "PAST_30_DAYS", "PAST_YEAR"] as const;
export type PeriodFilter = (typeof PERIOD_FILTERS)[number];
export type ChannelFilter = "ALL" | Channel;
export const TEXT_FILTER_MAX = 100;

/** Spec 3 "Context types", per country. */
export const CONTEXT_TYPES: Record<Country, readonly string[]> = {
  nl: [
    "EERSTE_KAMER",
    "TWEEDE_KAMER",
    "PROVENCIALE_STATEN",
    "GEMEENTERAAD",
    "WATERSCHAP",
    "EUROPESE",
    "REFERENDUM",
    "WETGEVINGSPROCES",
    "OVERIGE",
  ],
  be: [
    "VLAANDEREN_LOKALE",
    "BRUSSEL_LOKALE",
    "WALLONIE_LOKALE",
    "VLAAMS_PARLEMENT",
    "BRUSSELS_PARLEMENT",
    "WAALS_PARLEMENT",
    "DUITSTALIG_PARLEMENT",
    "FEDERALE",
    "EUROPESE",
    "WETGEVINGSPROCES",
    "OVERIGE",
  ],
};

/** The spec's field names, in the order of the JSON answer and the CSV columns. */
export const CAMPAIGN_FIELDS = [
  "id",
  "sponsorName",
  "sponsorEmail",
  "sponsorAddress",
  "payerName",
  "payerEmail",
  "payerAddress",
  "ultimateBeneficiaryOwnerName",
  "ultimateBeneficiaryOwnerEmail",
  "ultimateBeneficiaryOwnerAddress",
  "publicationStartDate",
  "publicationEndDate",
  "reachLowerBound",
  "reachUpperBound",
  "budgetLowerBound",
  "budgetUpperBound",
  "fundingOriginType",
  "fundingRegion",
  "campaignContextType",
  "campaignContextNoteNl",
  "campaignContextNoteFr",
  "campaignContextUrl",
  "previousPublicationSuspended",
  "channel",
  "country",
  "status",
  "language",
  "version",
  "versionDate",
] as const;

/** The languages an ad runs in (the label's and the notice's language): Dutch in the Netherlands, Dutch or French in Belgium. */
export const AD_LANGUAGES = ["nl", "fr"] as const;
export type AdLanguage = (typeof AD_LANGUAGES)[number];

const NOTE_ORDER = {
  nl: ["campaignContextNoteNl", "campaignContextNoteFr"],
  fr: ["campaignContextNoteFr", "campaignContextNoteNl"],
} as const satisfies Record<AdLanguage, readonly string[]>;

/** The context note in the ad's own language, or in the other when only that one was given. */
export function contextNote(
  item: Pick<CampaignItem, "language" | "campaignContextNoteNl" | "campaignContextNoteFr">,
): string {
  const [own, other] = NOTE_ORDER[item.language];
  return item[own] || item[other];
}

/**
 * Why a notice got a new version (TTPA Art. 12(3): kept up to date): an
 * import that changed it, a correction by staff, or a suspension of its
 * publication (Art. 12(1)(m), "previous suspension").
 */
export const VERSION_KINDS = ["IMPORT", "CORRECTION", "SUSPENSION"] as const;
export type VersionKind = (typeof VERSION_KINDS)[number];

/** One entry of a notice's history: version 1 is its first publication. */
export type CampaignVersionEntry = {
  version: number;
  /** ISO timestamp. */
  recordedAt: string;
  kind: VersionKind;
  /** A correction's or suspension's reason as staff wrote it; "" for an import. */
  reason: string;
  /** The fields (CAMPAIGN_FIELDS names) that differ from the version before; empty for version 1. */
  changedFields: string[];
};

/** The notice's permanent address (the current version), or one version's when given: a path on the ad's country's site. */
export function noticePath(language: string, id: string, version?: number): string {
  const base = `/${language}/political-ads/${encodeURIComponent(id)}`;
  return version === undefined ? base : `${base}/v/${version}`;
}

/** A campaign as the calls answer it: optional texts are "" and missing figures null (spec 3: empty when falsy). */
export type CampaignItem = {
  id: string;
  sponsorName: string;
  sponsorEmail: string;
  sponsorAddress: string;
  payerName: string;
  payerEmail: string;
  payerAddress: string;
  ultimateBeneficiaryOwnerName: string;
  ultimateBeneficiaryOwnerEmail: string;
  ultimateBeneficiaryOwnerAddress: string;
  publicationStartDate: string;
  publicationEndDate: string;
  reachLowerBound: number | null;
  reachUpperBound: number | null;
  budgetLowerBound: number | null;
  budgetUpperBound: number | null;
  fundingOriginType: string;
  fundingRegion: string;
  campaignContextType: string;
  campaignContextNoteNl: string;
  campaignContextNoteFr: string;
  campaignContextUrl: string;
  previousPublicationSuspended: boolean;
  channel: Channel;
  /** The register's exchange format: the ISO code. */
  country: CountryCode;
  status: CampaignStatus;
  /** The ad's language: its label and the notice a label links to are in it. */
  language: AdLanguage;
  /** The notice's version, 1 on first publication, one more for each change on record. */
  version: number;
  /** When this version was recorded (ISO timestamp). */
  versionDate: string;
};

/** The filtered register at a glance: the list call's `summary` and the list page's charts. */
export type RegisterSummary = {
  count: number;
  /** Euro: the sum of the lower bounds; of the upper bounds while every ad has one (else null); ads with neither. */
  spending: { lower: number; upper: number | null; withoutFigure: number };
  /** Every channel the country offers, in CHANNELS_BY_COUNTRY order. */
  perChannel: Array<{ channel: Channel; count: number }>;
  topSponsors: Array<{ name: string; lower: number; upper: number | null; count: number }>;
};
