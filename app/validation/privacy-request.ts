/**
 * Spec 3 "Privacy request" and spec 5 rules for the privacy-rights forms and
 * `POST /api/privacy-rights/request`. Page schemas are shaped like their
 * forms; the JSON call's payload is privacy-request-payload.ts. Both end in
 * a `PrivacyRequestInput`, the one shape the service takes.
 */
import { normaliseEmail } from "~/domain/email";
import type { RightType } from "~/domain/privacy-request";
import type { Country } from "~/i18n/locale";
import { z } from "~/validation/zod";

import {
  isGiven,
  isPhoneGiven,
  isValidPhone,
  MESSAGES,
  normalisePhone,
  optionalText,
  parseDayMonthYear,
  requiredEmail,
  requiredText,
} from "./rules";

/** Spec 5/9 lengths. */
export const USER_INFO_LIMITS = {
  firstName: 30,
  lastName: 30,
  postalCode: 10,
  city: 50,
  street: 50,
  houseNumber: 10,
  houseNumberExtension: 10,
} as const;
export const PRIVACY_LIMITS = { userMessage: 2000, article: 300, brandName: 100, publicationLink: 500 } as const;

export const SALUTATIONS = ["MALE", "FEMALE", "NONE"] as const;

/** Spec 3 "Flow type": the JSON call names a request by its right type. */
export type FlowType = RightType;

/** Spec 3 "Communication type"; NOTIFICATIONS is information only. */
export const COMMUNICATION_TYPES = ["PHONE", "EMAIL", "POSTAL"] as const;
export type CommunicationType = (typeof COMMUNICATION_TYPES)[number];

/** What the service stores, whichever way it arrived. */
export type PrivacyRequestInput = {
  flowType: FlowType;
  email?: string;
  phoneNumber?: string;
  userMessage?: string;
  brands?: string[];
  brandName?: string;
  article?: string;
  publicationLink?: string;
  /** ISO date. */
  publicationDate?: string;
  userInfo?: UserInfo;
  touchpoint?: string;
};

const text = (max: number) => optionalText(max);

export const userInfoShape = z.object({
  salutation: z.preprocess((value) => (isGiven(value as string) ? value : undefined), z.enum(SALUTATIONS).optional()),
  firstName: text(USER_INFO_LIMITS.firstName),
  lastName: text(USER_INFO_LIMITS.lastName),
  address: z
    .object({
      street: text(USER_INFO_LIMITS.street),
      houseNumber: text(USER_INFO_LIMITS.houseNumber),
      houseNumberExtension: text(USER_INFO_LIMITS.houseNumberExtension),
      postalCode: text(USER_INFO_LIMITS.postalCode),
      city: text(USER_INFO_LIMITS.city),
      country: text(50),
    })
    .optional(),
});

/** The person's details as every form and the call give them. */
export type UserInfo = z.output<typeof userInfoShape>;

export type Issue = { path: (string | number)[]; message: string };

/** Spec 5 "Postal": a complete address with house number and a name, one message. */
export function postalIssues(userInfo: UserInfo | undefined, prefix: (string | number)[] = ["userInfo"]): Issue[] {
  const hasLetter = (value: string) => /\p{L}/u.test(value);
  const hasDigit = (value: string) => /\d/.test(value);
  const parts: Array<[string[], string | undefined, (value: string) => boolean]> = [
    [["firstName"], userInfo?.firstName, hasLetter],
    [["lastName"], userInfo?.lastName, hasLetter],
    [["address", "street"], userInfo?.address?.street, hasLetter],
    [["address", "houseNumber"], userInfo?.address?.houseNumber, hasDigit],
    [["address", "postalCode"], userInfo?.address?.postalCode, hasDigit],
    [["address", "city"], userInfo?.address?.city, hasLetter],
  ];
  return parts
    .filter(([, value, plausible]) => !isGiven(value) || !plausible(value))
    .map(([path]) => ({ path: [...prefix, ...path], message: MESSAGES.address }));
}

/** The toggle's details: when given, a first and last name. */
export function detailsIssues(userInfo: UserInfo | undefined): Issue[] {
  return [
    ...(isGiven(userInfo?.firstName) ? [] : [{ path: ["userInfo", "firstName"], message: MESSAGES.required }]),
    ...(isGiven(userInfo?.lastName) ? [] : [{ path: ["userInfo", "lastName"], message: MESSAGES.required }]),
  ];
}

const checkbox = z.preprocess((value) => value === "on" || value === true || value === "true", z.boolean());

const phoneField = z
  .string()
  .optional()
  .transform((value) => (isPhoneGiven(value) ? normalisePhone(value) : undefined));

/**
 * A refinement of the whole form runs even when a field already failed
 * (Zod skips it by default), so a visitor sees every error after one submit.
 * Its checks read the values defensively for that reason.
 */
const EVEN_WITH_OTHER_ERRORS = { when: () => true };

