/**
 * The period and country of the officers' figures (a GET form):
 * two ISO days, the second not before the first, at most three years apart
 * (a table row a month stays readable); no country is both.
 */
import { COUNTRIES } from "~/domain/country";

import { periodDay } from "./period-day";
import { z } from "./zod";

const MAX_DAYS = 3 * 366;
const DAY_MS = 86_400_000;
const FIGURE_ERRORS = "backOffice.figures.errors";

export const reportPeriodSchema = z
  .object({
    from: periodDay("from", FIGURE_ERRORS),
    to: periodDay("to", FIGURE_ERRORS),
    country: z.enum(COUNTRIES).optional(),
  })
  .refine((period) => period.to >= period.from, { path: ["to"], message: "validation.periodOrder" })
  .refine((period) => Date.parse(period.to) - Date.parse(period.from) <= MAX_DAYS * DAY_MS, {
    path: ["to"],
    message: "backOffice.figures.errors.tooLong",
  });

/** Without a period asked for: this year so far (UTC). */
export function thisYearSoFar(now = new Date()): { from: string; to: string } {
  return { from: `${now.getUTCFullYear()}-01-01`, to: now.toISOString().slice(0, 10) };
}
