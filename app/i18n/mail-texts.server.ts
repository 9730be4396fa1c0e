/**
 * The texts of the mails: the `mail` namespace,
 * locales/<locale>/mail.json, with the fallbacks of spec 1 applied as for
 * the pages' texts (en_be has none of its own and writes Belgian Dutch).
 * Only the server reads them: no page's bundle carries them.
 *
 * Templates (app/services/mail/) keep the layout and put in the values; the
 * texts are i18next strings, `{{name}}` for a value and `_one`/`_other`
 * (and `_zero`) for plural forms. Values go in as they are: a template
 * escapes the finished text for the HTML part, never the value alone.
 */
import en_be from "../../locales/en_be/mail.json";
import fr_be from "../../locales/fr_be/mail.json";
import nl_be from "../../locales/nl_be/mail.json";
import nl_nl from "../../locales/nl_nl/mail.json";
import { createI18n } from "./i18n-provider";
import {
  fallbackChain,
  isLanguage,
  resolveLocale,
  textLanguageTag,
  type Country,
  type Language,
  type Locale,
} from "./locale";
import { mergeTranslations, type Translations } from "./translations";

const MAIL_NAMESPACE = "mail";

export const mailTranslationsByLocale: Record<Locale, Translations> = { nl_nl, nl_be, fr_be, en_be };

/** Every mail text of a locale, its fallbacks applied. */
function resolvedMailTranslations(locale: Locale): Translations {
  return mergeTranslations(
    fallbackChain(locale)
      .reverse()
      .map((item) => mailTranslationsByLocale[item]),
  );
}

/** A mail text by its key, its values put in (i18next interpolation; `count` picks a plural form). */
export type MailText = (key: string, values?: Record<string, string | number>) => string;

export type MailTexts = {
  text: MailText;
  /** The language the texts are written in ("nl" for en_be too): the mail's `<html lang>` and the pages its links open. */
  language: Language;
  /** A moment as the texts' language writes a date ("10 april 2026"), on the Brussels calendar. */
  date: (iso: string) => string;
  /** The same with the time of day in Brussels ("10 april 2026 om 00:30"). */
  dateTime: (iso: string) => string;
};

/** Dates in mails are Brussels dates: a deadline at 00:30 Brussels time is that day, not the day before in UTC. */
const TIME_ZONE = "Europe/Brussels";

function createMailTexts(locale: Locale): MailTexts {
  const languageTag = textLanguageTag(locale);
  const language = languageTag.split("-")[0];
  if (!isLanguage(language))
    throw new Error(`The mail texts of ${locale} are in ${languageTag}, not a language of the site`);
  const { t } = createI18n(languageTag, resolvedMailTranslations(locale), MAIL_NAMESPACE);
  const dateFormat = new Intl.DateTimeFormat(languageTag, { dateStyle: "long", timeZone: TIME_ZONE });
  const dateTimeFormat = new Intl.DateTimeFormat(languageTag, {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: TIME_ZONE,
  });
  return {
    text: (key, values) => t(key, values),
    language,
    date: (iso) => dateFormat.format(new Date(iso)),
    dateTime: (iso) => dateTimeFormat.format(new Date(iso)),
  };
}

const mailTextsCache = new Map<Locale, MailTexts>();

/** The texts a mail to someone who used the site in `locale` is written in. */
export function mailTexts(locale: Locale): MailTexts {
  let texts = mailTextsCache.get(locale);
  if (!texts) {
    texts = createMailTexts(locale);
    mailTextsCache.set(locale, texts);
  }
  return texts;
}

/** The texts of a team's notices: Dutch, the country's (nl_nl or nl_be), whatever the language of the person it is about. */
export function teamMailTexts(country: Country): MailTexts {
  return mailTexts(resolveLocale("nl", country));
}
