/**
 * What a request shed under load is answered with (server/overload.ts). A
 * call under /api/ gets the usual JSON error; a page gets a small HTML page
 * in its own language (Dutch on /nl, French on /fr), saying when
 * to try again, with a link to try again and one home. No script, no style,
 * no database: it must cost next to nothing.
 */
import { countryFromHost, htmlLang, languageFromPath, resolveLocale, type Locale } from "~/i18n/locale";
import { messageText } from "~/i18n/server-texts.server";
import { escapeHtml } from "~/utils/escape-html";
import { jsonErrorBody } from "~/utils/json-error";

export type BusyAnswer = { contentType: string; body: string };

const apiMessage = (retryAfterSeconds: number) =>
  `The server is busy. Please try again in ${retryAfterSeconds} seconds.`;

/** The page's texts, made once per locale and wait. */
const pageParts = new Map<string, { head: string; tail: string }>();

function partsFor(locale: Locale, retryAfterSeconds: number, home: string) {
  const key = `${locale}|${retryAfterSeconds}|${home}`;
  let parts = pageParts.get(key);
  if (!parts) {
    const text = (name: string) =>
      escapeHtml(messageText(locale, `overload.${name}`, { seconds: String(retryAfterSeconds) }));
    parts = {
      head:
        `<!doctype html><html lang="${htmlLang(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<meta name="robots" content="noindex"><title>${text("title")}</title></head><body><main><h1>${text("heading")}</h1><p>${text("retry")}</p><p><a href="`,
      tail: `">${text("again")}</a></p><p><a href="${home}">${text("home")}</a></p></main></body></html>`,
    };
    pageParts.set(key, parts);
  }
  return parts;
}

/** `url`: the request's path and query as sent; `host`: its Host header. */
export function busyAnswer(url: string, host: string | undefined, retryAfterSeconds: number): BusyAnswer {
  if (url.startsWith("/api/")) {
    return {
      contentType: "application/json; charset=utf-8",
      body: JSON.stringify(jsonErrorBody("UNAVAILABLE", { message: apiMessage(retryAfterSeconds) })),
    };
  }
  const pathname = url.split("?")[0];
  const language = languageFromPath(pathname) ?? "nl";
  // A host we do not serve still gets a page it can read: Dutch, as the default language.
  const locale = resolveLocale(language, countryFromHost(host ?? "") ?? "nl");
  const { head, tail } = partsFor(locale, retryAfterSeconds, `/${language}`);
  // The same address again: a path of our own (never another site's), as sent.
  const again = url.startsWith("/") && !url.startsWith("//") ? url : `/${language}`;
  return { contentType: "text/html; charset=utf-8", body: head + escapeHtml(again) + tail };
}
