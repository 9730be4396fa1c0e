/**
 * The components' `t`: i18next's own, read from react-i18next's context.
 * react-i18next's `useTranslation` copies the whole i18next instance into a
 * new wrapper object for every component it renders, which a server pays on
 * every request (6.6 % of an uncached page's time, plus its
 * garbage); the texts never change while a page is shown, so every
 * component shares one `t` per instance. In the browser "react-i18next"
 * is the small translator (app/i18n/browser/react-i18next.ts).
 */
import type { i18n as I18n } from "i18next";
import { useContext } from "react";
import { I18nContext } from "react-i18next";

type Texts = { t: I18n["t"]; i18n: I18n };

const bound = new WeakMap<I18n, Texts>();

/** Keys are the code's, a few thousand at most; a bound keeps a key built from input from growing it. */
const MAX_REMEMBERED = 5000;

/**
 * i18next's `t`, remembering what a key without options gives (most calls):
 * the texts of an instance never change, and i18next parses the key and
 * walks its resources on every call (5 % of a page's render).
 */
function rememberingT(i18n: I18n): I18n["t"] {
  const t = i18n.t.bind(i18n) as (key: unknown, options?: unknown) => unknown;
  const plain = new Map<string, unknown>();
  return ((key: unknown, options?: unknown) => {
    if (options !== undefined || typeof key !== "string") return t(key, options);
    if (plain.has(key)) return plain.get(key);
    const text = t(key);
    if (plain.size < MAX_REMEMBERED) plain.set(key, text);
    return text;
  }) as I18n["t"];
}

export function useTranslation(): Texts {
  const { i18n } = useContext(I18nContext);
  if (!i18n) throw new Error("useTranslation outside the I18nProvider");
  let texts = bound.get(i18n);
  if (!texts) {
    texts = { t: rememberingT(i18n), i18n };
    bound.set(i18n, texts);
  }
  return texts;
}
