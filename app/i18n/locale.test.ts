import { describe, expect, it } from "vitest";

import {
  countryFromHost,
  fallbackChain,
  htmlLang,
  languageFromPath,
  localizedPath,
  resolveLocale,
  switchableLanguages,
  switchLanguagePath,
} from "~/i18n/locale";

describe("countryFromHost", () => {
  it.each([
    ["www.veldhavenmedia.nl", "nl"],
    ["privacy.veldhavenmedia.be", "be"],
    ["VELDHAVEN.BE", "be"],
    ["example.nl:8443", "nl"],
    ["nl.localhost:3000", "nl"],
    ["be.localhost", "be"],
    ["staging.be.localhost:3000", "be"],
    ["veldhavenmedia.nl.", "nl"],
  ])("%s is %s", (host, country) => {
    expect(countryFromHost(host)).toBe(country);
  });

  it.each(["localhost:3000", "127.0.0.1:3000", "example.com", "nl.example.com", "be", "fr.localhost", "[::1]:3000"])(
    "%s has no country",
    (host) => {
      expect(countryFromHost(host)).toBeNull();
    },
  );
});

describe("languageFromPath", () => {
  it.each([
    ["/nl", "nl"],
    ["/fr/about", "fr"],
    ["/en/document/privacy-policy", "en"],
    ["/", null],
    ["/about", null],
    ["/NL/about", null],
    ["/de/about", null],
    ["/nlx", null],
  ])("%s gives %s", (path, language) => {
    expect(languageFromPath(path)).toBe(language);
  });
});

describe("locale and fallback", () => {
  it("combines language and country", () => {
    expect(resolveLocale("nl", "nl")).toBe("nl_nl");
    expect(resolveLocale("nl", "be")).toBe("nl_be");
    expect(resolveLocale("fr", "be")).toBe("fr_be");
    expect(resolveLocale("en", "be")).toBe("en_be");
  });

  it("shows nl_nl texts for French and English on .nl", () => {
    expect(resolveLocale("fr", "nl")).toBe("nl_nl");
    expect(resolveLocale("en", "nl")).toBe("nl_nl");
  });

  it("falls back en_be → nl_be → nl_nl, every other locale → nl_nl", () => {
    expect(fallbackChain("en_be")).toEqual(["en_be", "nl_be", "nl_nl"]);
    expect(fallbackChain("nl_be")).toEqual(["nl_be", "nl_nl"]);
    expect(fallbackChain("fr_be")).toEqual(["fr_be", "nl_nl"]);
    expect(fallbackChain("nl_nl")).toEqual(["nl_nl"]);
    expect(fallbackChain("fr_nl")).toEqual(["nl_nl"]);
  });

  it("gives BCP 47 tags for <html lang>", () => {
    expect(["nl_nl", "nl_be", "fr_be", "en_be"].map((l) => htmlLang(l as never))).toEqual([
      "nl-NL",
      "nl-BE",
      "fr-BE",
      "en-BE",
    ]);
  });
});

describe("language switching", () => {
  it("changes only the first segment and keeps path and query", () => {
    expect(switchLanguagePath("/nl/privacy-rights/access", "?a=1", "fr")).toBe("/fr/privacy-rights/access?a=1");
    expect(switchLanguagePath("/fr", "", "nl")).toBe("/nl");
    expect(switchLanguagePath("/fr/", "", "nl")).toBe("/nl");
  });

  it("is offered on .be only", () => {
    expect(switchableLanguages("be")).toEqual(["nl", "fr"]);
    expect(switchableLanguages("nl")).toEqual([]);
  });

  it("builds paths that keep the language", () => {
    expect(localizedPath("fr", "/")).toBe("/fr");
    expect(localizedPath("fr", "/about")).toBe("/fr/about");
    expect(localizedPath("nl", "document/terms-of-use")).toBe("/nl/document/terms-of-use");
  });
});
