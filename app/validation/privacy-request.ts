/**
 * Spec 3 "Privacy request" and spec 5: what every right's form shares (the
 * person's details, the address rules, the lengths) and the one shape the
 * service takes, `PrivacyRequestInput`. Each right's own schema and its
 * rules for the JSON call live in its module under rights/.
 */
import type { RightType } from "~/domain/rights";
import { z } from "~/validation/zod";

import { isGiven, MESSAGES, optionalText, parseDayMonthYear } from "./rules";

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

/** Spec 3 "Communication type"; NOTIFICATIONS is information only. */
export const COMMUNICATION_TYPES = ["PHONE", "EMAIL", "POSTAL"] as const;
export type CommunicationType = (typeof COMMUNICATION_TYPES)[number];

/** What the service stores, whichever way it arrived. */
export type PrivacyRequestInput = {
  /** Spec 3 "Flow type": the JSON call names a request by its right type. */
  flowType: RightType;
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
  /** A right's own answers (its ground, what it concerns…), as its validation module shaped them. */
  details?: RightDetails;
  touchpoint?: string;
};

/** A right's own answers: each field's text, or the options chosen. */
export type RightDetails = Record<string, string | string[]>;

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

export const checkbox = z.preprocess((value) => value === "on" || value === true || value === "true", z.boolean());

/**
 * A refinement of the whole form runs even when a field already failed
 * (Zod skips it by default), so a visitor sees every error after one submit.
 * Its checks read the values defensively for that reason.
 */
export const EVEN_WITH_OTHER_ERRORS = { when: () => true };

export function addIssues(ctx: z.RefinementCtx, issues: Issue[]) {
  for (const issue of issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
}

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

/**
 * The rate-limit bucket every privacy request shares, whichever page or the
 * JSON call it came through: the hourly limit is per person, not per form.
 */
export const PRIVACY_REQUEST_GUARD = "privacy-request";
