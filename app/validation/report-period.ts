/**
 * Issue 42: the period and country of the officers' figures (a GET form):
 * two ISO days, the second not before the first, at most three years apart
 * (a table row a month stays readable); no country is both.
 */
import { COUNTRIES } from "~/domain/country";
import { z } from "./zod";

const MAX_DAYS = 3 * 366;
const DAY_MS = 86_400_000;

const day = (which: "from" | "to") => {
  const missing = `backOffice.figures.errors.${which}Missing`;
  const wrong = `backOffice.figures.errors.${which}Invalid`;
  return z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .regex(/^\d{4}-\d{2}-\d{2}$/, wrong)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), wrong);
};

export const reportPeriodSchema = z
  .object({ from: day("from"), to: day("to"), country: z.enum(COUNTRIES).optional() })
  .refine((period) => period.to >= period.from, { path: ["to"], message: "validation.periodOrder" })
  .refine((period) => Date.parse(period.to) - Date.parse(period.from) <= MAX_DAYS * DAY_MS, { path: ["to"], message: "backOffice.figures.errors.tooLong" });

/** Without a period asked for: this year so far (UTC). */
export function thisYearSoFar(now = new Date()): { from: string; to: string } {
  return { from: `${now.getUTCFullYear()}-01-01`, to: now.toISOString().slice(0, 10) };
}
