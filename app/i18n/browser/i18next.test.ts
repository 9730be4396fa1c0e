/**
 * The browser's small i18next (app/i18n/browser/) must give every text
 * exactly as i18next gives it on the server, or hydration would find other
 * words than the server rendered.
 */
import { describe, expect, it } from "vitest";

import { createInstance as createBrowserInstance, translator } from "~/i18n/browser/i18next";
import { createI18n } from "~/i18n/i18n-provider";
import { htmlLang, LOCALES } from "~/i18n/locale";
import { flattenKeys, lookup } from "~/i18n/translations";
import { resolvedTranslations } from "~/i18n/translations.server";

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

describe.each(LOCALES)("%s", (locale) => {
  const tag = htmlLang(locale);
  const texts = resolvedTranslations(locale);
  const server = createI18n(tag, texts);
  const browser = translator(tag, texts);
  const keys = [...new Set(flattenKeys(texts).map((key) => key.replace(PLURAL_SUFFIX, "")))];

  it("every text, with its values filled in, for counts 0, 1, 2 and 21", () => {
    let compared = 0;
    for (const key of keys) {
      const written = [
        lookup(texts, key),
        ...["zero", "one", "other"].map((form) => lookup(texts, `${key}_${form}`)),
      ].join(" ");
      const names = [...written.matchAll(/\{\{(.+?)\}\}/g)].map(([, name]) => name.trim());
      const values = Object.fromEntries(names.map((name) => [name, `«${name}»`]));
      for (const count of [0, 1, 2, 21]) {
        const options = { ...values, count };
        expect(browser(key, options), `${key} (count ${count})`).toBe(server.t(key, options));
        compared++;
      }
      expect(browser(key, values), key).toBe(server.t(key, values));
    }
    expect(compared).toBeGreaterThan(400);
  });

  it("a value not given stays as written; an unknown key gives the key or the default", () => {
    const withValue = keys.find((key) => /\{\{/.test(lookup(texts, key)));
    if (withValue) expect(browser(withValue)).toBe(server.t(withValue));
    expect(browser("no.such.key")).toBe(server.t("no.such.key"));
    expect(browser("no.such.key", { defaultValue: "Reserve" })).toBe(
      server.t("no.such.key", { defaultValue: "Reserve" }),
    );
  });

  it("is set up the way the page sets up i18next", () => {
    const instance = createBrowserInstance();
    instance.init({ lng: tag, defaultNS: "common", resources: { [tag]: { common: texts } } });
    expect(instance.language).toBe(server.language);
    expect(instance.t("nav.home")).toBe(server.t("nav.home"));
  });
});
