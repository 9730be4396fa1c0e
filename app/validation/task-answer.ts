/** A system's answer to its task (issue 41): the callback's body. */
import { z } from "~/validation/zod";
import { TASK_ANSWERS, type TaskAnswer } from "~/domain/data-system";

const ANSWERS = Object.keys(TASK_ANSWERS) as [TaskAnswer, ...TaskAnswer[]];

const TASK_REASON_MAX = 1000;

export const taskAnswerSchema = z
  .object({
    status: z.enum(ANSWERS, { error: `'status' must be one of ${ANSWERS.join(", ")}.` }),
    reason: z.string({ error: "'reason' must be a string." }).trim().max(TASK_REASON_MAX, `'reason' is at most ${TASK_REASON_MAX} characters.`).optional(),
  })
  .refine((answer) => answer.status !== "failed" || Boolean(answer.reason), { path: ["reason"], message: "'reason' is required when the status is failed." });
