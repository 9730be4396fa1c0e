/**
 * The officer's decisions on a request beyond its steps: lifting a
 * restriction (announced with its reason, then lifted) and deciding on an
 * objection to processing (upheld with an optional note, or refused with
 * the compelling grounds, which are mailed).
 */
import { z } from "~/validation/zod";

import { defineForm } from "./form-definition";
import { optionalText, requiredText } from "./rules";

const TEXT_MAX = 2000;

/** The reason is mailed to the person before the restriction is lifted (Art. 18(3)). */
export const liftAnnounceForm = defineForm({
  id: "restriction-announce-lift",
  schema: z.object({
    reason: requiredText(TEXT_MAX, { multiline: true, missing: "backOffice.restriction.reasonMissing" }),
  }),
});

export const liftForm = defineForm({ id: "restriction-lift", schema: z.object({}) });

export const objectionUpholdForm = defineForm({
  id: "objection-uphold",
  schema: z.object({ note: optionalText(TEXT_MAX, { multiline: true }) }),
});

/** Art. 21(1): processing goes on only on compelling legitimate grounds, which the person is told. */
export const objectionRefuseForm = defineForm({
  id: "objection-refuse",
  schema: z.object({
    grounds: requiredText(TEXT_MAX, { multiline: true, missing: "backOffice.processingObjection.groundsMissing" }),
  }),
});

/** These forms' refusals are shown by their own sections (a form no longer offered still says why it did nothing). */
export const DECISION_FORM_IDS: readonly string[] = [
  liftAnnounceForm.id,
  liftForm.id,
  objectionUpholdForm.id,
  objectionRefuseForm.id,
];
