import { createHash } from "node:crypto";

import Negotiator from "negotiator";

import { isDocumentKey } from "~/content/documents";
import { countryOfLocale, htmlLang, isLocale, linkLanguage, LOCALES } from "~/i18n/locale";
import { documentVersions } from "~/services/site/document-versions.server";
import { currentDocument } from "~/services/site/documents.server";
import { clientHas } from "~/utils/etag.server";
import { publicOrigin } from "~/utils/public-origin.server";

import type { Route } from "./+types/plainhtml";

function textResponse(status: number, message: string) {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * Spec 7: `GET /api/plainhtml/{documentKey}?locale={locale}`, the document as HTML text.
 * A client that asks for JSON (Accept: application/json) gets the same text with
 * the document's history: each version in effect so far, with its archive address.
 */
export function loader({ params, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = url.searchParams.get("locale");
  if (!locale) return textResponse(400, `The query parameter 'locale' is required (${LOCALES.join(", ")}).`);
  if (!isLocale(locale)) {
    return textResponse(404, `Unknown locale '${locale}'. Known locales: ${LOCALES.join(", ")}.`);
  }
  const key = params.documentKey;
  if (!isDocumentKey(key)) {
    return textResponse(404, `Unknown document '${key}'.`);
  }
  const document = currentDocument(key, locale);
  if (!document) return textResponse(404, `The document '${key}' is not in effect yet.`);
  const asJson =
    new Negotiator({ headers: { accept: request.headers.get("Accept") ?? undefined } }).mediaType([
      "text/html",
      "application/json",
    ]) === "application/json";
  let body = document.html;
  let etag = document.etag;
  if (asJson) {
    const origin = publicOrigin(countryOfLocale(locale), url.origin);
    const language = linkLanguage(locale);
    body = JSON.stringify({
      key,
      locale: document.locale,
      title: document.title,
      effective: document.effective,
      html: document.html,
      versions: documentVersions(key, locale).map((version) => ({
        effective: version.effective,
        summary: version.summary,
        material: version.material,
        current: version.current,
        url: version.current
          ? `${origin}/${language}/document/${key}`
          : `${origin}/${language}/document/${key}/versions/${version.effective}`,
      })),
    });
    etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  }
  const headers = {
    "Content-Type": asJson ? "application/json; charset=utf-8" : "text/html; charset=utf-8",
    "Cache-Control": "public, max-age=300, stale-while-revalidate=86400",
    ETag: etag,
    "Content-Language": htmlLang(document.locale),
    // One address, two answers: a shared cache keeps them apart.
    Vary: "Accept",
  };
  if (clientHas(request, etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { status: 200, headers });
}
