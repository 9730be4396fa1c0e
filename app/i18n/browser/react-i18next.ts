/** The part of react-i18next the app uses, over ./i18next.ts (browser bundle only; see there). */
import { createContext, createElement, useMemo, type ReactNode } from "react";

import { createInstance, type i18n } from "./i18next";

/** The same shape as react-i18next's, which app/i18n/use-translation.ts reads. */
export const I18nContext = createContext<{ i18n: i18n }>({ i18n: createInstance() });

export function I18nextProvider({ i18n, children }: { i18n: i18n; children?: ReactNode }) {
  const value = useMemo(() => ({ i18n }), [i18n]);
  return createElement(I18nContext.Provider, { value }, children);
}
