import type { DocumentKey } from "~/content/documents";
import type { Locale } from "~/i18n/locale";

import { addDays, documentsToday } from "./document-clock.server";
import { currentDocument, versionsOf, type LegalDocument } from "./documents.server";

/** How long before its day a new version is announced on the current page. */
const ANNOUNCE_DAYS = 30;

/** A version as a list names it. */
export type DocumentVersionSummary = {
  /** The day it took effect (YYYY-MM-DD). */
  effective: string;
  /** One line: what changed against the version before. */
  summary: string;
  material: boolean;
  title: string;
  /** The version in effect today. */
  current: boolean;
};

const summaryOf = (version: LegalDocument, current: boolean): DocumentVersionSummary => ({
  effective: version.effective,
  summary: version.summary,
  material: version.material,
  title: version.title,
  current,
});

/**
 * The versions of a document that have taken effect, newest first: the first
 * is the current one. A version dated later is left out until its day.
 */
export function documentVersions(
  key: DocumentKey,
  locale: Locale,
  today: string = documentsToday(),
): DocumentVersionSummary[] {
  const current = currentDocument(key, locale, today);
  return versionsOf(key, locale)
    .filter((version) => version.effective <= today)
    .reverse()
    .map((version) => summaryOf(version, version === current));
}

/**
 * One version that has taken effect (the current one or an earlier one),
 * rendered as the current one is; undefined for an unknown date or a version
 * whose day has not come.
 */
export function documentVersion(
  key: DocumentKey,
  locale: Locale,
  effective: string,
  today: string = documentsToday(),
): LegalDocument | undefined {
  if (effective > today) return undefined;
  return versionsOf(key, locale).find((version) => version.effective === effective);
}

/**
 * The next version when its day is at most ANNOUNCE_DAYS away: the current
 * page announces it with its date and summary. Its text is not published
 * before its day (no link: its archive address answers only once in effect).
 */
export function upcomingVersion(
  key: DocumentKey,
  locale: Locale,
  today: string = documentsToday(),
): Omit<DocumentVersionSummary, "current"> | undefined {
  const next = versionsOf(key, locale).find((version) => version.effective > today);
  if (!next || next.effective > addDays(today, ANNOUNCE_DAYS)) return undefined;
  return { effective: next.effective, summary: next.summary, material: next.material, title: next.title };
}

/** How long a material change is pointed out after it took effect. */
const MATERIAL_NOTICE_DAYS = 30;

/**
 * The version in effect when it changed something that matters to the
 * reader (`material`) at most MATERIAL_NOTICE_DAYS ago: the document page
 * and the home page's topic card point it out, with the comparison against
 * the version before.
 */
export function recentMaterialChange(
  key: DocumentKey,
  locale: Locale,
  today: string = documentsToday(),
): { effective: string; summary: string; previous: string } | undefined {
  const [current, previous] = documentVersions(key, locale, today);
  if (!current?.material || !previous || addDays(current.effective, MATERIAL_NOTICE_DAYS) <= today) return undefined;
  return { effective: current.effective, summary: current.summary, previous: previous.effective };
}
