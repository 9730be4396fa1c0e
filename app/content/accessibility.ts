import { dateTimeFormat } from "~/utils/intl-formats";

/**
 * The facts of the accessibility statement (/{lang}/accessibility), kept
 * apart from its page so that the group updates them here after each check:
 * the standard, the day of the last check, what was checked and by which
 * test suites, and the known limits. The page's wording lives in the
 * locales under `accessibility.*`; each check and limit has its texts at
 * `accessibility.checks.<key>` and `accessibility.limits.<key>`.
 */

export type AccessibilityCheck = {
  key: "axe" | "keyboard" | "screenReader" | "reflow" | "forcedColors" | "withoutJavaScript";
  /**
   * The automated test suites that check it, as named in the repository
   * (paths with a digit: at 320 px they may break anywhere, tests/e2e/reflow.ts).
   */
  suites: readonly string[];
};

export type AccessibilityStatement = {
  /** WCAG version and level, and the European standard that refers to it. */
  standard: { guidelines: string; level: string; norm: string };
  /**
   * Dutch model: A (fully compliant) to E (no statement). B: partly
   * compliant, the known limits below are published with what we do about them.
   */
  status: "A" | "B" | "C";
  /** The day of the last check, as YYYY-MM-DD. */
  lastChecked: string;
  checks: readonly AccessibilityCheck[];
  limits: readonly ("answerFiles" | "adLabels" | "externalSites")[];
};

export const ACCESSIBILITY_STATEMENT: AccessibilityStatement = {
  standard: { guidelines: "WCAG 2.2", level: "AA", norm: "EN 301 549" },
  status: "B",
  lastChecked: "2026-12-04",
  checks: [
    { key: "axe", suites: ["tests/e2e/fixtures.ts", "tests/e2e/accessibility.spec.ts"] },
    { key: "keyboard", suites: ["tests/e2e/accessibility.spec.ts"] },
    { key: "screenReader", suites: ["tests/e2e/announcements.spec.ts"] },
    {
      key: "reflow",
      suites: ["tests/e2e/reflow-forms.spec.ts", "tests/e2e/layout-reflow.spec.ts", "tests/e2e/word-breaks.spec.ts"],
    },
    { key: "forcedColors", suites: ["tests/e2e/forced-colors-reflow-motion.spec.ts"] },
    // Every browser test runs in the "no-js" project of playwright.config.ts too (unless it is about scripts).
    { key: "withoutJavaScript", suites: ["tests/e2e/*.spec.ts"] },
  ],
  limits: ["answerFiles", "adLabels", "externalSites"],
};

/**
 * The day of the last check as a reader of `languageTag` writes it
 * ("4 december 2026", "4 décembre 2026"); a date that is not YYYY-MM-DD
 * is an editing mistake in this file and fails loudly.
 */
export function lastCheckedText(isoDay: string, languageTag: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDay)) throw new Error(`not a YYYY-MM-DD day: ${isoDay}`);
  const day = new Date(`${isoDay}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== isoDay) {
    throw new Error(`not a day of the calendar: ${isoDay}`);
  }
  return dateTimeFormat(languageTag, { dateStyle: "long", timeZone: "UTC" }).format(day);
}
