/**
 * Issue 27, item 2: the print desk's ZIP of labels, for the ads of a
 * campaign period (two ISO days, the second not before the first).
 */
import { MESSAGES } from "./messages";
import { z } from "./zod";

const day = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .regex(/^\d{4}-\d{2}-\d{2}$/, MESSAGES.date)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), MESSAGES.date);

export const adLabelsSchema = z
  .object({ from: day, to: day })
  .refine((period) => period.to >= period.from, { path: ["to"], message: "validation.periodOrder" });
