/**
 * The political-advertising register's vocabulary (spec 3) and the rules a
 * campaign item must meet, whether it comes from the ad-sales system's file
 * (`npm run campaigns -- import`) or the embedded seed.
 */
import {
  AD_LANGUAGES,
  CAMPAIGN_STATUSES,
  CHANNELS,
  CHANNELS_BY_COUNTRY,
  CONTEXT_TYPES,
  FUNDING_ORIGINS,
  FUNDING_REGIONS,
  PERIOD_FILTERS,
  TEXT_FILTER_MAX,
  type ChannelFilter,
  type PeriodFilter,
} from "~/domain/campaign-item";
import { COUNTRIES, countryCode, parseCountry, type Country } from "~/domain/country";
import { z } from "~/validation/zod";

const empty = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");
const optionalString = (max: number) =>
  z.preprocess(
    (value) => (empty(value) ? undefined : typeof value === "string" ? value.trim() : value),
    z.string().max(max).optional(),
  );
const optionalEmail = z.preprocess((value) => (empty(value) ? undefined : value), z.email().max(254).optional());
const isoDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "expected yyyy-mm-dd")
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    "not a real day",
  );
const optionalCount = z.preprocess(
  (value) => (empty(value) ? undefined : typeof value === "string" ? Number(value.trim()) : value),
  z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
);
const flag = z.preprocess((value) => {
  if (empty(value)) return false;
  if (typeof value === "string")
    return ["true", "1", "yes", "ja", "oui"].includes(value.trim().toLowerCase())
      ? true
      : ["false", "0", "no", "nee", "non"].includes(value.trim().toLowerCase())
        ? false
        : value;
  return value;
}, z.boolean());
const httpUrl = z.preprocess(
  (value) => (empty(value) ? undefined : value),
  z
    .url({ protocol: /^https?$/ })
    .max(500)
    .optional(),
);

/** One row of an import file (JSON object or CSV line), with the spec's field names. */
export const campaignRowSchema = z
  .object({
    id: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/, "letters, digits, '-' and '_', at most 40"),
    // The file names the country by its ISO code ("NL", "be" accepted); the register keeps a Country.
    country: z.preprocess(
      (value) => (typeof value === "string" ? (parseCountry(value) ?? value) : value),
      z.enum(COUNTRIES, { error: 'Invalid option: expected one of "NL"|"BE"' }),
    ),
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
    // Optional in the file: a Belgian ad with only a French note is taken as French, every other as Dutch.
    language: z.preprocess(
      (value) => (empty(value) ? undefined : typeof value === "string" ? value.trim().toLowerCase() : value),
      z.enum(AD_LANGUAGES).optional(),
    ),
  })
  .superRefine((row, ctx) => {
    if (!CHANNELS_BY_COUNTRY[row.country].includes(row.channel)) {
      ctx.addIssue({
        code: "custom",
        path: ["channel"],
        message: `not offered in ${countryCode(row.country)} (${CHANNELS_BY_COUNTRY[row.country].join(", ")})`,
      });
    }
    if (row.country === "nl" && row.language === "fr") {
      ctx.addIssue({ code: "custom", path: ["language"], message: "ads in NL run in Dutch (nl)" });
    }
    if (!CONTEXT_TYPES[row.country].includes(row.campaignContextType)) {
      ctx.addIssue({
        code: "custom",
        path: ["campaignContextType"],
        message: `not a context type of ${countryCode(row.country)}`,
      });
    }
    if (row.publicationEndDate && row.publicationEndDate < row.publicationStartDate) {
      ctx.addIssue({ code: "custom", path: ["publicationEndDate"], message: "before the start date" });
    }
    for (const [lower, upper] of [
      ["reachLowerBound", "reachUpperBound"],
      ["budgetLowerBound", "budgetUpperBound"],
    ] as const) {
      const low = row[lower];
      const high = row[upper];
      if (low !== undefined && high !== undefined && low > high) {
        ctx.addIssue({ code: "custom", path: [lower], message: `greater than ${upper}` });
      }
    }
    if ((row.payerEmail || row.payerAddress) && !row.payerName) {
      ctx.addIssue({
        code: "custom",
        path: ["payerName"],
        message: "required when the payer has an e-mail or address",
      });
    }
    if (
      (row.ultimateBeneficiaryOwnerEmail || row.ultimateBeneficiaryOwnerAddress) &&
      !row.ultimateBeneficiaryOwnerName
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["ultimateBeneficiaryOwnerName"],
        message: "required when the beneficiary has an e-mail or address",
      });
    }
  });

export type CampaignRow = z.output<typeof campaignRowSchema>;

export type CampaignQuery = { period: PeriodFilter; channel: ChannelFilter; text: string };

/**
 * The list's filters as a URL carries them (the call's query and the page's
 * GET form): absent means ALL / no text. A bad value is named in the answer.
 */
export function readCampaignQuery(
  params: URLSearchParams,
  country: Country,
): { ok: true; query: CampaignQuery } | { ok: false; parameter: string; message: string } {
  const period = params.get("period") || "ALL";
  if (!(PERIOD_FILTERS as readonly string[]).includes(period)) {
    return { ok: false, parameter: "period", message: `'period' must be one of ${PERIOD_FILTERS.join(", ")}.` };
  }
  const channel = params.get("channel") || "ALL";
  const offered = ["ALL", ...CHANNELS_BY_COUNTRY[country]];
  if (!offered.includes(channel)) {
    return {
      ok: false,
      parameter: "channel",
      message: `'channel' must be one of ${offered.join(", ")} in ${countryCode(country)}.`,
    };
  }
  const text = (params.get("text") ?? "").trim();
  if (text.length > TEXT_FILTER_MAX) {
    return { ok: false, parameter: "text", message: `'text' may hold at most ${TEXT_FILTER_MAX} characters.` };
  }
  return { ok: true, query: { period: period as PeriodFilter, channel: channel as ChannelFilter, text } };
}

/** The call's `countryCode` (spec 7: upper case; lower case is accepted). */
export function readCountryCode(params: URLSearchParams): Country | null {
  return parseCountry(params.get("countryCode")) ?? null;
}
