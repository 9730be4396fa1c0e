import { z } from "zod";
import { requiredEmail, requiredText } from "./rules";

/** Spec 5: contact needs name, e-mail (required and format) and question. */
export const CONTACT_LIMITS = { name: 100, question: 5000 } as const;

export const contactSchema = z.object({
  name: requiredText(CONTACT_LIMITS.name),
  email: requiredEmail(),
  question: requiredText(CONTACT_LIMITS.question),
});

export type ContactInput = z.infer<typeof contactSchema>;
