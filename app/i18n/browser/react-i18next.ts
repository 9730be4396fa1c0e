/** The part of react-i18next the app uses, over ./i18next.ts (browser bundle only; see there). */
import { createContext, createElement, useContext, type ReactNode } from "react";
import { createInstance, type i18n } from "./i18next";

const I18nContext = createContext<i18n>(createInstance());

export function I18nextProvider({ i18n, children }: { i18n: i18n; children?: ReactNode }) {
  return createElement(I18nContext.Provider, { value: i18n }, children);
}

export function useTranslation() {
  const i18n = useContext(I18nContext);
  return { t: i18n.t, i18n, ready: true };
}
