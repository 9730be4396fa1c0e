/**
 * Issue 42: the figures the group publishes about people's requests, per
 * year and country: aggregates only, and no figure drawn from fewer than
 * ten requests (docs/decisions/008-request-figures.md). The page and the
 * JSON call show the same shape.
 */
import type { Country } from "./country";
import type { RightType } from "./privacy-request";
import { shareWithinDeadline, type RequestFigureRow } from "./request-figures";

/** Below this a count is published as "fewer than 10", and no share or median is drawn from it. */
export const MINIMUM_SHOWN = 10;

/** null: fewer than MINIMUM_SHOWN (a count), or drawn from fewer (a share, a median). */
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

const shown = (count: number): number | null => (count >= MINIMUM_SHOWN ? count : null);

/** What may be published of one row of the team's figures. */
export function publicRow(row: RequestFigureRow): PublicFigureRow {
  const enough = row.answered >= MINIMUM_SHOWN;
  return {
    received: shown(row.received),
    answered: shown(row.answered),
    shareAnsweredWithinDeadline: enough ? shareWithinDeadline(row) : null,
    medianDaysToAnswer: enough ? row.medianDays : null,
    extended: shown(row.extended),
  };
}
