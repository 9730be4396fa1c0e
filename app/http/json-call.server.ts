import { type RouterContextProvider } from "react-router";

import { serverContext, siteContext } from "~/context";
import type { Locale } from "~/i18n/locale";
import { messageText } from "~/i18n/server-texts.server";
import { honeypotRefuses } from "~/services/submission/counted-limit.server";
import type { Sender } from "~/services/submission/intake.server";
import type { SubmissionKey } from "~/services/submission/keys.server";
import { jsonError, NO_STORE, type JsonErrorCodeKey } from "~/utils/json-error";
import { HONEYPOT_FIELD } from "~/validation/honeypot";

import { idempotencyKeyOf } from "./idempotency-key.server";
import { jsonHoneypot } from "./json-body.server";

/**
 * The error answers the API routes share, all built by `jsonError`.
 * A call that needs another answer builds it with `jsonError` itself.
 */

/** 405 for any method but POST on a JSON call (its loader, or an action asked with PUT/DELETE). */
export const methodNotAllowed = () => jsonError(405, "METHOD_NOT_ALLOWED", { headers: { Allow: "POST" } });

/** 400 VALIDATION with each field's messages (translation keys) in the caller's language. */
export function validationFailure(locale: Locale, fields: Record<string, string[]>, codeKey?: JsonErrorCodeKey) {
  return jsonError(400, "VALIDATION", {
    fields: Object.fromEntries(
      Object.entries(fields).map(([name, keys]) => [name, keys.map((key) => messageText(locale, key))]),
    ),
    codeKey,
  });
}

/**
 * 400 when the e-mail address is refused (malformed, or its domain takes no
 * mail): the code on the `email` field, in the caller's language. The code is
 * INVALID_EMAIL except on the contact call, whose spec 8 code is EMAIL_INVALID.
 */
export function invalidEmail(
  locale: Locale,
  {
    code = "INVALID_EMAIL",
    messageKey = "contact.emailInvalid",
    codeKey,
  }: { code?: "INVALID_EMAIL" | "EMAIL_INVALID"; messageKey?: string; codeKey?: JsonErrorCodeKey } = {},
) {
  return jsonError(400, code, { fields: { email: [messageText(locale, messageKey)] }, codeKey });
}

/** 400 VALIDATION naming the query parameter at fault; never stored (the calls that have one are cacheable). */
export const invalidParameter = (parameter: string, message: string) =>
  jsonError(400, "VALIDATION", { message, parameter, headers: NO_STORE });

/** 503 when storage or the register fails (never a 500): try again later. */
export const unavailable = (message: string, headers?: Record<string, string>) =>
  jsonError(503, "UNAVAILABLE", { message, headers });

/** The 503 of a read-only call whose data lives in the database: never stored, retry after a minute. */
export const unavailableForAMinute = (message: string) => unavailable(message, { ...NO_STORE, "Retry-After": "60" });

/**
 * What a JSON call that stores a submission checks after validation and
 * before its service: the honeypot, and the `Idempotency-Key` header. The
 * answer to return when either refuses; otherwise who sends and the call's
 * key, for the service (which counts the limits and recognises a retry).
 */
export function receiveJsonSubmission(
  request: Request,
  context: Readonly<RouterContextProvider>,
  form: string,
  body: Record<string, unknown>,
): { ok: false; response: Response } | { ok: true; sender: Sender; submission: SubmissionKey | undefined } {
  if (honeypotRefuses(form, jsonHoneypot(body, HONEYPOT_FIELD)))
    return { ok: false, response: jsonError(400, "VALIDATION") };
  const key = idempotencyKeyOf(request, body, context.get(siteContext).country);
  if (!key.ok) return key;
  return { ok: true, sender: { clientIp: context.get(serverContext).clientIp }, submission: key.key };
}
