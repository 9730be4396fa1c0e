import { createHash } from "node:crypto";

import type { DocumentKey } from "~/content/documents";
import { hyphenated } from "~/i18n/hyphenation.server";
import { fallbackChain, FULL_LOCALES, linkLanguage, type Locale } from "~/i18n/locale";

import { documentsToday } from "./document-clock.server";
import { documentContentProblems, versionFileOf } from "./document-content-check.server";
import { renderDocument, type DocumentSection } from "./document-render.server";

export { renderDocument } from "./document-render.server";

/** One version of a legal document, in effect from `effective` until the next one. */
export type LegalDocument = {
  key: DocumentKey;
  /** Locale whose file was used (after fallback). */
  locale: Locale;
  title: string;
  description: string;
  /** The day it takes effect (YYYY-MM-DD, the file's name). */
  effective: string;
  /** One line: what changed against the version before. */
  summary: string;
  /** Whether the change matters to the reader's rights or obligations. */
  material: boolean;
  html: string;
  /** The title and the text as the page shows them: soft hyphens at the syllables of long words (hyphenation.server.ts). */
  shown: { title: string; html: string };
  etag: string;
  sections: DocumentSection[];
  /** The file as written: what a comparison of two versions reads. */
  markdown: string;
};

// Content files are bundled with the server, so a deployment carries them.
const files = import.meta.glob<string>("../../../content/documents/*/*/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});

/** Every version, oldest first, per `locale/key`. */
function loadAll(): Map<string, LegalDocument[]> {
  const problems = documentContentProblems(files);
  if (problems.length > 0) throw new Error(`Document content:\n  - ${problems.join("\n  - ")}`);
  const documents = new Map<string, LegalDocument[]>();
  for (const [path, source] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
    const file = versionFileOf(path)!;
    const locale = file.locale as Locale;
    if (!(FULL_LOCALES as readonly string[]).includes(locale)) continue;
    const name = path.replace(/^(\.\.\/)+/, "");
    const { meta, html, sections } = renderDocument(source, name, locale === "fr_be" ? "Tableau" : "Tabel");
    const id = `${locale}/${file.key}`;
    const list = documents.get(id) ?? [];
    documents.set(id, list);
    list.push({
      key: file.key as DocumentKey,
      locale,
      ...meta,
      html,
      shown: { title: hyphenated(meta.title, linkLanguage(locale)), html: hyphenated(html, linkLanguage(locale)) },
      sections,
      markdown: source,
      etag: `"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"`,
    });
  }
  return documents;
}

let cache: Map<string, LegalDocument[]> | undefined;

/** Every version of every document, parsed once; throws at start when the content is malformed. */
export function allDocuments(): Map<string, LegalDocument[]> {
  cache ??= loadAll();
  return cache;
}

/** All versions of the document (oldest first, future ones included) in the locale or its first fallback that has it. */
export function versionsOf(key: DocumentKey, locale: Locale): LegalDocument[] {
  const documents = allDocuments();
  for (const candidate of fallbackChain(locale)) {
    const versions = documents.get(`${candidate}/${key}`);
    if (versions) return versions;
  }
  throw new Error(`No document ${key} for ${locale}`);
}

/**
 * The version in effect: the newest whose day has come. Undefined while the
 * document's first version is still ahead: it is not published yet.
 */
export function currentDocument(
  key: DocumentKey,
  locale: Locale,
  today: string = documentsToday(),
): LegalDocument | undefined {
  return versionsOf(key, locale).findLast((version) => version.effective <= today);
}

/** The version in effect, for callers that need one (throws while the document is not published yet). */
export function getDocument(key: DocumentKey, locale: Locale, today: string = documentsToday()): LegalDocument {
  const current = currentDocument(key, locale, today);
  if (!current) throw new Error(`No version of ${key} for ${locale} in effect on ${today}`);
  return current;
}
