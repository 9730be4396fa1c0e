import { createInstance, type i18n } from "i18next";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";

import { DEFAULT_NAMESPACE, type Translations } from "./translations";

/** A synchronous i18next instance over already-resolved texts (fallbacks applied) of one namespace. */
export function createI18n(languageTag: string, translations: Translations, namespace = DEFAULT_NAMESPACE): i18n {
  const instance = createInstance();
  void instance.init({
    lng: languageTag,
    resources: { [languageTag]: { [namespace]: translations } },
    defaultNS: namespace,
    ns: [namespace],
    load: "currentOnly",
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return instance;
}

// One instance per bundle: on the server the bundles are cached per locale,
// so every request of a locale shares an instance instead of building one.
const instances = new WeakMap<Translations, i18n>();

export function instanceFor(languageTag: string, translations: Translations): i18n {
  let instance = instances.get(translations);
  if (!instance || instance.language !== languageTag) {
    instance = createI18n(languageTag, translations);
    instances.set(translations, instance);
  }
  return instance;
}

/** Same texts on the server render and in the browser, from root loader data. */
export function I18nProvider(props: { languageTag: string; translations: Translations; children: ReactNode }) {
  const { languageTag, translations } = props;
  const i18n = instanceFor(languageTag, translations);
  return <I18nextProvider i18n={i18n}>{props.children}</I18nextProvider>;
}
