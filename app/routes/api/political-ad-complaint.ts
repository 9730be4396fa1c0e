import { data } from "react-router";

import { siteContext } from "~/context";
import { readJsonBody } from "~/http/json-body.server";
import { invalidEmail, methodNotAllowed, receiveJsonSubmission, validationFailure } from "~/http/json-call.server";
import { jsonRefusal, jsonStorageFailure } from "~/http/submission-refusals.server";
import { countryOfLocale, isLocale, resolveLocale } from "~/i18n/locale";
import { submitComplaint } from "~/services/complaint/intake.server";
import { jsonError } from "~/utils/json-error";
import { getLogger } from "~/utils/logger.server";
import { COMPLAINT_FORM_ID, complaintPayloadSchema } from "~/validation/complaint";
import { issuesToFields } from "~/validation/issues";

import type { Route } from "./+types/political-ad-complaint";

/** Spec 7: "On 400 the response has validationError" (the field answers; the guard's 400 and 429 keep `error`). */
const SPEC_CODE_KEY = "validationError";

/**
 * Spec 7: `POST /api/political-ad-complaint` with `{name, email, explanation,
 * reason, campaignId, locale}`. 201 with the reference; 400
 * `{validationError: "INVALID_EMAIL"}` or `{validationError: "VALIDATION",
 * fields}`; 404 for a campaign not in the host's country; 429; 503.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const body = await readJsonBody(request);
  const { country } = context.get(siteContext);
  // The locale of the texts: the caller's when it belongs to this site, else the site's Dutch.
  const locale =
    typeof body.locale === "string" && isLocale(body.locale) && countryOfLocale(body.locale) === country
      ? body.locale
      : resolveLocale("nl", country);
  const parsed = complaintPayloadSchema.safeParse(body);
  if (!parsed.success) {
    const fields = issuesToFields(parsed.error.issues);
    // A malformed address is the spec's INVALID_EMAIL, like an undeliverable one.
    if (Object.keys(fields).length === 1 && fields.email?.[0] === "validation.email") {
      return invalidEmail(locale, { messageKey: "validation.email", codeKey: SPEC_CODE_KEY });
    }
    return validationFailure(locale, fields, SPEC_CODE_KEY);
  }
  const received = receiveJsonSubmission(request, context, COMPLAINT_FORM_ID, body);
  if (!received.ok) return received.response;
  try {
    const outcome = await submitComplaint(parsed.data, { country, locale }, received);
    if (outcome.status === "NOT_FOUND")
      return jsonError(404, "NOT_FOUND", { message: `No campaign '${parsed.data.campaignId}' here.` });
    if (outcome.status === "INVALID_EMAIL") return invalidEmail(locale, { codeKey: SPEC_CODE_KEY });
    if (outcome.status !== "received") return jsonRefusal(outcome, locale);
    return data({ reference: outcome.reference }, { status: 201 });
  } catch (error) {
    getLogger().error({ err: error }, "complaint could not be stored");
    return jsonStorageFailure(locale, "politicalAds.report.failure");
  }
}

export const loader = methodNotAllowed;
