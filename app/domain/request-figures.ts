/**
 * The privacy team's figures, what they count and how
 * (docs/decisions/008-request-figures.md). Pure: the services count in the
 * database, the pages and the CSV read these shapes.
 */
import type { ComplaintState } from "./complaint";
import type { RequestState, RightType } from "./privacy-request";

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
  /** Days from receipt to answer of those answered; null without any. */
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

/** Days between two ISO moments, fractional. */
export function daysBetween(fromIso: string, toIso: string): number {
  return (Date.parse(toIso) - Date.parse(fromIso)) / DAY_MS;
}

/**
 * The p-th percentile (0 < p ≤ 1) of ascending values by the nearest-rank
 * method: a value that occurred, never one between two. The median of an
 * even count is the mean of the two middle values instead (the usual
 * reading of "median"). Rounded to tenths of a day; null for none.
 */
export function percentile(ascending: readonly number[], p: number): number | null {
  const n = ascending.length;
  if (n === 0) return null;
  const value =
    p === 0.5 && n % 2 === 0
      ? (ascending[n / 2 - 1] + ascending[n / 2]) / 2
      : ascending[Math.max(0, Math.ceil(p * n) - 1)];
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
