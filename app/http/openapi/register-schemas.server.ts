/**
 * The register's answers as JSON Schema (2020-12, OpenAPI 3.1): one item,
 * the list with its summary, the JSON export. Every field of `CampaignItem`
 * must be described here (the mapped type fails to compile otherwise), and
 * the vocabularies come from app/domain, so a new field or code reaches the
 * document or the build stops. `additionalProperties: false`: a member the
 * document does not name fails the e2e test (tests/e2e/openapi.spec.ts).
 */
import type { SchemaObject } from "openapi3-ts/oas31";

import {
  AD_LANGUAGES,
  CAMPAIGN_FIELDS,
  CAMPAIGN_STATUSES,
  CHANNELS,
  CONTEXT_TYPES,
  FUNDING_ORIGINS,
  FUNDING_REGIONS,
  type CampaignItem,
} from "~/domain/campaign-item";

export const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const text = (description: string): SchemaObject => ({ type: "string", description });
/** Spec 3: optional texts are "" when absent, never null. */
const optional = (format: string, description: string): SchemaObject => ({
  description,
  anyOf: [
    { type: "string", format },
    { type: "string", const: "" },
  ],
});
const bound = (description: string): SchemaObject => ({
  type: ["integer", "null"],
  minimum: 0,
  description: `${description} null when not given.`,
});
const oneOf = (values: readonly string[], description: string): SchemaObject => ({
  type: "string",
  enum: [...values],
  description,
});

const itemProperties: { [Field in keyof CampaignItem]-?: SchemaObject } = {
  id: {
    type: "string",
    pattern: "^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$",
    description: "The ad's reference; it stays the same across versions.",
  },
  sponsorName: text("Who the ad is for (TTPA Art. 12(1)(b))."),
  sponsorEmail: optional("email", 'The sponsor\'s e-mail address, or "".'),
  sponsorAddress: text('The sponsor\'s address, or "".'),
  payerName: text('Who pays for it, or "" when the sponsor pays.'),
  payerEmail: optional("email", 'The payer\'s e-mail address, or "".'),
  payerAddress: text('The payer\'s address, or "".'),
  ultimateBeneficiaryOwnerName: text('Who ultimately controls the sponsor, or "".'),
  ultimateBeneficiaryOwnerEmail: optional("email", 'Their e-mail address, or "".'),
  ultimateBeneficiaryOwnerAddress: text('Their address, or "".'),
  publicationStartDate: { type: "string", format: "date", description: "First day of publication." },
  publicationEndDate: optional("date", 'Last day of publication, or "" while it runs without an end date.'),
  reachLowerBound: bound("Reach (impressions, circulation or GRP), lower end of the range."),
  reachUpperBound: bound("Reach, upper end of the range."),
  budgetLowerBound: bound("Total campaign value in euro, lower end of the range."),
  budgetUpperBound: bound("Total campaign value in euro, upper end of the range."),
  fundingOriginType: oneOf(FUNDING_ORIGINS, "Where the money comes from."),
  fundingRegion: oneOf(FUNDING_REGIONS, "Whether it comes from inside the EU."),
  campaignContextType: oneOf(
    [...new Set(Object.values(CONTEXT_TYPES).flat())],
    "The election, referendum or legislative process it is linked to (per country: spec 3).",
  ),
  campaignContextNoteNl: text('A note on the context in Dutch, or "".'),
  campaignContextNoteFr: text('A note on the context in French, or "".'),
  campaignContextUrl: optional("uri", 'A link to the context, or "".'),
  previousPublicationSuspended: {
    type: "boolean",
    description: "Whether a publication of this ad was suspended before (TTPA Art. 12(1)(m)).",
  },
  channel: oneOf(CHANNELS, "Where it was published (NL: PRINT and DIGITAL; TV and radio are on an external site)."),
  country: oneOf(["NL", "BE"], "The register it belongs to (ISO 3166-1)."),
  status: oneOf(CAMPAIGN_STATUSES, "RUNNING (active), CANCELLED (stopped) or STOPPED (finished)."),
  language: oneOf(AD_LANGUAGES, "The ad's language; its label and notice are in it."),
  version: {
    type: "integer",
    minimum: 1,
    description: "The notice's version: 1 at first publication, one more for each change on record.",
  },
  versionDate: { type: "string", format: "date-time", description: "When this version was recorded." },
};

const campaignItem: SchemaObject = {
  type: "object",
  description: "A political ad's transparency notice, with the spec's field names (spec 3 \"Campaign item\").",
  properties: itemProperties,
  required: [...CAMPAIGN_FIELDS],
  additionalProperties: false,
};

const count: SchemaObject = { type: "integer", minimum: 0 };
const euro = (description: string): SchemaObject => ({ type: "number", minimum: 0, description });
const nullableEuro = (description: string): SchemaObject => ({ type: ["number", "null"], minimum: 0, description });

/** The list's figures at a glance, over the filtered set. */
const campaignSummary: SchemaObject = {
  type: "object",
  description: "The filtered set at a glance: how many ads, what they cost, per channel, and the biggest sponsors.",
  properties: {
    count: { ...count, description: "Number of ads in the filtered set." },
    spending: {
      type: "object",
      description: "The sum of the ads' budget ranges, in euro.",
      properties: {
        lower: euro("Sum of the lower bounds (an ad without one counts 0): what the ads surely cost."),
        upper: { ...nullableEuro("Sum of the upper bounds; null when an ad has none (no upper bound to the total).") },
        withoutFigure: { ...count, description: "Ads with neither bound." },
      },
      required: ["lower", "upper", "withoutFigure"],
      additionalProperties: false,
    },
    perChannel: {
      type: "array",
      description: "Ads per channel.",
      items: {
        type: "object",
        properties: { channel: oneOf(CHANNELS, "The channel."), count },
        required: ["channel", "count"],
        additionalProperties: false,
      },
    },
    topSponsors: {
      type: "array",
      description:
        "The five sponsors that surely spend most (summed lower bounds), then by upper bound (none first), then by name.",
      items: {
        type: "object",
        properties: {
          name: text("The sponsor's name."),
          lower: euro("Their ads' summed lower bounds."),
          upper: nullableEuro("Their summed upper bounds; null when one of their ads has none."),
          count,
        },
        required: ["name", "lower", "upper", "count"],
        additionalProperties: false,
      },
    },
  },
  required: ["count", "spending", "perChannel", "topSponsors"],
  additionalProperties: false,
};

const items: SchemaObject = { type: "array", items: schemaRef("CampaignItem") };

export const REGISTER_SCHEMAS: Record<string, SchemaObject> = {
  CampaignItem: campaignItem,
  CampaignSummary: campaignSummary,
  CampaignItemList: {
    type: "object",
    description: "The items that match the filters, newest first, and their summary.",
    properties: { campaignItems: items, summary: schemaRef("CampaignSummary") },
    required: ["campaignItems", "summary"],
    additionalProperties: false,
  },
  CampaignRegisterExport: {
    type: "object",
    description: "A country's whole register.",
    properties: { campaignItems: items },
    required: ["campaignItems"],
    additionalProperties: false,
  },
};
