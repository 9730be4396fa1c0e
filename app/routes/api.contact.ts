import { data } from "react-router";
import type { Route } from "./+types/api.contact";
import { serverContext } from "~/context";
import { LOCALES, countryOfLocale, isLocale } from "~/i18n/locale";
import { messageText } from "~/i18n/server-texts.server";
import { receiveContactMessage } from "~/services/contact.server";
import { HONEYPOT_FIELD } from "~/validation/honeypot";
import { getLogger } from "~/utils/logger.server";
import { contactSchema } from "~/validation/contact";

type FieldErrors = Record<string, string[]>;

/**
 * Spec 7: `POST /api/contact?locale={locale}` with JSON `{name, email, question}`.
 * 201 on success; 4xx with `{ error, fields? }` otherwise (never 500 for bad input).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return data({ error: "METHOD_NOT_ALLOWED" }, { status: 405, headers: { Allow: "POST" } });
  }
  const locale = new URL(request.url).searchParams.get("locale");
  if (!isLocale(locale)) {
    return data(
      { error: "VALIDATION", message: `The query parameter 'locale' must be one of ${LOCALES.join(", ")}.` },
      { status: 400 },
    );
  }
  const mediaType = request.headers.get("Content-Type")?.split(";")[0].trim().toLowerCase();
  if (mediaType !== "application/json") {
    return data({ error: "UNSUPPORTED_MEDIA_TYPE", message: "Send JSON (Content-Type: application/json)." }, { status: 415 });
  }
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return data({ error: "MALFORMED_JSON", message: "The request body is not valid JSON." }, { status: 400 });
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return data({ error: "VALIDATION", message: "The body must be a JSON object." }, { status: 400 });
  }

  const parsed = contactSchema.safeParse(body);
  if (!parsed.success) {
    const fields: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "body");
      (fields[field] ??= []).push(messageText(locale, issue.message));
    }
    return data({ error: "VALIDATION", fields }, { status: 400 });
  }

  try {
    const outcome = await receiveContactMessage({
      message: parsed.data,
      site: { locale, country: countryOfLocale(locale) },
      clientIp: context.get(serverContext).clientIp,
      honeypot: Object.hasOwn(body, HONEYPOT_FIELD) ? [(body as Record<string, unknown>)[HONEYPOT_FIELD]] : [],
    });
    if (outcome.status === "RATE_LIMITED") {
      return data(
        { error: "RATE_LIMITED", message: messageText(locale, "validation.rateLimited") },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
    }
    if (outcome.status === "HONEYPOT") return data({ error: "VALIDATION" }, { status: 400 });
    if (outcome.status === "EMAIL_INVALID") {
      return data(
        { error: "EMAIL_INVALID", fields: { email: [messageText(locale, "contact.emailInvalid")] } },
        { status: 400 },
      );
    }
    return data({ status: "sent", id: outcome.id }, { status: 201 });
  } catch (error) {
    getLogger().error({ err: error }, "contact message could not be stored");
    return data({ error: "UNAVAILABLE", message: messageText(locale, "contact.failure") }, { status: 503 });
  }
}

export function loader() {
  return data({ error: "METHOD_NOT_ALLOWED" }, { status: 405, headers: { Allow: "POST" } });
}
