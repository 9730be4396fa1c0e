/**
 * The figures the group publishes about people's requests, per
 * year and country: aggregates only, no figure drawn from fewer than ten
 * requests, and none that subtraction from the others would give
 * (docs/decisions/008-request-figures.md). The page and the
 * JSON call show the same shape.
 */
import { suppressedCells } from "./complementary-suppression";
import type { Country } from "./country";
import type { RightType } from "./privacy-request";
import { shareWithinDeadline, type RequestFigureRow, type RequestFigures } from "./request-figures";

/** Below this a count is not published, nor any that would let it be worked out, and no share or median is drawn from it. */
export const MINIMUM_SHOWN = 10;

/** null: not published: under MINIMUM_SHOWN, or left out so that no count under it can be worked out (a count); drawn from a count not published (a share, a median). */
export type PublicFigureRow = {
  received: number | null;
  answered: number | null;
  /** Of those answered, the share on or before the due date (0 to 1, four decimals). */
  shareAnsweredWithinDeadline: number | null;
  medianDaysToAnswer: number | null;
  extended: number | null;
};

export type PublicFigures = {
  country: Country;
  year: number;
  /** The years with figures, oldest first: from the first request to this year. */
  years: number[];
  /** The year has not ended yet: its figures are so far. */
  yearToDate: boolean;
  rights: Array<{ right: RightType } & PublicFigureRow>;
  total: PublicFigureRow;
};

/** The first year with figures: the GDPR, and the deadline they measure, apply from 25 May 2018. */
export const FIRST_FIGURES_YEAR = 2018;

/**
 * The year a visitor or a call asks for (`?year=`) when it could have
 * figures at all: four digits, from FIRST_FIGURES_YEAR to this year (UTC);
 * else null. Read before any query, so a year that cannot be costs nothing.
 */
export function askedFigureYear(text: string | null, now = new Date()): number | null {
  if (text === null || !/^\d{4}$/.test(text)) return null;
  const year = Number(text);
  return year >= FIRST_FIGURES_YEAR && year <= now.getUTCFullYear() ? year : null;
}

/** The counts a row publishes; the share and the median follow the count of those answered. */
const COUNTS = ["received", "answered", "extended"] as const;
const TOTAL = "total";

/**
 * What may be published of the team's figures for a year: the rights
 * offered in the country and all rights together. No count under
 * MINIMUM_SHOWN; and, since each column's total is the sum of the rights
 * (those not offered included), complementary suppression
 * (complementary-suppression.ts) leaves out as many more as it takes for
 * none to be worked out by subtraction. A left-out count reads the same
 * whatever the reason (null): a count left out only to protect another
 * must not be told apart, or it would bound the others again. Where the
 * count of those received is left out, so is the count extended (never
 * more, so it would bound it); where the count answered is, so are the
 * share and the median drawn from it (a share's denominator can be guessed,
 * and a median shows there were at least 10).
 */
export function publishedFigures(
  figures: Pick<RequestFigures, "byRight" | "total">,
  offered: (right: RightType) => boolean,
): Pick<PublicFigures, "rights" | "total"> {
  const rows = new Map<string, RequestFigureRow>([
    ...figures.byRight.map(({ right, ...row }) => [right, row] as const),
    [TOTAL, figures.total],
  ]);
  const cell = (column: string, row: string) => `${column}:${row}`;
  const values = new Map(
    [...rows].flatMap(([key, row]) => COUNTS.map((column) => [cell(column, key), row[column]] as const)),
  );
  const neverShown = figures.byRight
    .filter(({ right }) => !offered(right))
    .flatMap(({ right }) => COUNTS.map((column) => cell(column, right)));
  const hidden = suppressedCells({
    values,
    groups: COUNTS.map((column) => ({
      total: cell(column, TOTAL),
      parts: figures.byRight.map(({ right }) => cell(column, right)),
    })),
    hidden: [...[...values].filter(([, count]) => count < MINIMUM_SHOWN).map(([id]) => id), ...neverShown],
    follows: [...rows.keys()].map((key) => [cell("received", key), cell("extended", key)] as const),
    minimum: MINIMUM_SHOWN,
  });
  const publish = (key: string, row: RequestFigureRow): PublicFigureRow => {
    const count = (column: (typeof COUNTS)[number]) => (hidden.has(cell(column, key)) ? null : row[column]);
    const answered = count("answered");
    return {
      received: count("received"),
      answered,
      shareAnsweredWithinDeadline: answered === null ? null : shareWithinDeadline(row),
      medianDaysToAnswer: answered === null ? null : row.medianDays,
      extended: count("extended"),
    };
  };
  return {
    rights: figures.byRight
      .filter(({ right }) => offered(right))
      .map(({ right, ...row }) => ({ right, ...publish(right, row) })),
    total: publish(TOTAL, figures.total),
  };
}
