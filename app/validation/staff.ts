/** The staff area's forms: sign-in, and the unsubscribe form with every brand on one page. */
import { secondFactorKind } from "~/domain/staff";
import { z } from "~/validation/zod";

import { defineForm } from "./form-definition";
import { COMMUNICATION_TYPES } from "./privacy-request";
import { internalObjectionSchema, OBJECTION_POSTAL_OMITS, SELECT_ALL_FIELDS } from "./rights/direct-marketing";
import { MESSAGES, requiredEmail } from "./rules";

export const staffLoginSchema = z.object({
  email: requiredEmail("validation.staff.signInEmail"),
  // Never trimmed or otherwise changed: a password is what it is.
  password: z
    .string({ error: "validation.staff.password" })
    .min(1, "validation.staff.password")
    .max(200, `${MESSAGES.tooLong}|200`),
});

export const staffLoginForm = defineForm({ id: "staff-login", schema: staffLoginSchema });

export const INTERNAL_OBJECTION_FORM_ID = "internal-objection";

export function internalObjectionForm(brandIds: readonly string[]) {
  return defineForm({
    id: INTERNAL_OBJECTION_FORM_ID,
    // Both objection steps on one page.
    schema: internalObjectionSchema(brandIds),
    groups: { brands: brandIds.length, communicationTypes: COMMUNICATION_TYPES.length },
    extraFields: SELECT_ALL_FIELDS,
    omit: OBJECTION_POSTAL_OMITS,
  });
}

/** The second step of signing in: a 6-digit code from the app, or a recovery code. */
export const staffTwoFactorSchema = z.object({
  code: z
    .string({ error: "validation.staff.code" })
    .trim()
    .min(1, "validation.staff.code")
    .max(40, `${MESSAGES.tooLong}|40`)
    .refine((code) => secondFactorKind(code) !== null, "internal.twoFactor.codeFormat"),
});

export const staffTwoFactorForm = defineForm({ id: "staff-two-factor", schema: staffTwoFactorSchema });

/** Enrolment: the first code from the app confirms the secret. */
export const staffTwoFactorSetupSchema = z.object({
  code: z
    // Only the app's code enrols it (a recovery code does not exist yet), so the message does not offer one.
    .string({ error: "validation.staff.setupCode" })
    .trim()
    .min(1, "validation.staff.setupCode")
    .max(40, `${MESSAGES.tooLong}|40`)
    .refine((code) => secondFactorKind(code) === "totp", "internal.twoFactor.setup.codeFormat"),
});

export const staffTwoFactorSetupForm = defineForm({ id: "staff-two-factor-setup", schema: staffTwoFactorSetupSchema });
