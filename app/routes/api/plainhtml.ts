import { isDocumentKey } from "~/content/documents";
import { htmlLang, isLocale, LOCALES } from "~/i18n/locale";
import { getDocument } from "~/services/site/documents.server";
import { clientHas } from "~/utils/etag.server";

import type { Route } from "./+types/plainhtml";

function textResponse(status: number, message: string) {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** Spec 7: `GET /api/plainhtml/{documentKey}?locale={locale}`, the document as HTML text. */
export function loader({ params, request }: Route.LoaderArgs) {
  const locale = new URL(request.url).searchParams.get("locale");
  if (!locale) return textResponse(400, `The query parameter 'locale' is required (${LOCALES.join(", ")}).`);
  if (!isLocale(locale)) {
    return textResponse(404, `Unknown locale '${locale}'. Known locales: ${LOCALES.join(", ")}.`);
  }
  if (!isDocumentKey(params.documentKey)) {
    return textResponse(404, `Unknown document '${params.documentKey}'.`);
  }
  const document = getDocument(params.documentKey, locale);
  const headers = {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "public, max-age=300, stale-while-revalidate=86400",
    ETag: document.etag,
    "Content-Language": htmlLang(document.locale),
  };
  if (clientHas(request, document.etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(document.html, { status: 200, headers });
}
