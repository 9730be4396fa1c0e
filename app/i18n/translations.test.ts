import fs from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { flattenKeys, lookup } from "~/i18n/translations";
import { resolvedTranslations, translationsByLocale } from "~/i18n/translations.server";

const APP_DIR = path.resolve(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    // The app's code, not the tests beside it (their texts are made up).
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * Keys written literally in code: t("a.b"), t("a.b", {...}), labelKey: "a.b",
 * titleKey="a.b", textKey: "a.b", pageMeta(matches, "a.b"), lookup(texts, "a.b").
 */
const KEY_PATTERNS = [
  /\bt\(\s*"([^"$`]+)"/g,
  /\b\w*Key[=:]\s*"([^"$`]+)"/g,
  /\bpageMeta\(\s*matches,\s*"([^"]+)"/g,
  /\blookup\(\s*\w+,\s*"([^"]+)"/g,
  /\bi18nKey="([^"]+)"/g,
];

/**
 * Keys held in constants and arrays (`MESSAGES.required`, a table of title
 * keys): any quoted dotted name whose first part is one of the texts' top
 * namespaces ("validation.required", "privacyRights.processed.titleSubmitted").
 * A parameter after '|' ("validation.tooLong|100") is not part of the key.
 */
function keysInLiterals(text: string, namespaces: ReadonlySet<string>): string[] {
  return [...text.matchAll(/["'`]([a-z][A-Za-z]*(?:\.[A-Za-z0-9_-]+)+)(?:\|[^"'`]*)?["'`]/g)]
    .map((match) => match[1])
    .filter((key) => namespaces.has(key.split(".")[0]));
}

function keysUsedInCode(): Map<string, string> {
  const used = new Map<string, string>();
  const namespaces = new Set(Object.keys(translationsByLocale.nl_nl));
  for (const file of sourceFiles(APP_DIR)) {
    const text = fs.readFileSync(file, "utf8");
    const where = path.relative(APP_DIR, file);
    for (const pattern of KEY_PATTERNS) {
      for (const match of text.matchAll(pattern)) used.set(match[1], where);
    }
    for (const key of keysInLiterals(text, namespaces)) used.set(key, where);
  }
  return used;
}

const PLURAL_SUFFIXES = ["", "_zero", "_one", "_other"];

describe("translation keys", () => {
  const nlNl = new Set(flattenKeys(translationsByLocale.nl_nl));

  it("finds the keys used in code (sanity check of the scanner)", () => {
    const used = keysUsedInCode();
    expect(used.size).toBeGreaterThan(20);
    expect(used.has("notFound.heading")).toBe(true);
    // Held in constants, not in t() calls.
    expect(used.has("validation.phone")).toBe(true);
    expect(used.has("privacyRights.processed.titleProcessed")).toBe(true);
  });

  it("every key used in code exists in nl_nl", () => {
    const missing = [...keysUsedInCode()]
      // A key may name a leaf (with plural forms) or a group of texts (`t(\`${group}.${name}\`)`).
      .filter(
        ([key]) =>
          !PLURAL_SUFFIXES.some((suffix) => nlNl.has(`${key}${suffix}`)) &&
          ![...nlNl].some((leaf) => leaf.startsWith(`${key}.`)),
      )
      .map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });

  it.each(["nl_be", "fr_be"] as const)("every nl_nl key exists in %s", (locale) => {
    const keys = new Set(flattenKeys(translationsByLocale[locale]));
    expect([...nlNl].filter((key) => !keys.has(key))).toEqual([]);
  });

  it("en_be holds only keys that nl_nl has", () => {
    expect(flattenKeys(translationsByLocale.en_be).filter((key) => !nlNl.has(key))).toEqual([]);
  });

  it("no locale has an empty text", () => {
    for (const [locale, bundle] of Object.entries(translationsByLocale)) {
      const empty = flattenKeys(bundle).filter((key) => lookup(bundle, key).trim() === "");
      expect(empty, locale).toEqual([]);
    }
  });
});

describe("resolved texts with fallback", () => {
  it("en_be uses its own menu titles, then nl_be", () => {
    const texts = resolvedTranslations("en_be");
    expect(lookup(texts, "nav.privacyPolicy")).toBe("Privacy policy");
    expect(lookup(texts, "pages.rectification.title")).toBe(
      lookup(translationsByLocale.nl_be, "pages.rectification.title"),
    );
  });

  it("the 404 texts of the spec are in nl_nl", () => {
    const texts = resolvedTranslations("nl_nl");
    expect(lookup(texts, "notFound.title")).toBe("404 - Pagina niet gevonden");
    expect(lookup(texts, "notFound.heading")).toBe("Oeps... de weg kwijt?");
  });
});
