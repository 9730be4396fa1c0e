import { data } from "react-router";

import { serverContext, siteContext } from "~/context";
import { parseCountry } from "~/domain/country";
import { rightOfferedIn } from "~/domain/rights";
import { readJsonBody } from "~/http/json-body.server";
import { invalidEmail, methodNotAllowed, receiveJsonSubmission, validationFailure } from "~/http/json-call.server";
import { jsonRefusal, jsonStorageFailure } from "~/http/submission-refusals.server";
import { isLanguage, resolveLocale } from "~/i18n/locale";
import { submitPrivacyRequest } from "~/services/privacy-request/record.server";
import { brandKeysFor } from "~/services/site/content.server";
import { getLogger } from "~/utils/logger.server";
import { issuesToFields } from "~/validation/issues";
import { PRIVACY_REQUEST_GUARD } from "~/validation/privacy-request";
import { privacyRequestPayloadSchema } from "~/validation/privacy-request-payload";
import { MESSAGES } from "~/validation/rules";

import type { Route } from "./+types/privacy-rights.request";

/**
 * Spec 7: `POST /api/privacy-rights/request`. The country is the host's; the
 * payload's `language` picks the texts. 201 with the reference; 400
 * VALIDATION (localized field messages by whole path) or INVALID_EMAIL; 429;
 * 503 when storage fails. Same service as the pages.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const body = await readJsonBody(request);
  const { country } = context.get(siteContext);
  const language = typeof body.language === "string" && isLanguage(body.language) ? body.language : "nl";
  const locale = resolveLocale(language, country);
  const site = { country, locale, language };
  const invalid = (fields: Record<string, string[]>) => validationFailure(locale, fields);

  const parsed = privacyRequestPayloadSchema.safeParse(body);
  if (!parsed.success) return invalid(issuesToFields(parsed.error.issues));
  const input = parsed.data;
  const fields: Record<string, string[]> = {};
  if (typeof body.country === "string" && parseCountry(body.country) !== country) fields.country = [MESSAGES.option];
  if (!rightOfferedIn(input.flowType, country)) fields.flowType = [MESSAGES.option];
  const brandKeys = brandKeysFor(country);
  if (input.brands?.some((key) => !brandKeys.has(key))) fields.brands = [MESSAGES.option];
  if (Object.keys(fields).length > 0) return invalid(fields);

  const received = receiveJsonSubmission(request, context, PRIVACY_REQUEST_GUARD, body);
  if (!received.ok) return received.response;
  const server = context.get(serverContext);

  try {
    const outcome = await submitPrivacyRequest(input, site, {
      requestOrigin: new URL(request.url).origin,
      clientIp: server.clientIp,
      submission: received.submission,
    });
    if (outcome.status === "INVALID_EMAIL") return invalidEmail(locale);
    if (outcome.status !== "accepted") return jsonRefusal(outcome, locale);
    server.noteForLog(`privacy request ${outcome.id}`);
    return data({ reference: outcome.reference, state: outcome.state }, { status: 201 });
  } catch (error) {
    getLogger().error({ err: error }, "privacy request could not be stored");
    return jsonStorageFailure(locale, "privacyRights.storageFailure");
  }
}

export const loader = methodNotAllowed;
