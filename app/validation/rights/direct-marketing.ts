/**
 * The objection to direct marketing (Art. 21(2)): step 1 the brands, step 2
 * the channels and each ticked channel's details; the staff form asks both
 * on one page. No e-mail is needed when another channel is given.
 */
import { normaliseEmail } from "~/domain/email";
import { z } from "~/validation/zod";

import { defineForm } from "../form-definition";
import { PRIVACY_FORM_IDS } from "../privacy-form-ids";
import {
  addIssues,
  COMMUNICATION_TYPES,
  EVEN_WITH_OTHER_ERRORS,
  postalIssues,
  userInfoShape,
  type CommunicationType,
  type PrivacyRequestInput,
  type UserInfo,
} from "../privacy-request";
import { isPhoneGiven, isValidPhone, MESSAGES, normalisePhone, requiredEmail } from "../rules";
import { SELECT_ALL_BEFORE_FIELD, SELECT_ALL_FIELD } from "../select-all";
import type { PayloadRules } from "./payload-rules";

/** At least one brand key of the country, each once. */
const brandsField = (brandKeys: readonly string[]) =>
  z
    .array(z.string(), { error: MESSAGES.option })
    .min(1, MESSAGES.option)
    .refine((keys) => keys.every((key) => brandKeys.includes(key)), MESSAGES.option)
    .transform((keys) => [...new Set(keys)]);

/** Step 1: at least one brand key of the country. */
export function objectionBrandsSchema(brandKeys: readonly string[]) {
  return z.object({ brands: brandsField(brandKeys) });
}

const phoneField = z
  .string()
  .optional()
  .transform((value) => (isPhoneGiven(value) ? normalisePhone(value) : undefined));

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

/** Step 2: at least one channel; each ticked channel's details. */
export const communicationSchema = z
  .object(communicationShape)
  .superRefine(checkTickedChannels, EVEN_WITH_OTHER_ERRORS)
  .transform(keepTickedChannels);

/** The staff form: both steps on one page. */
export function internalObjectionSchema(brandKeys: readonly string[]) {
  return z
    .object({ brands: brandsField(brandKeys), ...communicationShape })
    .superRefine(checkTickedChannels, EVEN_WITH_OTHER_ERRORS)
    .transform((value) => ({ brands: value.brands, ...keepTickedChannels(value) }));
}

/** The channels an objection covers, from what it holds. */
export function objectionChannels(input: Pick<PrivacyRequestInput, "phoneNumber" | "email" | "userInfo">) {
  return [
    ...(input.phoneNumber ? (["PHONE"] as const) : []),
    ...(input.email ? (["EMAIL"] as const) : []),
    ...(input.userInfo?.address ? (["POSTAL"] as const) : []),
  ] satisfies CommunicationType[];
}

/** Select-all without JavaScript: read and applied before the schema (select-all.ts). */
export const SELECT_ALL_FIELDS = { [SELECT_ALL_FIELD]: 1, [SELECT_ALL_BEFORE_FIELD]: 1 };

/** The postal block asks for no salutation, and the address is in the site's country. */
export const OBJECTION_POSTAL_OMITS = ["userInfo.salutation", "userInfo.address.country"] as const;

/** Step 1: one checkbox per brand of the country, and select-all. */
export function objectionBrandsForm(brandIds: readonly string[]) {
  return defineForm({
    id: PRIVACY_FORM_IDS.objectionBrands,
    schema: objectionBrandsSchema(brandIds),
    groups: { brands: brandIds.length },
    extraFields: SELECT_ALL_FIELDS,
  });
}

/** Step 2: the ticked channels and each one's details. */
export const communicationForm = defineForm({
  id: PRIVACY_FORM_IDS.objectionChannels,
  schema: communicationSchema,
  groups: { communicationTypes: COMMUNICATION_TYPES.length },
  omit: OBJECTION_POSTAL_OMITS,
});

/** The call: brands (checked against the country by the caller) and at least one way to reach the person. */
export const directMarketingPayload: PayloadRules = (payload, { report, email }) => {
  const brands = payload.brands ?? [];
  if (brands.length === 0) report([{ path: ["brands"], message: MESSAGES.option }]);
  const phoneGiven = isPhoneGiven(payload.phoneNumber);
  if (phoneGiven && !isValidPhone(payload.phoneNumber!)) report([{ path: ["phoneNumber"], message: MESSAGES.phone }]);
  const postal = payload.userInfo?.address ? payload.userInfo : undefined;
  if (postal) report(postalIssues(postal));
  if (!phoneGiven && !email && !postal) report([{ path: ["communicationTypes"], message: MESSAGES.option }]);
  return {
    brands: [...new Set(brands)],
    phoneNumber: phoneGiven ? normalisePhone(payload.phoneNumber!) : undefined,
    userInfo: postal,
  };
};
