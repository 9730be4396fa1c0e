/**
 * Every locale's texts, resolved once per locale with its fallbacks. The
 * page renders with one i18next instance per locale (i18n-provider.tsx), so
 * no request builds an instance of its own (remix-i18next's
 * middleware built and initialised one per request that nothing read).
 */
import { createHash } from "node:crypto";

import en_be from "../../locales/en_be/common.json";
import fr_be from "../../locales/fr_be/common.json";
import nl_be from "../../locales/nl_be/common.json";
import nl_nl from "../../locales/nl_nl/common.json";
import { hyphenated } from "./hyphenation.server";
import { fallbackChain, partialTextLanguage, textLanguageTag, type Locale } from "./locale";
import { provideTexts } from "./texts-store";
import { flattenKeys, mapTexts, mergeTranslations, type Translations } from "./translations";

export const translationsByLocale: Record<Locale, Translations> = {
  nl_nl,
  nl_be,
  fr_be,
  en_be,
};

const mergedCache = new Map<Locale, Translations>();

/** Every text a locale shows, its fallbacks already applied (sent to the browser). */
export function resolvedTranslations(locale: Locale): Translations {
  let merged = mergedCache.get(locale);
  if (!merged) {
    const chain = fallbackChain(locale).reverse();
    merged = mergeTranslations(chain.map((item) => translationsByLocale[item]));
    mergedCache.set(locale, merged);
  }
  return merged;
}

const ownKeysCache = new Map<Locale, string[]>();

/** Every key a locale has texts of its own for (en_be's few English titles), listed once per locale. */
export function ownTextKeys(locale: Locale): string[] {
  let keys = ownKeysCache.get(locale);
  if (!keys) {
    keys = flattenKeys(translationsByLocale[locale]);
    ownKeysCache.set(locale, keys);
  }
  return keys;
}

/**
 * The sections only staff pages show. A public page's texts
 * leave these out, a quarter of the texts a public visitor would fetch.
 */
const STAFF_SECTIONS = new Set(["backOffice", "internal"]);

function publicTexts(texts: Translations): Translations {
  return Object.fromEntries(Object.entries(texts).filter(([section]) => !STAFF_SECTIONS.has(section))) as Translations;
}

/**
 * What a page shows: every text with soft hyphens at its long words'
 * syllables, in the language it is written in (en_be's own few English
 * titles are left as they are), so that a heading, a button, a label or a
 * table's header at 200 % text on a phone breaks a word only there, with a
 * hyphen, in every browser (WCAG 1.4.4 with 1.4.10). Done here, once a
 * locale when the server starts, so that the browser gets the same texts
 * (hydration) without the hyphenation patterns. The texts of API answers,
 * mail and the site search stay plain (`resolvedTranslations`).
 */
function shownTranslations(locale: Locale): Translations {
  const chain = fallbackChain(locale).reverse();
  return mergeTranslations(
    chain.map((item) => {
      const language = partialTextLanguage(item) ?? textLanguageTag(item).slice(0, 2);
      return mapTexts(translationsByLocale[item], (text) => hyphenated(text, language));
    }),
  );
}

export type TextsBundle = { url: string; json: string };

/**
 * Each locale's public and staff texts as files named by their content: a
 * browser keeps one for as long as it likes, and a new deployment with other
 * texts has other names. Built once, when the server starts, and put in the
 * store the server renders from (texts-store.ts).
 */
const bundleUrls = new Map<string, string>();
const bundlesByUrl = new Map<string, TextsBundle>();
for (const locale of Object.keys(translationsByLocale) as Locale[]) {
  const shown = shownTranslations(locale);
  for (const staffArea of [false, true]) {
    const texts = staffArea ? shown : publicTexts(shown);
    const json = JSON.stringify(texts);
    const hash = createHash("sha256").update(json).digest("base64url").slice(0, 12);
    const url = `/texts/${locale}-${staffArea ? "staff" : "public"}-${hash}.json`;
    bundleUrls.set(`${locale}:${staffArea}`, url);
    bundlesByUrl.set(url, { url, json });
    provideTexts(url, texts);
  }
}

/** The address of the texts a page shows: all of them on a staff page, the public sections elsewhere. */
export function textsUrl(locale: Locale, staffArea: boolean): string {
  return bundleUrls.get(`${locale}:${staffArea}`)!;
}

/** A bundle by its address (the request's path), or undefined. */
export function textsBundle(pathname: string): TextsBundle | undefined {
  return bundlesByUrl.get(pathname);
}
