import { data } from "react-router";

import { serverContext, siteContext } from "~/context";
import { rightOf } from "~/domain/rights";
import { idempotencyKeyOf } from "~/http/idempotency-key.server";
import { readJsonBody } from "~/http/json-body.server";
import { invalidEmail, methodNotAllowed, validationFailure } from "~/http/json-call.server";
import { readStaff, requireStaff, signedInStaff } from "~/http/staff/guard.server";
import { jsonRefusal, jsonStorageFailure } from "~/http/submission-refusals.server";
import { isLanguage, resolveLocale } from "~/i18n/locale";
import { submitPrivacyRequest } from "~/services/privacy-request/record.server";
import { brandKeysFor } from "~/services/site/content.server";
import { getLogger } from "~/utils/logger.server";
import { issuesToFields } from "~/validation/issues";
import { privacyRequestPayloadSchema } from "~/validation/privacy-request-payload";
import { MESSAGES } from "~/validation/rules";

import type { Route } from "./+types/internal-privacy-rights.request";

/**
 * Spec 7: `POST /api/internal-privacy-rights/request`, the public call's
 * payload sent by a signed-in staff member: 401 without a session; an
 * objection (the only request staff record) executed at once, with the
 * staff member in its audit trail; 201 with the reference.
 */
export const middleware: Route.MiddlewareFunction[] = [readStaff, requireStaff({ answer: "call" })];

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const { country } = context.get(siteContext);
  const body = await readJsonBody(request);
  const language = typeof body.language === "string" && isLanguage(body.language) ? body.language : "nl";
  const locale = resolveLocale(language, country);
  const staff = signedInStaff(context, "call");
  const parsed = privacyRequestPayloadSchema.safeParse(body);
  if (!parsed.success) return validationFailure(locale, issuesToFields(parsed.error.issues));
  const input = parsed.data;
  const fields: Record<string, string[]> = {};
  if (!rightOf(input.flowType).staffMayRecord) fields.flowType = [MESSAGES.option];
  const brandKeys = brandKeysFor(country);
  if (input.brands?.some((key) => !brandKeys.has(key))) fields.brands = [MESSAGES.option];
  if (Object.keys(fields).length > 0) return validationFailure(locale, fields);
  const key = idempotencyKeyOf(request, body, country);
  if (!key.ok) return key.response;
  try {
    const outcome = await submitPrivacyRequest(
      input,
      { country, locale, language },
      {
        requestOrigin: new URL(request.url).origin,
        staff: { email: staff.email },
        submission: key.key,
      },
    );
    if (outcome.status === "INVALID_EMAIL") return invalidEmail(locale);
    if (outcome.status !== "accepted") return jsonRefusal(outcome, locale);
    context.get(serverContext).noteForLog(`staff privacy request ${outcome.id}`);
    return data({ reference: outcome.reference, state: outcome.state }, { status: 201 });
  } catch (error) {
    getLogger().error({ err: error }, "staff privacy request could not be stored");
    return jsonStorageFailure(locale, "privacyRights.storageFailure");
  }
}

export const loader = methodNotAllowed;
