/** Texts of one namespace: nested objects of strings (key separator '.'). */
export type Translations = { [key: string]: string | Translations };

export const DEFAULT_NAMESPACE = "common";

/** Later bundles override earlier ones, key by key (used to apply fallbacks). */
export function mergeTranslations(bundles: Translations[]): Translations {
  const merged: Translations = {};
  for (const bundle of bundles) {
    for (const [key, value] of Object.entries(bundle)) {
      const current = merged[key];
      merged[key] =
        typeof value === "object" && typeof current === "object"
          ? mergeTranslations([current, value])
          : typeof value === "object"
            ? mergeTranslations([value])
            : value;
    }
  }
  return merged;
}

/** Every key of a bundle in dotted form ("nav.home"). */
export function flattenKeys(bundle: Translations, prefix = ""): string[] {
  return Object.entries(bundle).flatMap(([key, value]) =>
    typeof value === "object" ? flattenKeys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

/** Looks a dotted key up; returns the key itself when missing (as i18next does). */
export function lookup(bundle: Translations, key: string): string {
  let node: string | Translations | undefined = bundle;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || !Object.hasOwn(node, part)) return key;
    node = node[part];
  }
  return typeof node === "string" ? node : key;
}

/**
 * The soft hyphens that the page texts carry at their long words' syllables
 * (hyphenation.server.ts). A text that leaves the page's body (its
 * `<title>` in a tab or a bookmark, its description in a search result)
 * goes without them.
 */
export function withoutSoftHyphens(text: string): string {
  return text.replaceAll("\u00AD", "");
}

/** Every text of a bundle passed through `change` (the keys stay). */
export function mapTexts(bundle: Translations, change: (text: string) => string): Translations {
  return Object.fromEntries(
    Object.entries(bundle).map(([key, value]) => [
      key,
      typeof value === "object" ? mapTexts(value, change) : change(value),
    ]),
  );
}
