import { DOCUMENT_KEYS } from "~/content/documents";
import { FULL_LOCALES } from "~/i18n/locale";

import { parseFrontMatter } from "./document-render.server";

/** Where a version lives: `content/documents/<locale>/<key>/<YYYY-MM-DD>.md`. */
const VERSION_PATH = /(?:^|\/)content\/documents\/([a-z]{2}_[a-z]{2})\/([a-z0-9-]+)\/([^/]+)\.md$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export type VersionFile = { locale: string; key: string; fileDate: string };

/** The locale, key and date a content path names, or null for a path outside the layout. */
export function versionFileOf(path: string): VersionFile | null {
  const match = VERSION_PATH.exec(path);
  return match ? { locale: match[1], key: match[2], fileDate: match[3] } : null;
}

/**
 * Every reason the document content cannot be published as it is: a version
 * without its date or summary, a file name that is not its date, two versions
 * on one date, or a full locale whose versions of a document fall on other
 * dates than another full locale's (a reader switching language must find the
 * same history). Pure: takes the files (path → source) and returns the problems.
 */
export function documentContentProblems(files: Record<string, string>): string[] {
  const problems: string[] = [];
  // locale → key → effective dates
  const dates = new Map<string, Map<string, string[]>>();
  for (const [path, source] of Object.entries(files)) {
    const name = path.replace(/^(\.\.\/)+/, "");
    const file = versionFileOf(path);
    if (!file) {
      problems.push(`${name}: not content/documents/<locale>/<key>/<YYYY-MM-DD>.md`);
      continue;
    }
    if (!DATE.test(file.fileDate))
      problems.push(`${name}: the file name must be the date it takes effect (YYYY-MM-DD)`);
    if (!(DOCUMENT_KEYS as readonly string[]).includes(file.key))
      problems.push(`${name}: unknown document ${file.key}`);
    let effective: string;
    try {
      effective = parseFrontMatter(source, name).meta.effective;
    } catch (error) {
      problems.push((error as Error).message);
      // Compared by its file name below, so one broken file is reported once.
      effective = file.fileDate;
    }
    if (effective !== file.fileDate) {
      problems.push(`${name}: effective ${effective} differs from the file name`);
    }
    const byKey = dates.get(file.locale) ?? new Map<string, string[]>();
    dates.set(file.locale, byKey);
    const list = byKey.get(file.key) ?? [];
    byKey.set(file.key, list);
    if (list.includes(effective)) problems.push(`${name}: two versions of ${file.locale}/${file.key} on ${effective}`);
    list.push(effective);
  }
  for (const key of DOCUMENT_KEYS) {
    const histories = FULL_LOCALES.map((locale) => ({
      locale,
      dates: [...new Set(dates.get(locale)?.get(key) ?? [])].sort().join(", "),
    }));
    for (const { locale, dates: list } of histories) {
      if (!list) problems.push(`content/documents/${locale}/${key}: no version`);
    }
    const [first, ...others] = histories.filter((history) => history.dates);
    for (const other of others) {
      if (other.dates !== first.dates) {
        problems.push(
          `content/documents/${other.locale}/${key}: versions on ${other.dates}, but ${first.locale} has ${first.dates}`,
        );
      }
    }
  }
  return problems;
}
