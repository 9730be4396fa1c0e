import type { MetaDescriptor } from "react-router";

import { textsAt } from "~/i18n/texts-store";
import { lookup, mapTexts, withoutSoftHyphens, type Translations } from "~/i18n/translations";

export const SITE_NAME = "Veldhaven Media";

type MatchLike = { id: string; loaderData?: unknown } | undefined;

const plainTexts = new WeakMap<Translations, Translations>();

/**
 * The page's texts, named by the root loader data that every page carries,
 * without the soft hyphens the page's body shows them with: a `<title>` and
 * a description leave the page (a tab, a bookmark, a search result).
 */
export function rootTranslations(matches: MatchLike[]): Translations {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { texts?: string } | undefined;
  const texts = root?.texts && textsAt(root.texts);
  if (!texts) return {};
  let plain = plainTexts.get(texts);
  if (!plain) {
    plain = mapTexts(texts, withoutSoftHyphens);
    plainTexts.set(texts, plain);
  }
  return plain;
}

/** `<title>` and meta description from translation keys. */
export function pageMeta(
  matches: MatchLike[],
  titleKey: string,
  descriptionKey = "meta.description",
): MetaDescriptor[] {
  const texts = rootTranslations(matches);
  return [
    { title: `${lookup(texts, titleKey)} | ${SITE_NAME}` },
    { name: "description", content: lookup(texts, descriptionKey) },
  ];
}

/** The meta description of a page whose `<title>` its component renders (`PageTitle`). */
export function formPageMeta(matches: MatchLike[], descriptionKey = "meta.description"): MetaDescriptor[] {
  return [{ name: "description", content: lookup(rootTranslations(matches), descriptionKey) }];
}

/** Staff pages are for staff only: search engines never index or follow them (with X-Robots-Tag, cache-control.server.ts). */
export const NOT_INDEXED: MetaDescriptor = { name: "robots", content: "noindex, nofollow" };
