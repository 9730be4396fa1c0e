/**
 * Reporting a political ad (spec 3 "Complaint", EU Regulation 2024/900
 * Art. 15): the reason, and who reports what.
 */
import { z } from "~/validation/zod";

import { COMPLAINT_FORM_ID, COMPLAINT_REASONS } from "./complaint-reasons";
import { defineForm } from "./form-definition";
import { MESSAGES, requiredEmail, requiredText } from "./rules";

export { COMPLAINT_FORM_ID, COMPLAINT_REASONS, type ComplaintReason } from "./complaint-reasons";

export const COMPLAINT_LIMITS = { name: 100, explanation: 2000 } as const;

export const complaintSchema = z.object({
  reason: z.enum(COMPLAINT_REASONS, { error: MESSAGES.option }),
  name: requiredText(COMPLAINT_LIMITS.name),
  email: requiredEmail(),
  explanation: requiredText(COMPLAINT_LIMITS.explanation, { multiline: true }),
});

export type ComplaintInput = z.output<typeof complaintSchema>;

/** The report's form; `via` says whether the dialog (JavaScript) or the page sent it. */
export const complaintForm = defineForm({
  id: COMPLAINT_FORM_ID,
  schema: complaintSchema,
  extraFields: { via: 1 },
});

/** `POST /api/political-ad-complaint` (spec 7). */
export const complaintPayloadSchema = complaintSchema.extend({
  campaignId: z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(40),
  locale: z.string().optional(),
});
