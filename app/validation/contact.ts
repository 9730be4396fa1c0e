import { z } from "~/validation/zod";

import { CONTACT_FORM_ID } from "./contact-form-id";
import { defineForm } from "./form-definition";
import { requiredEmail, requiredText } from "./rules";

/** Spec 5: contact needs name, e-mail (required and format) and question. */
export const CONTACT_LIMITS = { name: 100, question: 5000 } as const;

export const contactSchema = z.object({
  name: requiredText(CONTACT_LIMITS.name),
  email: requiredEmail(),
  question: requiredText(CONTACT_LIMITS.question, { multiline: true }),
});

export type ContactInput = z.infer<typeof contactSchema>;

/** The contact form: its fields, one value each, are the schema's. */
export const contactForm = defineForm({ id: CONTACT_FORM_ID, schema: contactSchema });
