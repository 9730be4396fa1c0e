import type { MetaDescriptor } from "react-router";
import { textsAt } from "~/i18n/texts-store";
import { lookup, type Translations } from "~/i18n/translations";

export const SITE_NAME = "Veldhaven Media";

type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** The page's texts, named by the root loader data that every page carries. */
export function rootTranslations(matches: MatchLike[]): Translations {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { texts?: string } | undefined;
  return (root?.texts && textsAt(root.texts)) || {};
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
