/** A system's answer to its task: the callback's body, and the forms of a contact and a staff member. */
import { TASK_ANSWERS, type TaskAnswer } from "~/domain/data-system";
import { z } from "~/validation/zod";

import { defineForm } from "./form-definition";
import { optionalText } from "./rules";

const ANSWERS = Object.keys(TASK_ANSWERS) as [TaskAnswer, ...TaskAnswer[]];

const TASK_REASON_MAX = 1000;

/** What an export task is answered with: the person's data, a JSON object or array (kept as `<system>.json`). */
const EXPORT_DATA_MESSAGE = "'data' must be a JSON object or array.";

export const taskAnswerSchema = z
  .object({
    status: z.enum(ANSWERS, { error: `'status' must be one of ${ANSWERS.join(", ")}.` }),
    reason: z
      .string({ error: "'reason' must be a string." })
      .trim()
      .max(TASK_REASON_MAX, `'reason' is at most ${TASK_REASON_MAX} characters.`)
      .optional(),
    data: z
      .union([z.record(z.string(), z.unknown()), z.array(z.unknown())], { error: EXPORT_DATA_MESSAGE })
      .optional()
      .describe("Only with `done` on an export task (data portability): the person's data, kept as `<system>.json`."),
  })
  .refine((answer) => answer.status !== "failed" || Boolean(answer.reason), {
    path: ["reason"],
    message: "'reason' is required when the status is failed.",
  });

const NOTE_MAX = 2000;

/** The answer as a form gives it: what was done, and a note (required when it could not be done). */
export function taskAnswerFields<Extra extends z.ZodRawShape>(extra: Extra) {
  return z
    .object({
      ...extra,
      answer: z.enum(ANSWERS, { error: "validation.staff.taskAnswer" }),
      note: optionalText(NOTE_MAX, { multiline: true }),
    })
    .refine(
      (value) => (value as { answer: TaskAnswer }).answer !== "failed" || Boolean((value as { note?: string }).note),
      { path: ["note"], message: "validation.staff.taskFailedNote" },
    );
}

/** The task page's form, for the contact of a system without an API. */
export const contactTaskForm = defineForm({ id: "system-task", schema: taskAnswerFields({}) });

/** The same for an export task: the data comes as a JSON file (`file`), read as it streams in, before the rest. */
export const contactExportTaskForm = defineForm({
  id: "system-task-export",
  schema: taskAnswerFields({}),
  extraFields: { file: 1 },
});
