/**
 * Issue 27, item 2: the print desk's ZIP of labels, for the ads of a
 * campaign period (two ISO days, the second not before the first).
 */
import { z } from "./zod";

/**
 * A day of the period, its messages saying what to enter (issue 38: "Dit
 * veld is verplicht" said nothing of which day or how to write it).
 * `which`: "from" or "to", the keys under backOffice.adLabels.errors.
 */
const day = (which: "from" | "to") => {
  const missing = `backOffice.adLabels.errors.${which}Missing`;
  const wrong = `backOffice.adLabels.errors.${which}Invalid`;
  return z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .regex(/^\d{4}-\d{2}-\d{2}$/, wrong)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), wrong);
};

export const adLabelsSchema = z
  .object({ from: day("from"), to: day("to") })
  .refine((period) => period.to >= period.from, { path: ["to"], message: "validation.periodOrder" });
