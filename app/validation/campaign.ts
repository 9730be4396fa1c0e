/**
 * The political-advertising register's vocabulary (spec 3) and the rules a
 * campaign item must meet, whether it comes from the ad-sales system's file
 * (`npm run campaigns -- import`) or the embedded seed.
 */
import { z } from "~/validation/zod";

export const CAMPAIGN_COUNTRIES = ["NL", "BE"] as const;
export type CampaignCountry = (typeof CAMPAIGN_COUNTRIES)[number];

export const CAMPAIGN_STATUSES = ["RUNNING", "CANCELLED", "STOPPED"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const FUNDING_ORIGINS = ["PUBLIC", "PRIVATE", "PRIVATE_PUBLIC"] as const;
export const FUNDING_REGIONS = ["EU", "NON_EU"] as const;
export const CHANNELS = ["PRINT", "DIGITAL", "TV", "RADIO"] as const;
export type Channel = (typeof CHANNELS)[number];

/** Spec 9: Belgium offers all channels; the Netherlands print and digital (TV and radio are on an external site). */
export const CHANNELS_BY_COUNTRY: Record<CampaignCountry, readonly Channel[]> = {
  NL: ["PRINT", "DIGITAL"],
  BE: ["PRINT", "DIGITAL", "TV", "RADIO"],
};

export const PERIOD_FILTERS = ["ALL", "PAST_7_DAYS", "PAST_30_DAYS", "PAST_YEAR"] as const;
export type PeriodFilter = (typeof PERIOD_FILTERS)[number];
export const CHANNEL_FILTERS = ["ALL", ...CHANNELS] as const;
export type ChannelFilter = (typeof CHANNEL_FILTERS)[number];
export const TEXT_FILTER_MAX = 100;

/** Spec 3 "Context types", per country. */
export const CONTEXT_TYPES: Record<CampaignCountry, readonly string[]> = {
  NL: ["EERSTE_KAMER", "TWEEDE_KAMER", "PROVENCIALE_STATEN", "GEMEENTERAAD", "WATERSCHAP", "EUROPESE", "REFERENDUM", "WETGEVINGSPROCES", "OVERIGE"],
  BE: [
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
] as const;

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
  country: CampaignCountry;
  status: CampaignStatus;
};

const empty = (value: unknown) => value === undefined || value === null || (typeof value === "string" && value.trim() === "");
const optionalString = (max: number) =>
  z.preprocess((value) => (empty(value) ? undefined : typeof value === "string" ? value.trim() : value), z.string().max(max).optional());
const optionalEmail = z.preprocess((value) => (empty(value) ? undefined : value), z.email().max(254).optional());
const isoDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "expected yyyy-mm-dd")
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), "not a real day");
const optionalCount = z.preprocess(
  (value) => (empty(value) ? undefined : typeof value === "string" ? Number(value.trim()) : value),
  z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
);
const flag = z.preprocess((value) => {
  if (empty(value)) return false;
  if (typeof value === "string") return ["true", "1", "yes", "ja", "oui"].includes(value.trim().toLowerCase()) ? true : ["false", "0", "no", "nee", "non"].includes(value.trim().toLowerCase()) ? false : value;
  return value;
}, z.boolean());
const httpUrl = z.preprocess(
  (value) => (empty(value) ? undefined : value),
  z.url({ protocol: /^https?$/ }).max(500).optional(),
);

