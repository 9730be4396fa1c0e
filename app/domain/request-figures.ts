/**
 * The privacy team's figures, what they count and how
 * (docs/decisions/008-request-figures.md). Pure: the services count in the
 * database, the pages and the CSV read these shapes.
 */
import type { ComplaintState } from "./complaint";
import { RIGHT_TYPES, type RequestState, type RightType } from "./privacy-request";

/** A request is answered when it was carried out or refused: both are the answer GDPR Art. 12(3)-(4) owes within the deadline. */
export const ANSWERED_STATES = ["COMPLETED", "REJECTED"] as const satisfies readonly RequestState[];

/** The figures of one right, one month or all of them together. */
export type RequestFigureRow = {
  /** Its clock started in the period (verified; an objection without e-mail: carried out). */
  received: number;
  /** Of those received: the deadline was extended. */
  extended: number;
  /** Of those received: still being worked on and past the due date now. */
  overdueNow: number;
  /** Answered in the period (COMPLETED or REJECTED). */
  answered: number;
  completed: number;
  rejected: number;
  /** Of those answered: on or before the due date (an objection, carried out at once, always). */
  answeredWithinDeadline: number;
  /** Whole days from receipt to answer of those answered; null without any. */
  medianDays: number | null;
  p90Days: number | null;
};

export type RequestFigures = {
  total: RequestFigureRow;
  byRight: Array<{ right: RightType } & RequestFigureRow>;
  /** Every month of the period (`yyyy-mm`, UTC), empty ones too. */
  byMonth: Array<{ month: string } & RequestFigureRow>;
};

export type AdReportFigures = {
  total: number;
  /** Reports made in the period by reason, and where each stands now. */
  byReason: Array<{ reason: string; total: number } & Record<ComplaintState, number>>;
};

export type SystemDelay = {
  systemId: string;
  /** The register's name, or the id of a system since removed. */
  name: string;
  /** Tasks made in the period. */
  tasks: number;
  answered: number;
  stillOpen: number;
  /** Days from the task to the system's answer, of those answered. */
  medianDays: number | null;
};

/** The officers' reports page and its CSV: one period, one country or both. */
export type TeamFigures = {
  period: { from: string; to: string };
  requests: RequestFigures;
  /** Every request worked on and past its due date now, whenever it came in. */
  overdueNowAnyPeriod: number;
  adReports: AdReportFigures;
  systems: SystemDelay[];
};

/** The share of those answered that were answered within the deadline (0 to 1, four decimals): one rounding for every page. */
export function shareWithinDeadline(row: Pick<RequestFigureRow, "answered" | "answeredWithinDeadline">): number | null {
  return row.answered > 0 ? Math.round((row.answeredWithinDeadline / row.answered) * 10_000) / 10_000 : null;
}

const DAY_MS = 86_400_000;

/**
 * Whole days from one ISO moment to another: the days that have passed in
 * full (an answer within 24 hours took 0 days). Whole, so the figures can
 * keep a histogram per day and its median and 90th percentile stay exact.
 */
export function wholeDaysBetween(fromIso: string, toIso: string): number {
  return Math.max(0, Math.floor((Date.parse(toIso) - Date.parse(fromIso)) / DAY_MS));
}

/**
 * The p-th percentile (0 < p ≤ 1) of values kept as a histogram (value →
 * how many times it occurred: what the daily rollups hold), by the
 * nearest-rank method: a value that occurred, never one between two. The
 * median of an even count is the mean of the two middle values instead (the
 * usual reading of "median"). Rounded to tenths of a day; null for none.
 */
export function histogramPercentile(histogram: ReadonlyMap<number, number>, p: number): number | null {
  const values = [...histogram.entries()].filter(([, count]) => count > 0).sort(([a], [b]) => a - b);
  const n = values.reduce((sum, [, count]) => sum + count, 0);
  if (n === 0) return null;
  /** The value at 0-based rank `rank` of the values in ascending order. */
  const at = (rank: number) => {
    let seen = 0;
    for (const [value, count] of values) {
      seen += count;
      if (rank < seen) return value;
    }
    return values[values.length - 1][0];
  };
  const value = p === 0.5 && n % 2 === 0 ? (at(n / 2 - 1) + at(n / 2)) / 2 : at(Math.max(0, Math.ceil(p * n) - 1));
  return Math.round(value * 10) / 10;
}

