import { data, type RouterContextProvider } from "react-router";
import { serverContext } from "~/context";
import type { Locale } from "~/i18n/locale";
import { messageText } from "~/i18n/server-texts.server";
import { guardPublicForm } from "~/services/public-form-guard.server";
import { HONEYPOT_FIELD } from "~/validation/honeypot";
import { jsonHoneypot } from "./json-body.server";

/** 400 VALIDATION with each field's messages in the caller's language. */
export function validationFailure(locale: Locale, fields: Record<string, string[]>) {
  return data(
    {
      error: "VALIDATION",
      fields: Object.fromEntries(Object.entries(fields).map(([name, keys]) => [name, keys.map((key) => messageText(locale, key))])),
    },
    { status: 400 },
  );
}

/**
 * The public-form guard for a JSON call (honeypot, rate limit per IP), run
 * after validation and before any service: the answer to return when it
 * refuses, otherwise null.
 */
export async function guardJsonCall(
  context: Readonly<RouterContextProvider>,
  form: string,
  body: Record<string, unknown>,
  locale: Locale,
) {
  const verdict = await guardPublicForm({
    form,
    clientIp: context.get(serverContext).clientIp,
    honeypot: jsonHoneypot(body, HONEYPOT_FIELD),
  });
  if (verdict.ok) return null;
  if (verdict.reason === "honeypot") return data({ error: "VALIDATION" }, { status: 400 });
  return data(
    { error: "RATE_LIMITED", message: messageText(locale, "validation.rateLimited") },
    { status: 429, headers: { "Retry-After": String(verdict.retryAfterSeconds) } },
  );
}

export const methodNotAllowed = () => data({ error: "METHOD_NOT_ALLOWED" }, { status: 405, headers: { Allow: "POST" } });
