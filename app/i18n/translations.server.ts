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
