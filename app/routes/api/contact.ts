import { data } from "react-router";
import type { Route } from "./+types/contact";
import { LOCALES, countryOfLocale, isLocale } from "~/i18n/locale";
import { messageText } from "~/i18n/server-texts.server";
import { submitContactMessage } from "~/services/contact.server";
import { guardJsonCall, methodNotAllowed, validationFailure } from "~/http/json-call.server";
import { readJsonBody } from "~/http/json-body.server";
import { getLogger } from "~/utils/logger.server";
import { contactSchema } from "~/validation/contact";
import { issuesToFields } from "~/validation/issues";

/**
 * Spec 7: `POST /api/contact?locale={locale}` with JSON `{name, email, question}`.
 * 201 on success; 4xx with `{ error, fields? }` otherwise (never 500 for bad input).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const locale = new URL(request.url).searchParams.get("locale");
  if (!isLocale(locale)) {
    return data(
      { error: "VALIDATION", message: `The query parameter 'locale' must be one of ${LOCALES.join(", ")}.` },
      { status: 400 },
    );
  }
  const body = await readJsonBody(request);
  const parsed = contactSchema.safeParse(body);
  if (!parsed.success) return validationFailure(locale, issuesToFields(parsed.error.issues));
  const refused = await guardJsonCall(context, "contact", body, locale);
  if (refused) return refused;

  try {
    const outcome = await submitContactMessage(parsed.data, { locale, country: countryOfLocale(locale) });
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

export const loader = methodNotAllowed;
