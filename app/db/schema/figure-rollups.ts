import type { ComplaintState } from "~/domain/complaint";
import type { Country } from "~/domain/country";
import type { RightType } from "~/domain/rights";

/**
 * The privacy figures of one UTC day, country and right
 * (docs/decisions/008-request-figures.md): what was received on it and what
 * was answered on it. Aggregates, no person in them: they outlive the rows.
 */
export interface RequestDayTable {
  day: string;
  country: Country;
  right_type: RightType;
  /** Received on this day (verified; an objection without e-mail: carried out). */
  received: number;
  /** Of those received on this day: the deadline was extended. */
  extended: number;
  /** Answered on this day by carrying the request out. */
  completed: number;
  /** Answered on this day by refusing it. */
  rejected: number;
  /** Of those answered on this day: on or before the due date. */
  within_deadline: number;
}

/** How many requests answered on a day took how many whole days: the median and 90th percentile, exact. */
export interface RequestAnswerDaysTable {
  day: string;
  country: Country;
  right_type: RightType;
  days: number;
  answered: number;
}

/** The same per month (`yyyy-mm`): what a period's whole months read. */
export interface RequestAnswerMonthsTable {
  month: string;
  country: Country;
  right_type: RightType;
  days: number;
  answered: number;
}

/** The ad reports made on a day, by reason and the state each is in now. */
export interface AdReportDayTable {
  day: string;
  country: Country;
  reason: string;
  state: ComplaintState;
  reports: number;
}

/** The tasks made on a day for requests of a country, per system. */
export interface TaskDayTable {
  day: string;
  country: Country;
  system_id: string;
  tasks: number;
  answered: number;
  still_open: number;
}

/** How many tasks made on a day took how many whole days to be answered. */
export interface TaskAnswerDaysTable {
  day: string;
  country: Country;
  system_id: string;
  days: number;
  answered: number;
}
