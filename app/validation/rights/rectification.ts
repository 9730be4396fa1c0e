/** Rectification (Art. 16): e-mail, what is wrong (required), and the brand (optional). */
import { z } from "~/validation/zod";

import { defineForm } from "../form-definition";
import { PRIVACY_FORM_IDS } from "../privacy-form-ids";
import { PRIVACY_LIMITS } from "../privacy-request";
import { optionalText, requiredEmail, requiredText } from "../rules";
import type { PayloadRules } from "./payload-rules";

/** The placeholder and the empty option count as no brand. */
export const rectificationSchema = z.object({
  email: requiredEmail(),
  userMessage: requiredText(PRIVACY_LIMITS.userMessage, { multiline: true }),
  brandName: optionalText(PRIVACY_LIMITS.brandName),
});

export const rectificationForm = defineForm({ id: PRIVACY_FORM_IDS.rectification, schema: rectificationSchema });

export const rectificationPayload: PayloadRules = (payload, { pick }) => ({
  userMessage: pick(requiredText(PRIVACY_LIMITS.userMessage, { multiline: true }), payload.userMessage, "userMessage"),
  brandName: pick(optionalText(PRIVACY_LIMITS.brandName), payload.brandName, "brandName"),
});
