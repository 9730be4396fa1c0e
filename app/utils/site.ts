import type { Site } from "~/context";
import { localizedPath } from "~/i18n/locale";

import { useRootData } from "./root-data";

/** Country, language and locale of the current page (from the root loader). */
export function useSite(): Site {
  const data = useRootData();
  if (!data) throw new Error("useSite() needs the root loader data");
  return data.site;
}

/** Builds links inside the product that keep the language segment (spec 2). */
export function useLocalizedPath(): (path: string) => string {
  const { language } = useSite();
  return (path) => localizedPath(language, path);
}

/**
 * The `lang` a text needs when it differs from the page's: on en_be pages the
 * few English titles are `lang="en"` inside Dutch pages (WCAG 3.1.2).
 */
export function useTextLanguage(): (key: string) => string | undefined {
  const ownTexts = useRootData()?.ownTexts;
  return (key) => (ownTexts?.keys.includes(key) ? ownTexts.language : undefined);
}

/** The language tag of the page's texts (`<html lang>`), for dates and numbers written in them. */
export function usePageLanguageTag(): string {
  const data = useRootData();
  if (!data) throw new Error("usePageLanguageTag() needs the root loader data");
  return data.pageLanguageTag;
}
