import { z } from "./zod";

/**
 * A day of a period typed as an ISO date (a GET form's `from` or `to`), its
 * messages saying which day and how to write it ("Dit veld is
 * verplicht" said nothing of either): `<keys>.fromMissing`, `<keys>.toInvalid`…
 */
export function periodDay(which: "from" | "to", keys: string) {
  const missing = `${keys}.${which}Missing`;
  const wrong = `${keys}.${which}Invalid`;
  return z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .regex(/^\d{4}-\d{2}-\d{2}$/, wrong)
    .refine(
      (value) =>
        !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
        new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
      wrong,
    );
}
