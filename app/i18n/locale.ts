import type { Country } from "~/domain/country";

/**
 * Country, language and locale rules of spec sections 1 and 9, in one place.
 * Pure functions: used by the server (loaders, API) and by the browser.
 */

const LANGUAGES = ["nl", "fr", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "nl";

export type { Country };

/** Locales that have texts. */
export const LOCALES = ["nl_nl", "nl_be", "fr_be", "en_be"] as const;
export type Locale = (typeof LOCALES)[number];
const BASE_LOCALE: Locale = "nl_nl";

/** Locales whose texts are complete (en_be only holds a few menu titles). */
export const FULL_LOCALES = ["nl_nl", "nl_be", "fr_be"] as const;

const HOST_PATTERN = /^(?:[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?\.?|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/i;

/**
 * A Host header value that is a host name (or bracketed IPv6 address) with an
 * optional port in range. With `optional`, an absent value passes; of a
 * comma-separated list (X-Forwarded-Host) the first value counts, as Express
 * reads it.
 */
export function isWellFormedHost(value: string | undefined, optional = false): boolean {
  if (value === undefined) return optional;
  const first = optional ? value.split(",")[0].trim() : value;
  const match = HOST_PATTERN.exec(first);
  if (!match) return false;
  const port = match[1];
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
}

/** Host without port, lower case, without a trailing dot. */
export function hostname(host: string): string {
  const withoutPort = host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : host.split(":")[0];
  return withoutPort.toLowerCase().replace(/\.$/, "");
}

/**
 * `.nl` gives the Netherlands and `.be` Belgium. For local use the hosts
 * `nl.localhost` and `be.localhost` (and their subdomains) count as well.
 */
export function countryFromHost(host: string): Country | null {
  const name = hostname(host);
  // `nl.localhost` stands for a .nl host, `x.be.localhost` for `x.be`.
  const effective = name.endsWith(".localhost") ? `.${name.slice(0, -".localhost".length)}` : name;
  if (effective.endsWith(".nl")) return "nl";
  if (effective.endsWith(".be")) return "be";
  return null;
}

export function isLanguage(value: string | undefined): value is Language {
  return (LANGUAGES as readonly string[]).includes(value ?? "");
}

/** The first path segment, or "" for `/`. */
export function firstSegment(pathname: string): string {
  return pathname.split("/")[1] ?? "";
}

export function languageFromPath(pathname: string): Language | null {
  const segment = firstSegment(pathname);
  return isLanguage(segment) ? segment : null;
}

/** The locale a language on a country's host asks for (may have no texts). */
function requestedLocale(language: Language, country: Country): string {
  return `${language}_${country}`;
}

export function isLocale(value: string | null | undefined): value is Locale {
  return (LOCALES as readonly string[]).includes(value ?? "");
}

/**
 * Text fallback (spec 1): en_be falls back to nl_be, then nl_nl; every other
 * locale (also fr_nl and en_nl, which have no texts) falls back to nl_nl.
 * The result starts with the locale itself when it has texts.
 */
export function fallbackChain(locale: string): Locale[] {
  if (locale === "en_be") return ["en_be", "nl_be", "nl_nl"];
  if (locale === BASE_LOCALE) return [BASE_LOCALE];
  return isLocale(locale) ? [locale, BASE_LOCALE] : [BASE_LOCALE];
}

/**
 * The locale whose texts a page shows: a language without texts on a host
 * (French or English on .nl) shows the fallback's texts.
 */
export function resolveLocale(language: Language, country: Country): Locale {
  const locale = requestedLocale(language, country);
  return isLocale(locale) ? locale : fallbackChain(locale)[0];
}

/** The language of the pages a mailed link opens: French for fr_be, else Dutch (en_be has no full texts). */
export function linkLanguage(locale: Locale): Language {
  return locale === "fr_be" ? "fr" : "nl";
}

/** The country a locale with texts belongs to. */
export function countryOfLocale(locale: Locale): Country {
  return locale === "nl_nl" ? "nl" : "be";
}

const HTML_LANG: Record<Locale, string> = {
  nl_nl: "nl-NL",
  nl_be: "nl-BE",
  fr_be: "fr-BE",
  en_be: "en-BE",
};

/** BCP 47 tag for `<html lang>`. */
export function htmlLang(locale: Locale): string {
  return HTML_LANG[locale];
}

/** Languages the switcher offers per country (hidden on .nl). */
export function switchableLanguages(country: Country): Language[] {
  return country === "be" ? ["nl", "fr"] : [];
}

/** The same path and query with another first segment (spec 4: switching). */
export function switchLanguagePath(pathname: string, search: string, language: Language): string {
  const segments = pathname.split("/");
  if (isLanguage(segments[1])) segments[1] = language;
  else segments.splice(1, 0, language);
  const path = segments.join("/").replace(/\/$/, "") || `/${language}`;
  return `${path}${search}`;
}

/** Path inside the product for the current language: `localizedPath('nl', '/about')`. */
export function localizedPath(language: Language, path: string): string {
  if (path === "/" || path === "") return `/${language}`;
  return `/${language}${path.startsWith("/") ? path : `/${path}`}`;
}

/**
 * The language of the text a locale actually shows. en_be only holds a few
 * menu titles (spec 1) and shows Belgian Dutch otherwise, so its pages are
 * Dutch; the English titles carry their own `lang` (see `partialTextLanguage`).
 */
export function textLanguageTag(locale: Locale): string {
  const full = fallbackChain(locale).find((item) => (FULL_LOCALES as readonly string[]).includes(item));
  return htmlLang(full ?? BASE_LOCALE);
}

/** The language of a partial locale's own texts ("en" for en_be), or null for a full locale. */
export function partialTextLanguage(locale: Locale): Language | null {
  if ((FULL_LOCALES as readonly string[]).includes(locale)) return null;
  const language = locale.split("_")[0];
  return isLanguage(language) ? language : null;
}
