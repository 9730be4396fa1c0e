/**
 * The print desk's ZIP of labels, for the ads of a
 * campaign period (two ISO days, the second not before the first).
 */
import { periodDay } from "./period-day";
import { z } from "./zod";

export const adLabelsSchema = z
  .object({ from: periodDay("from", "backOffice.adLabels.errors"), to: periodDay("to", "backOffice.adLabels.errors") })
  .refine((period) => period.to >= period.from, { path: ["to"], message: "validation.periodOrder" });
