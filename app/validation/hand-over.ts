/**
 * An officer records that a portability package went to the controller
 * the person named (Art. 20(2)): how it was sent, and on which day (an ISO
 * date from the date field; not after today, which the service checks
 * against the team's calendar).
 */
import { z } from "~/validation/zod";

import { defineForm } from "./form-definition";
import { requiredText } from "./rules";

const KEYS = "backOffice.portability.handOver.errors";
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const handOverForm = defineForm({
  id: "request-hand-over",
  schema: z.object({
    how: requiredText(500, { missing: `${KEYS}.howMissing` }),
    on: z
      .string({ error: `${KEYS}.onMissing` })
      .trim()
      .min(1, `${KEYS}.onMissing`)
      .regex(DAY, `${KEYS}.onInvalid`)
      .refine((value) => {
        const day = Date.parse(`${value}T00:00:00Z`);
        return !Number.isNaN(day) && new Date(day).toISOString().startsWith(value);
      }, `${KEYS}.onInvalid`),
  }),
});
