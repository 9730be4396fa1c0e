/**
 * The rights a person can exercise through the portal (GDPR Art. 15–22),
 * one row each. Every list of rights and every branch on a right reads its
 * row here: the overview and the breadcrumbs, the verification and the
 * fan-out to the systems, the mails, the staff pages, the figures, the
 * register and the OpenAPI enums. Adding a right is one row here, one
 * validation module (app/validation/rights/), its locale keys, and a form
 * component only where its fields are new.
 */
import { COUNTRIES, type Country } from "./country";

/**
 * What a system is asked to do with a task (the webhook's `action`):
 * hand over what it holds, erase, correct, restrict or lift a restriction,
 * export the data the person gave in a machine-readable form, stop a
 * processing, suppress marketing, or take an article down.
 */
export const SYSTEM_ACTIONS = [
  "access",
  "erase",
  "rectify",
  "restrict",
  "lift",
  "export",
  "stop",
  "suppress",
  "remove-publication",
] as const;
export type SystemAction = (typeof SYSTEM_ACTIONS)[number];

/**
 * When a right's systems get their task: when the person confirms (the
 * right is carried out then), when an officer starts processing, or only
 * when an officer has decided to grant it.
 */
export type FanOutMoment = "verification" | "start" | "decision";

/** What the person receives at the end: nothing more, a message, files, or one package of their data. */
export type RightAnswer = "none" | "message" | "files" | "package";

/** What the person gives on the form (and in the JSON call). */
export type RightAsks = {
  /** Required where something must be delivered or verified; optional where another channel will do. */
  email: "required" | "optional";
  /** Brands and channels to be left alone (direct marketing). */
  brandsAndChannels?: true;
  /** The article, its date and link. */
  publication?: true;
  /** Answers of the right's own fields, kept as the request's details. */
  details?: true;
};

export type RightDefinition = {
  code: string;
  /** The GDPR article the right rests on, as the overview shows it. */
  article: string;
  countries: readonly Country[];
  /**
   * The texts' key (its block on the overview, its breadcrumb, its page's
   * title and description) and the page's path under /{lang}/privacy-rights/.
   */
  key: string;
  slug: string;
  asks: RightAsks;
  /** Carried out at once when confirmed (or when there is nothing to confirm): no deadline, no officer. */
  completesOnVerification: boolean;
  fansOut: FanOutMoment;
  /** What the right's systems are asked to do. */
  action: SystemAction;
  answer: RightAnswer;
  /** A staff member may record it for a customer on the phone, executed on their word. */
  staffMayRecord: boolean;
};

const EVERYWHERE = COUNTRIES;

export const RIGHTS = [
  {
    code: "RIGHT_OF_ACCESS",
    article: "15",
    countries: EVERYWHERE,
    key: "access",
    slug: "access",
    asks: { email: "required" },
    completesOnVerification: false,
    fansOut: "start",
    action: "access",
    answer: "files",
    staffMayRecord: false,
  },
  {
    code: "RECTIFICATION",
    article: "16",
    countries: EVERYWHERE,
    key: "rectification",
    slug: "rectification",
    asks: { email: "required" },
    completesOnVerification: false,
    fansOut: "start",
    action: "rectify",
    answer: "message",
    staffMayRecord: false,
  },
  {
    code: "RIGHT_TO_BE_FORGOTTEN",
    article: "17",
    countries: EVERYWHERE,
    key: "forgottenOverview",
    slug: "forgotten-overview",
    asks: { email: "required" },
    completesOnVerification: false,
    fansOut: "start",
    action: "erase",
    answer: "message",
    staffMayRecord: false,
  },
  {
    code: "OBJECTION",
    article: "21(2)",
    countries: EVERYWHERE,
    key: "directMarketingBrands",
    slug: "direct-marketing/brands",
    asks: { email: "optional", brandsAndChannels: true },
    // An objection to direct marketing is absolute: carried out when confirmed.
    completesOnVerification: true,
    fansOut: "verification",
    action: "suppress",
    answer: "none",
    staffMayRecord: true,
  },
  {
    code: "REMOVAL_FROM_PUBLICATION",
    article: "17",
    // Belgian press practice: the group's Belgian titles take such requests; the Dutch ones do not.
    countries: ["be"],
    key: "publication",
    slug: "publication",
    asks: { email: "required", publication: true },
    completesOnVerification: false,
    fansOut: "start",
    action: "remove-publication",
    answer: "message",
    staffMayRecord: false,
  },
  {
    code: "RESTRICTION_OF_PROCESSING",
    article: "18",
    countries: EVERYWHERE,
    key: "restriction",
    slug: "restriction",
    asks: { email: "required", details: true },
    completesOnVerification: false,
    fansOut: "start",
    action: "restrict",
    answer: "message",
    staffMayRecord: false,
  },
  {
    code: "DATA_PORTABILITY",
    article: "20",
    countries: EVERYWHERE,
    key: "portability",
    slug: "portability",
    // The package is delivered behind a mailed link.
    asks: { email: "required", details: true },
    completesOnVerification: false,
    fansOut: "start",
    action: "export",
    answer: "package",
    staffMayRecord: false,
  },
  {
    code: "OBJECTION_TO_PROCESSING",
    article: "21(1)",
    countries: EVERYWHERE,
    key: "processingObjection",
    slug: "objection-to-processing",
    asks: { email: "required", details: true },
    completesOnVerification: false,
    // An officer weighs the person's grounds first; the systems stop only when it is upheld.
    fansOut: "decision",
    action: "stop",
    answer: "message",
    staffMayRecord: false,
  },
] as const satisfies readonly RightDefinition[];

export type RightType = (typeof RIGHTS)[number]["code"];
export type Right = RightDefinition & { code: RightType };

/** Spec 3 "Right type", in the table's order. */
export const RIGHT_TYPES = RIGHTS.map((right) => right.code) as [RightType, ...RightType[]];

const BY_CODE = new Map<string, Right>(RIGHTS.map((right) => [right.code, right]));

/** The row of a right (every stored request names one of the table's). */
export function rightOf(code: RightType): Right {
  const right = BY_CODE.get(code);
  if (!right) throw new Error(`unknown right ${code}`);
  return right;
}

/** Whether the right may be asked for in the country. */
export function rightOfferedIn(code: RightType, country: Country): boolean {
  return rightOf(code).countries.includes(country);
}

/** The right whose page lives at `slug` under /privacy-rights/. */
export function rightBySlug(slug: string): Right | undefined {
  return RIGHTS.find((right) => right.slug === slug);
}

/** The rights offered in a country, in the table's order. */
export function rightsOfferedIn(country: Country): Right[] {
  return RIGHTS.filter((right) => (right.countries as readonly Country[]).includes(country));
}

/** Whether the right's systems get their task at `moment`. */
export function fansOutAt(code: RightType, moment: FanOutMoment): boolean {
  return rightOf(code).fansOut === moment;
}

/** Whether systems may answer the right's tasks with files (that join what the person receives). */
export function takesAnswerFiles(code: RightType): boolean {
  const { answer } = rightOf(code);
  return answer === "files" || answer === "package";
}