export function addIssues(ctx: z.RefinementCtx, issues: Issue[]) {
  for (const issue of issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
}

/** Access and forgotten (spec 2): email, message, and the optional details toggle. */
export const accessSchema = z
  .object({
    email: requiredEmail(),
    userMessage: optionalText(PRIVACY_LIMITS.userMessage, { multiline: true }),
    addDetails: checkbox.default(false),
    userInfo: userInfoShape.optional(),
  })
  // Also when the e-mail is wrong: every error is shown at once.
  .superRefine((value, ctx) => {
    if (value.addDetails === true) addIssues(ctx, detailsIssues(value.userInfo));
  }, EVEN_WITH_OTHER_ERRORS)
  // Spec 4: with the toggle off at sending, no userInfo.
  .transform(({ addDetails, userInfo, ...rest }) => ({ ...rest, userInfo: addDetails ? userInfo : undefined }));

/** Rectification: email, message (required), brand (optional: placeholder and empty option count as none). */
export const rectificationSchema = z.object({
  email: requiredEmail(),
  userMessage: requiredText(PRIVACY_LIMITS.userMessage, { multiline: true }),
  brandName: optionalText(PRIVACY_LIMITS.brandName),
});

/** An http(s) address, optional. */
export const optionalLink = optionalText(PRIVACY_LIMITS.publicationLink).refine(
  (value) => value === undefined || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(value),
  MESSAGES.link,
);

/** Spec 5 "Date": dd - mm - yyyy (also as typed without the script), a real day. */
export const requiredDate = z
  .string({ error: MESSAGES.required })
  .trim()
  .refine((value) => value.length > 0, MESSAGES.required)
  .transform((value, ctx) => {
    const iso = parseDayMonthYear(value);
    if (!iso) {
      ctx.addIssue({ code: "custom", message: MESSAGES.date });
      return z.NEVER;
    }
    return iso;
  });

/** Removal from publication (Belgium only): message, article and date required. */
export const publicationSchema = z.object({
  brandName: optionalText(PRIVACY_LIMITS.brandName),
  article: requiredText(PRIVACY_LIMITS.article),
  publicationDate: requiredDate,
  publicationLink: optionalLink,
  email: requiredEmail(),
  userMessage: requiredText(PRIVACY_LIMITS.userMessage, { multiline: true }),
});

/** At least one brand key of the country, each once. */
const brandsField = (brandKeys: readonly string[]) =>
  z
    .array(z.string(), { error: MESSAGES.option })
    .min(1, MESSAGES.option)
    .refine((keys) => keys.every((key) => brandKeys.includes(key)), MESSAGES.option)
    .transform((keys) => [...new Set(keys)]);

/** Objection step 1: at least one brand key of the country. */
export function objectionBrandsSchema(brandKeys: readonly string[]) {
  return z.object({ brands: brandsField(brandKeys) });
}

const communicationShape = {
  communicationTypes: z.array(z.enum(COMMUNICATION_TYPES), { error: MESSAGES.option }).min(1, MESSAGES.option),
  phoneNumber: phoneField,
  email: z.string().trim().optional(),
  userInfo: userInfoShape.optional(),
};
type CommunicationValue = {
  communicationTypes?: CommunicationType[];
  phoneNumber?: string;
  email?: string;
  userInfo?: UserInfo;
};

/** Each ticked channel's details are required and checked. */
function checkTickedChannels(value: CommunicationValue, ctx: z.RefinementCtx) {
  const ticked = new Set(Array.isArray(value.communicationTypes) ? value.communicationTypes : []);
  if (ticked.has("PHONE") && !(value.phoneNumber && isValidPhone(value.phoneNumber))) {
    addIssues(ctx, [{ path: ["phoneNumber"], message: value.phoneNumber ? MESSAGES.phone : MESSAGES.required }]);
  }
  if (ticked.has("EMAIL")) {
    const email = requiredEmail().safeParse(value.email);
    if (!email.success) addIssues(ctx, [{ path: ["email"], message: email.error.issues[0].message }]);
  }
  if (ticked.has("POSTAL")) addIssues(ctx, postalIssues(value.userInfo));
}

/** Spec 4: an unticked block sends nothing. */
function keepTickedChannels(value: Required<Pick<CommunicationValue, "communicationTypes">> & CommunicationValue) {
  const ticked = new Set(value.communicationTypes);
  return {
    communicationTypes: value.communicationTypes,
    phoneNumber: ticked.has("PHONE") ? value.phoneNumber : undefined,
    email: ticked.has("EMAIL") && value.email ? normaliseEmail(value.email) : undefined,
    userInfo: ticked.has("POSTAL") ? value.userInfo : undefined,
  };
}

/** Objection step 2: at least one channel; each ticked channel's details. */
export const communicationSchema = z
  .object(communicationShape)
  .superRefine(checkTickedChannels, EVEN_WITH_OTHER_ERRORS)
  .transform(keepTickedChannels);

/** The staff form: both objection steps on one page. */
export function internalObjectionSchema(brandKeys: readonly string[]) {
  return z
    .object({ brands: brandsField(brandKeys), ...communicationShape })
    .superRefine(checkTickedChannels, EVEN_WITH_OTHER_ERRORS)
    .transform((value) => ({ brands: value.brands, ...keepTickedChannels(value) }));
}

/** The channels an objection covers, from what it holds. */
export function objectionChannels(input: PrivacyRequestInput): CommunicationType[] {
  return [
    ...(input.phoneNumber ? (["PHONE"] as const) : []),
    ...(input.email ? (["EMAIL"] as const) : []),
    ...(input.userInfo?.address ? (["POSTAL"] as const) : []),
  ];
}

/** Publication requests exist only in Belgium (spec 2). */
export function flowAllowedIn(flow: FlowType, country: Country): boolean {
  return flow !== "REMOVAL_FROM_PUBLICATION" || country === "be";
}

/**
 * The rate-limit bucket every privacy request shares, whichever page or the
 * JSON call it came through: the hourly limit is per person, not per form.
 */
export const PRIVACY_REQUEST_GUARD = "privacy-request";