/** One row of an import file (JSON object or CSV line), with the spec's field names. */
export const campaignRowSchema = z
  .object({
    id: z.string().trim().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/, "letters, digits, '-' and '_', at most 40"),
    country: z.preprocess((value) => (typeof value === "string" ? value.trim().toUpperCase() : value), z.enum(CAMPAIGN_COUNTRIES)),
    status: z.enum(CAMPAIGN_STATUSES),
    channel: z.enum(CHANNELS),
    sponsorName: z.string().trim().min(1).max(200),
    sponsorEmail: optionalEmail,
    sponsorAddress: optionalString(300),
    payerName: optionalString(200),
    payerEmail: optionalEmail,
    payerAddress: optionalString(300),
    ultimateBeneficiaryOwnerName: optionalString(200),
    ultimateBeneficiaryOwnerEmail: optionalEmail,
    ultimateBeneficiaryOwnerAddress: optionalString(300),
    publicationStartDate: isoDay,
    publicationEndDate: z.preprocess((value) => (empty(value) ? undefined : value), isoDay.optional()),
    reachLowerBound: optionalCount,
    reachUpperBound: optionalCount,
    budgetLowerBound: optionalCount,
    budgetUpperBound: optionalCount,
    fundingOriginType: z.enum(FUNDING_ORIGINS),
    fundingRegion: z.enum(FUNDING_REGIONS),
    campaignContextType: z.string().trim(),
    campaignContextNoteNl: optionalString(2000),
    campaignContextNoteFr: optionalString(2000),
    campaignContextUrl: httpUrl,
    previousPublicationSuspended: flag,
  })
  .superRefine((row, ctx) => {
    if (!CHANNELS_BY_COUNTRY[row.country].includes(row.channel)) {
      ctx.addIssue({ code: "custom", path: ["channel"], message: `not offered in ${row.country} (${CHANNELS_BY_COUNTRY[row.country].join(", ")})` });
    }
    if (!CONTEXT_TYPES[row.country].includes(row.campaignContextType)) {
      ctx.addIssue({ code: "custom", path: ["campaignContextType"], message: `not a context type of ${row.country}` });
    }
    if (row.publicationEndDate && row.publicationEndDate < row.publicationStartDate) {
      ctx.addIssue({ code: "custom", path: ["publicationEndDate"], message: "before the start date" });
    }
    for (const [lower, upper] of [["reachLowerBound", "reachUpperBound"], ["budgetLowerBound", "budgetUpperBound"]] as const) {
      const low = row[lower];
      const high = row[upper];
      if (low !== undefined && high !== undefined && low > high) {
        ctx.addIssue({ code: "custom", path: [lower], message: `greater than ${upper}` });
      }
    }
    if ((row.payerEmail || row.payerAddress) && !row.payerName) {
      ctx.addIssue({ code: "custom", path: ["payerName"], message: "required when the payer has an e-mail or address" });
    }
    if ((row.ultimateBeneficiaryOwnerEmail || row.ultimateBeneficiaryOwnerAddress) && !row.ultimateBeneficiaryOwnerName) {
      ctx.addIssue({ code: "custom", path: ["ultimateBeneficiaryOwnerName"], message: "required when the beneficiary has an e-mail or address" });
    }
  });

export type CampaignRow = z.output<typeof campaignRowSchema>;

/** Lower case without accents: "Élections" and "elections" match (the text filter). */
export function foldText(value: string): string {
  return value.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

export type CampaignQuery = { period: PeriodFilter; channel: ChannelFilter; text: string };

/**
 * The list's filters as a URL carries them (the call's query and the page's
 * GET form): absent means ALL / no text. A bad value is named in the answer.
 */
export function readCampaignQuery(
  params: URLSearchParams,
  country: CampaignCountry,
): { ok: true; query: CampaignQuery } | { ok: false; parameter: string; message: string } {
  const period = params.get("period") || "ALL";
  if (!(PERIOD_FILTERS as readonly string[]).includes(period)) {
    return { ok: false, parameter: "period", message: `'period' must be one of ${PERIOD_FILTERS.join(", ")}.` };
  }
  const channel = params.get("channel") || "ALL";
  const offered = ["ALL", ...CHANNELS_BY_COUNTRY[country]];
  if (!offered.includes(channel)) {
    return { ok: false, parameter: "channel", message: `'channel' must be one of ${offered.join(", ")} in ${country}.` };
  }
  const text = (params.get("text") ?? "").trim();
  if (text.length > TEXT_FILTER_MAX) {
    return { ok: false, parameter: "text", message: `'text' may hold at most ${TEXT_FILTER_MAX} characters.` };
  }
  return { ok: true, query: { period: period as PeriodFilter, channel: channel as ChannelFilter, text } };
}

/** The call's `countryCode` (spec 7: upper case; lower case is accepted). */
export function readCountryCode(params: URLSearchParams): CampaignCountry | null {
  const code = params.get("countryCode")?.toUpperCase();
  return code && (CAMPAIGN_COUNTRIES as readonly string[]).includes(code) ? (code as CampaignCountry) : null;
}
