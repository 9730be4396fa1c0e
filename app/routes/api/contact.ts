import { data } from "react-router";

import { readJsonBody } from "~/http/json-body.server";
import { invalidEmail, methodNotAllowed, receiveJsonSubmission, validationFailure } from "~/http/json-call.server";
import { jsonRefusal, jsonStorageFailure } from "~/http/submission-refusals.server";
import { countryOfLocale, isLocale, LOCALES } from "~/i18n/locale";
import { submitContactMessage } from "~/services/site/contact.server";
import { jsonError } from "~/utils/json-error";
import { getLogger } from "~/utils/logger.server";
import { contactSchema } from "~/validation/contact";
import { issuesToFields } from "~/validation/issues";

import type { Route } from "./+types/contact";

/**
 * Spec 7: `POST /api/contact?locale={locale}` with JSON `{name, email, question}`.
 * 201 on success; 4xx with `{ error, fields? }` otherwise (never 500 for bad input).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const locale = new URL(request.url).searchParams.get("locale");
  if (!isLocale(locale)) {
    return jsonError(400, "VALIDATION", {
      message: `The query parameter 'locale' must be one of ${LOCALES.join(", ")}.`,
    });
  }
  const body = await readJsonBody(request);
  const parsed = contactSchema.safeParse(body);
  if (!parsed.success) return validationFailure(locale, issuesToFields(parsed.error.issues));
  const received = receiveJsonSubmission(request, context, "contact", body);
  if (!received.ok) return received.response;

  try {
    const outcome = await submitContactMessage(parsed.data, { locale, country: countryOfLocale(locale) }, received);
    // Spec 8 names this call's code EMAIL_INVALID (the other calls: INVALID_EMAIL).
    if (outcome.status === "EMAIL_INVALID") return invalidEmail(locale, { code: "EMAIL_INVALID" });
    if (outcome.status !== "sent") return jsonRefusal(outcome, locale);
    return data({ status: "sent", id: outcome.id }, { status: 201 });
  } catch (error) {
    getLogger().error({ err: error }, "contact message could not be stored");
    return jsonStorageFailure(locale, "contact.storageFailure");
  }
}

export const loader = methodNotAllowed;
