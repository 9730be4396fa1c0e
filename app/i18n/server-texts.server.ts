import type { TFunction } from "i18next";
import { parseMessage } from "~/validation/rules";
import { createI18n } from "./i18n-provider";
import { resolvedTranslations } from "./i18next.server";
import { htmlLang, type Locale } from "./locale";

const instances = new Map<Locale, TFunction>();

/** A `t` for a locale outside a page request (API answers, mail). */
export function textsFor(locale: Locale): TFunction {
  let t = instances.get(locale);
  if (!t) {
    t = createI18n(htmlLang(locale), resolvedTranslations(locale)).t;
    instances.set(locale, t);
  }
  return t;
}

/** A validation message key ("validation.tooLong|100") as text. */
export function messageText(locale: Locale, message: string): string {
  const { key, values } = parseMessage(message);
  return textsFor(locale)(key, values);
}
