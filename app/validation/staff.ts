/** The staff area's forms (issue 12): sign-in, and the unsubscribe form with every brand on one page. */
import { z } from "~/validation/zod";
import { defineForm } from "./form-definition";
import { COMMUNICATION_TYPES, internalObjectionSchema } from "./privacy-request";
import { MESSAGES, requiredEmail } from "./rules";
import { SELECT_ALL_BEFORE_FIELD, SELECT_ALL_FIELD } from "./select-all";

export const staffLoginSchema = z.object({
  email: requiredEmail(),
  // Never trimmed or otherwise changed: a password is what it is.
  password: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(200, `${MESSAGES.tooLong}|200`),
});

export const staffLoginForm = defineForm({ id: "staff-login", schema: staffLoginSchema, fields: { email: 1, password: 1 } });

export const INTERNAL_OBJECTION_FORM_ID = "internal-objection";

export function internalObjectionForm(brandIds: readonly string[]) {
  return defineForm({
    id: INTERNAL_OBJECTION_FORM_ID,
    schema: internalObjectionSchema(brandIds),
    fields: {
      brands: brandIds.length,
      [SELECT_ALL_FIELD]: 1,
      [SELECT_ALL_BEFORE_FIELD]: 1,
      communicationTypes: COMMUNICATION_TYPES.length,
      phoneNumber: 1,
      email: 1,
      "userInfo.firstName": 1,
      "userInfo.lastName": 1,
      "userInfo.address.street": 1,
      "userInfo.address.houseNumber": 1,
      "userInfo.address.houseNumberExtension": 1,
      "userInfo.address.postalCode": 1,
      "userInfo.address.city": 1,
    },
  });
}
