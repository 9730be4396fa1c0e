/**
 * The components' `t`: i18next's own, read from react-i18next's context.
 * react-i18next's `useTranslation` copies the whole i18next instance into a
 * new wrapper object for every component it renders, which a server pays on
 * every request (issue 28: 6.6 % of an uncached page's time, plus its
 * garbage); the texts never change while a page is shown, so every
 * component shares one bound `t` per instance. In the browser "react-i18next"
 * is the small translator (app/i18n/browser/react-i18next.ts).
 */
import type { i18n as I18n } from "i18next";
import { useContext } from "react";
import { I18nContext } from "react-i18next";

type Texts = { t: I18n["t"]; i18n: I18n };

const bound = new WeakMap<I18n, Texts>();

export function useTranslation(): Texts {
  const { i18n } = useContext(I18nContext);
  if (!i18n) throw new Error("useTranslation outside the I18nProvider");
  let texts = bound.get(i18n);
  if (!texts) {
    texts = { t: i18n.t.bind(i18n) as I18n["t"], i18n };
    bound.set(i18n, texts);
  }
  return texts;
}
