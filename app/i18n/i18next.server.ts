import type { Resource } from "i18next";
import { createI18nextMiddleware } from "remix-i18next/middleware";
import en_be from "../../locales/en_be/common.json";
import fr_be from "../../locales/fr_be/common.json";
import nl_be from "../../locales/nl_be/common.json";
import nl_nl from "../../locales/nl_nl/common.json";
import { siteFromUrl } from "./site.server";
import { DEFAULT_NAMESPACE, mergeTranslations, type Translations } from "./translations";
import { BASE_LOCALE, LOCALES, fallbackChain, htmlLang, type Locale } from "./locale";

export const translationsByLocale: Record<Locale, Translations> = {
  nl_nl,
  nl_be,
  fr_be,
  en_be,
};

const localeByTag = new Map(LOCALES.map((locale) => [htmlLang(locale), locale]));

/** i18next identifies languages by BCP 47 tag (nl-BE); files use locale ids (nl_be). */
const resources: Resource = Object.fromEntries(
  LOCALES.map((locale) => [
    htmlLang(locale),
    { [DEFAULT_NAMESPACE]: translationsByLocale[locale] },
  ]),
);

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

export const [i18nextMiddleware, , getI18n] = createI18nextMiddleware({
  detection: {
    supportedLanguages: LOCALES.map(htmlLang),
    fallbackLanguage: htmlLang(BASE_LOCALE),
    order: ["custom"],
    // Host and first path segment decide the locale; no cookie or header.
    findLocale: async (request) => {
      const site = siteFromUrl(new URL(request.url));
      return htmlLang(site?.locale ?? BASE_LOCALE);
    },
  },
  i18next: {
    resources,
    defaultNS: DEFAULT_NAMESPACE,
    ns: [DEFAULT_NAMESPACE],
    load: "currentOnly",
    fallbackLng: (tag: string) =>
      fallbackChain(localeByTag.get(tag) ?? BASE_LOCALE).slice(1).map(htmlLang),
    interpolation: { escapeValue: false },
  },
});