/** The months (`yyyy-mm`) from one ISO day to another, both included. */
export function monthsOf(fromDay: string, toDay: string): string[] {
  const months: string[] = [];
  let year = Number(fromDay.slice(0, 4));
  let month = Number(fromDay.slice(5, 7));
  const last = toDay.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, "0")}`;
    if (key > last) return months;
    months.push(key);
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
}

/** The last day (`yyyy-mm-dd`) of a month (`yyyy-mm`). */
const lastDayOf = (month: string) =>
  new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);

/**
 * A period of days cut into the whole months it holds and the days at
 * its ends outside them: the months read from the monthly rollups, the
 * days from the daily ones. No whole month: all its days.
 */
export function wholeMonthsAndEnds(
  from: string,
  to: string,
): { months: string[]; ends: Array<{ from: string; to: string }> } {
  const months = monthsOf(from, to).filter((month) => `${month}-01` >= from && lastDayOf(month) <= to);
  if (months.length === 0) return { months, ends: [{ from, to }] };
  const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) - DAY_MS).toISOString().slice(0, 10);
  const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS).toISOString().slice(0, 10);
  const ends: Array<{ from: string; to: string }> = [];
  const first = `${months[0]}-01`;
  const last = lastDayOf(months[months.length - 1]);
  if (from < first) ends.push({ from, to: dayBefore(first) });
  if (to > last) ends.push({ from: dayAfter(last), to });
  return { months, ends };
}

/** Counts of one right and month (`yyyy-mm`), as the database grouped them: any of a row's counts. */
export type FigureCounts = { right: RightType; month: string } & Partial<
  Pick<RequestFigureRow, "received" | "extended" | "overdueNow" | "completed" | "rejected" | "answeredWithinDeadline">
>;

/** How many requests of one right, answered in one month, took `days` whole days. */
export type AnswerDays = { right: RightType; month: string; days: number; answered: number };

const COUNTED = ["received", "extended", "overdueNow", "completed", "rejected", "answeredWithinDeadline"] as const;

const emptyRow = (): RequestFigureRow => ({
  received: 0,
  extended: 0,
  overdueNow: 0,
  answered: 0,
  completed: 0,
  rejected: 0,
  answeredWithinDeadline: 0,
  medianDays: null,
  p90Days: null,
});

/**
 * The period's figures (its `months`) from counts grouped by right and
 * month: the total, each right, each month. Whoever counted them (the daily
 * rollups, or a recount of the rows) gets the same table.
 */
export function assembleRequestFigures(
  months: readonly string[],
  counts: readonly FigureCounts[],
  answerDays: readonly AnswerDays[],
): RequestFigures {
  const total = emptyRow();
  const byRight = new Map<RightType, RequestFigureRow>(RIGHT_TYPES.map((right) => [right, emptyRow()]));
  const byMonth = new Map<string, RequestFigureRow>(months.map((month) => [month, emptyRow()]));
  const rowsOf = (right: RightType, month: string) =>
    [total, byRight.get(right), byMonth.get(month)].filter((row) => row !== undefined);
  for (const row of counts) {
    for (const figures of rowsOf(row.right, row.month)) {
      for (const column of COUNTED) figures[column] += Number(row[column] ?? 0);
      figures.answered += Number(row.completed ?? 0) + Number(row.rejected ?? 0);
    }
  }
  const histograms = new Map<RequestFigureRow, Map<number, number>>();
  for (const { right, month, days, answered } of answerDays) {
    for (const figures of rowsOf(right, month)) {
      const histogram = histograms.get(figures) ?? new Map<number, number>();
      histogram.set(days, (histogram.get(days) ?? 0) + Number(answered));
      histograms.set(figures, histogram);
    }
  }
  for (const [figures, histogram] of histograms) {
    figures.medianDays = histogramPercentile(histogram, 0.5);
    figures.p90Days = histogramPercentile(histogram, 0.9);
  }
  return {
    total,
    byRight: [...byRight].map(([right, figures]) => ({ right, ...figures })),
    byMonth: [...byMonth].map(([month, figures]) => ({ month, ...figures })),
  };
}
