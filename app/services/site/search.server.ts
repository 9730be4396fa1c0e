import MiniSearch from "minisearch";

import { DOCUMENT_KEYS } from "~/content/documents";
import { SEARCH_BOX_MAX_LENGTH } from "~/content/limits";
import { SEARCHABLE_PAGES } from "~/content/pages";
import { countryOfLocale, LOCALES, type Locale } from "~/i18n/locale";
import { lookup } from "~/i18n/translations";
import { resolvedTranslations } from "~/i18n/translations.server";
import { foldText } from "~/utils/fold";

import { phoneDirectoryFor } from "./content.server";
import { documentsToday } from "./document-clock.server";
import { currentDocument } from "./documents.server";

const MAX_RESULTS = 50;
const SNIPPET_RADIUS = 90;

type SearchKind = "document" | "page" | "phone";

type SearchItem = {
  id: string;
  kind: SearchKind;
  title: string;
  text: string;
  /** Path without the language segment, with the anchor for document sections. */
  path: string;
};

export type SearchResult = Omit<SearchItem, "text"> & { snippet: string };

function itemsFor(locale: Locale, today: string): SearchItem[] {
  const texts = resolvedTranslations(locale);
  // The texts in effect only: earlier versions and versions still ahead are not searched.
  const documentItems = DOCUMENT_KEYS.flatMap((key) => {
    const document = currentDocument(key, locale, today);
    if (!document) return [];
    return [
      {
        id: `document:${key}`,
        kind: "document" as const,
        title: document.title,
        text: document.description,
        path: `/document/${key}`,
      },
      ...document.sections.map((section) => ({
        id: `document:${key}#${section.id}`,
        kind: "document" as const,
        title: `${document.title}: ${section.title}`,
        text: section.text,
        path: `/document/${key}#${section.id}`,
      })),
    ];
  });
  const pageItems = SEARCHABLE_PAGES.filter((page) => page.countries.includes(countryOfLocale(locale))).map((page) => ({
    id: `page:${page.path}`,
    kind: "page" as const,
    title: lookup(texts, `pages.${page.key}.title`),
    text: lookup(texts, `pages.${page.key}.description`),
    path: page.path,
  }));
  const phoneItems = phoneDirectoryFor(countryOfLocale(locale)).map((entry) => ({
    id: `phone:${entry.brandName}`,
    kind: "phone" as const,
    title: entry.brandName,
    text: `${entry.phoneNumber} ${lookup(texts, `phone.types.${entry.brandType}`)}`,
    path: `/phone?q=${encodeURIComponent(entry.brandName)}`,
  }));
  return [...documentItems, ...pageItems, ...phoneItems];
}

/** `day`: the documents' today the index was built on; a new day may bring a new version in effect. */
type Index = { miniSearch: MiniSearch<SearchItem>; items: Map<string, SearchItem>; day: string };

const indexes = new Map<Locale, Index>();

function buildIndex(locale: Locale, day: string): Index {
  const items = itemsFor(locale, day);
  const miniSearch = new MiniSearch<SearchItem>({
    fields: ["title", "text"],
    storeFields: ["id"],
    // Accents folded both when indexing and when searching: "prive" finds "privé".
    processTerm: (term) => foldText(term),
    searchOptions: { boost: { title: 2 }, prefix: true, fuzzy: 0.2 },
  });
  miniSearch.addAll(items);
  return { miniSearch, items: new Map(items.map((item) => [item.id, item])), day };
}

/** Builds every locale's index (called once at start). */
export function warmSearchIndexes(): void {
  for (const locale of LOCALES) indexFor(locale);
}

function indexFor(locale: Locale): Index {
  const day = documentsToday();
  let index = indexes.get(locale);
  if (index?.day !== day) {
    index = buildIndex(locale, day);
    indexes.set(locale, index);
  }
  return index;
}

/** The text around the first query word found, or the start of the text. */
export function snippetOf(text: string, query: string): string {
  const folded = foldText(text);
  const words = foldText(query)
    .split(/[\s\p{P}]+/u)
    .filter((word) => word.length > 1);
  const position = words
    .map((word) => folded.indexOf(word))
    .filter((index) => index >= 0)
    .sort((a, b) => a - b)[0];
  if (position === undefined) {
    return text.length > 2 * SNIPPET_RADIUS ? `${text.slice(0, 2 * SNIPPET_RADIUS).trimEnd()}…` : text;
  }
  const start = Math.max(0, position - SNIPPET_RADIUS);
  const end = Math.min(text.length, position + SNIPPET_RADIUS);
  return `${start > 0 ? "…" : ""}${text.slice(start, end).trim()}${end < text.length ? "…" : ""}`;
}

/** Spec 2 "search page": documents (down to the section), pages and phone numbers. */
export function search(locale: Locale, rawQuery: string): SearchResult[] {
  const query = rawQuery.trim().slice(0, SEARCH_BOX_MAX_LENGTH);
  if (!query) return [];
  const { miniSearch, items } = indexFor(locale);
  // All words must match; if that finds nothing, any word may.
  let hits = miniSearch.search(query, { combineWith: "AND" });
  if (hits.length === 0) hits = miniSearch.search(query, { combineWith: "OR" });
  return hits.slice(0, MAX_RESULTS).map((hit) => {
    const item = items.get(hit.id as string)!;
    return { id: item.id, kind: item.kind, title: item.title, path: item.path, snippet: snippetOf(item.text, query) };
  });
}
