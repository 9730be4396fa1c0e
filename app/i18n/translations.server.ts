/**
 * Every locale's texts, resolved once per locale with its fallbacks. The
 * page renders with one i18next instance per locale (i18n-provider.tsx), so
 * no request builds an instance of its own (issue 14: remix-i18next's
 * middleware built and initialised one per request that nothing read).
 */
import en_be from "../../locales/en_be/common.json";
import fr_be from "../../locales/fr_be/common.json";
import nl_be from "../../locales/nl_be/common.json";
import nl_nl from "../../locales/nl_nl/common.json";
import { mergeTranslations, type Translations } from "./translations";
import { fallbackChain, type Locale } from "./locale";

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

/**
 * Issue 28: the sections only staff pages show. A public page's document
 * carries its texts for the browser in the page itself: leaving these out
 * makes every public page about 13 KB (a quarter of the texts) lighter to
 * render, encode and compress.
 */
const STAFF_SECTIONS = new Set(["backOffice", "internal"]);
const publicCache = new Map<Locale, Translations>();

/** The texts a page sends to the browser: all of them on a staff page, the public sections elsewhere. */
export function browserTranslations(locale: Locale, staffArea: boolean): Translations {
  if (staffArea) return resolvedTranslations(locale);
  let texts = publicCache.get(locale);
  if (!texts) {
    texts = Object.fromEntries(Object.entries(resolvedTranslations(locale)).filter(([section]) => !STAFF_SECTIONS.has(section))) as Translations;
    publicCache.set(locale, texts);
  }
  return texts;
}
