import type { TFunction } from "i18next";

import { parseMessage } from "~/validation/rules";

import { instanceFor } from "./i18n-provider";
import { htmlLang, type Locale } from "./locale";
import { resolvedTranslations } from "./translations.server";

/** A `t` for a locale outside a page request (API answers, mail). */
function textsFor(locale: Locale): TFunction {
  return instanceFor(htmlLang(locale), resolvedTranslations(locale)).t;
}

/** A validation message key ("validation.tooLong|100") as text, with any further values its text takes. */
export function messageText(locale: Locale, message: string, more: Record<string, string> = {}): string {
  const { key, values } = parseMessage(message);
  return textsFor(locale)(key, { ...values, ...more });
}
