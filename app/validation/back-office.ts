/** The back office's action forms (issue 13): each a plain POST with its note or reason. */
import { EXTENSION_MONTHS } from "~/domain/privacy-request";
import { z } from "~/validation/zod";
import { defineForm } from "./form-definition";
import { MESSAGES, optionalText, requiredText } from "./rules";

const NOTE_MAX = 2000;

export const startForm = defineForm({ id: "request-start", schema: z.object({ note: optionalText(NOTE_MAX, { multiline: true }) }) });

export const extendForm = defineForm({
  id: "request-extend",
  schema: z.object({
    months: z.enum(EXTENSION_MONTHS, { error: "validation.staff.extendMonths" }).transform(Number),
    reason: requiredText(NOTE_MAX, { multiline: true, missing: "validation.staff.extendReason" }),
  }),
});

export const completeForm = defineForm({ id: "request-complete", schema: z.object({ note: requiredText(NOTE_MAX, { multiline: true, missing: "validation.staff.completeNote" }) }) });

export const rejectForm = defineForm({ id: "request-reject", schema: z.object({ reason: requiredText(NOTE_MAX, { multiline: true, missing: "validation.staff.rejectReason" }) }) });

export const reviewForm = defineForm({ id: "complaint-review", schema: z.object({}) });

export const closeForm = defineForm({ id: "complaint-close", schema: z.object({ outcome: requiredText(NOTE_MAX, { multiline: true, missing: "validation.staff.closeOutcome" }) }) });

/** Issue 26: the answer's message to the person, sent with the files attached so far. */
export const deliverForm = defineForm({
  id: "request-deliver",
  schema: z.object({ message: requiredText(4000, { multiline: true, missing: "validation.staff.answerMessage" }) }),
});

/** Takes back a file that has not been sent. */
export const removeFileForm = defineForm({ id: "request-remove-file", schema: z.object({ file: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(64) }) });

/** Issue 26: a question to the person; the request waits for the answer. */
export const askForm = defineForm({
  id: "request-ask",
  schema: z.object({ question: requiredText(NOTE_MAX, { multiline: true, missing: "validation.staff.question" }) }),
});

/** Closing a request whose question went unanswered for 30 days; the reason is mailed. */
export const closeNoAnswerForm = defineForm({
  id: "request-close-no-answer",
  schema: z.object({ reason: requiredText(NOTE_MAX, { multiline: true, missing: "validation.staff.closeReason" }) }),
});

/** Closing a possible duplicate. */
export const closeDuplicateForm = defineForm({ id: "request-close-duplicate", schema: z.object({}) });
