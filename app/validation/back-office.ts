/** The back office's action forms: each a plain POST with its note or reason. */
import { EXTENSION_MONTHS } from "~/domain/privacy-request";
import { LOCALES } from "~/i18n/locale";
import { z } from "~/validation/zod";

import { defineForm } from "./form-definition";
import { isGiven, MESSAGES, optionalText, requiredEmail, requiredText } from "./rules";
import { taskAnswerFields } from "./task-answer";

const NOTE_MAX = 2000;

export const startForm = defineForm({
  id: "request-start",
  schema: z.object({ note: optionalText(NOTE_MAX, { multiline: true }) }),
});

export const extendForm = defineForm({
  id: "request-extend",
  schema: z.object({
    months: z.enum(EXTENSION_MONTHS, { error: "validation.staff.extendMonths" }).transform(Number),
    reason: requiredText(NOTE_MAX, { multiline: true, missing: "validation.staff.extendReason" }),
  }),
});

/** `openTasksReason`: why the request is completed while systems have not answered; asked only then. */
export const completeForm = defineForm({
  id: "request-complete",
  schema: z.object({
    note: requiredText(NOTE_MAX, { multiline: true, missing: "validation.staff.completeNote" }),
    openTasksReason: optionalText(NOTE_MAX, { multiline: true }),
  }),
});

export const rejectForm = defineForm({
  id: "request-reject",
  schema: z.object({ reason: requiredText(NOTE_MAX, { multiline: true, missing: "validation.staff.rejectReason" }) }),
});

export const reviewForm = defineForm({ id: "complaint-review", schema: z.object({}) });

export const closeForm = defineForm({
  id: "complaint-close",
  schema: z.object({ outcome: requiredText(NOTE_MAX, { multiline: true, missing: "validation.staff.closeOutcome" }) }),
});

/** The answer's message to the person, sent with the files attached so far. */
export const deliverForm = defineForm({
  id: "request-deliver",
  schema: z.object({ message: requiredText(4000, { multiline: true, missing: "validation.staff.answerMessage" }) }),
});

/** Takes back a file that has not been sent. */
export const removeFileForm = defineForm({
  id: "request-remove-file",
  schema: z.object({ file: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(64) }),
});

/** A question to the person; the request waits for the answer. */
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

/** Which of the request's tasks a form is about (a select of the eligible ones). */
const chosenTask = z.preprocess(
  (value) => (isGiven(value as string) ? value : undefined),
  z.string({ error: "validation.staff.task" }).max(64),
);

/** A staff member records a manual system's answer. */
export const taskTickForm = defineForm({ id: "task-tick", schema: taskAnswerFields({ task: chosenTask }) });

/** An officer closes a task a system did not answer: only with a reason. */
export const taskCloseForm = defineForm({
  id: "task-close",
  schema: z.object({
    task: chosenTask,
    reason: requiredText(NOTE_MAX, { multiline: true, missing: "validation.staff.taskCloseReason" }),
  }),
});

/** Sends a webhook again. */
export const taskResendForm = defineForm({ id: "task-resend", schema: z.object({ task: chosenTask }) });

/** Gives an e-mail system's open task to another contact: a new link, in the contact's language. */
export const taskReassignForm = defineForm({
  id: "task-reassign",
  schema: z.object({
    task: chosenTask,
    email: requiredEmail("validation.staff.contactEmail"),
    locale: z.enum(LOCALES, { error: "validation.staff.contactLocale" }),
  }),
});
