/**
 * What the root loader gives every page (texts, site, banner...), typed here
 * so components read it without importing the root route (layers
 * import downward only). root.tsx builds a value of this type.
 */
import { useRouteLoaderData } from "react-router";

import type { Site } from "~/context";
import type { Language } from "~/i18n/locale";

/** A message shown once after a redirect (spec 3 "Banner"). */
export type BannerMessage = {
  /** Distinguishes two equal messages in a row. */
  id: string;
  type: "success" | "error";
  /** Translation key of the text. */
  textKey: string;
  /** Values of the text's placeholders (a file's name, a count). */
  values?: Record<string, string | number>;
};

/** Feature toggles per host (spec 6; services/site/features.server.ts decides them). */
export type Features = { test: boolean; analyticsScript: string | null };

export type RootData = {
  site: Site;
  /** `<html lang>` of the locale. */
  languageTag: string;
  /** The language of the text shown (en_be shows Dutch). */
  pageLanguageTag: string;
  /** A partial locale's own texts (en_be's few English titles), marked with their language. */
  ownTexts: { language: Language; keys: string[] } | null;
  /** The address of the page's texts (app/i18n/texts-store.ts). */
  texts: string;
  origin: string;
  features: Features;
  enhanceScript: string;
  banner: BannerMessage | null;
  /** The id the page's forms post with, new on every render (app/validation/form-definition.ts SUBMISSION_FIELD). */
  submissionId: string;
};

/** The root's data; undefined only on an error page thrown before the root loader ran. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}
