/** Removal from a publication (Belgium only, spec 2): the article, its date, a message; the link optional. */
import { z } from "~/validation/zod";

import { defineForm } from "../form-definition";
import { PRIVACY_FORM_IDS } from "../privacy-form-ids";
import { optionalLink, PRIVACY_LIMITS, requiredDate } from "../privacy-request";
import { optionalText, requiredEmail, requiredText } from "../rules";
import type { PayloadRules } from "./payload-rules";

export const publicationSchema = z.object({
  brandName: optionalText(PRIVACY_LIMITS.brandName),
  article: requiredText(PRIVACY_LIMITS.article),
  publicationDate: requiredDate,
  publicationLink: optionalLink,
  email: requiredEmail(),
  userMessage: requiredText(PRIVACY_LIMITS.userMessage, { multiline: true }),
});

export const publicationForm = defineForm({ id: PRIVACY_FORM_IDS.publication, schema: publicationSchema });

export const publicationPayload: PayloadRules = (payload, { pick }) => ({
  userMessage: pick(requiredText(PRIVACY_LIMITS.userMessage, { multiline: true }), payload.userMessage, "userMessage"),
  brandName: pick(optionalText(PRIVACY_LIMITS.brandName), payload.brandName, "brandName"),
  article: pick(requiredText(PRIVACY_LIMITS.article), payload.article, "article"),
  publicationDate: pick(requiredDate, payload.publicationDate, "publicationDate"),
  publicationLink: pick(optionalLink, payload.publicationLink, "publicationLink"),
});
