/**
 * What one row adds to the daily figures (docs/decisions/008-request-figures.md,
 * "Rollups"): a request to the day it was received and the day it was
 * answered, a task to the day it was made, an ad report to the day it was
 * made. A change adds what the row adds after it less what it added
 * before, so the same function keeps the rollups as the rows change and
 * rebuilds them from the rows. Pure.
 */
import type { ComplaintState } from "./complaint";
import type { Country } from "./country";
import type { RequestState } from "./privacy-request";
import { ANSWERED_STATES, wholeDaysBetween } from "./request-figures";
import type { RightType } from "./rights";

/** Each rollup table: the columns of its key, and those it counts. */
export const ROLLUP_TABLES = {
  request_day: {
    key: ["day", "country", "right_type"],
    counts: ["received", "extended", "completed", "rejected", "within_deadline"],
  },
  request_answer_days: { key: ["day", "country", "right_type", "days"], counts: ["answered"] },
  request_answer_months: { key: ["month", "country", "right_type", "days"], counts: ["answered"] },
  ad_report_day: { key: ["day", "country", "reason", "state"], counts: ["reports"] },
  task_day: { key: ["day", "country", "system_id"], counts: ["tasks", "answered", "still_open"] },
  task_answer_days: { key: ["day", "country", "system_id", "days"], counts: ["answered"] },
} as const;

export type RollupTable = keyof typeof ROLLUP_TABLES;
export const ROLLUP_TABLE_NAMES = Object.keys(ROLLUP_TABLES) as RollupTable[];

/** The column of a table's key that says when: a day (`yyyy-mm-dd`), or a month (`yyyy-mm`). */
export const whenColumn = (table: RollupTable) => ROLLUP_TABLES[table].key[0];

/** One row of one rollup table: its key's values and what it adds to each count. */
export type RollupRow = {
  table: RollupTable;
  key: Record<string, string | number>;
  counts: Record<string, number>;
};

/** What a request's figures read of it. */
export type RequestFacts = {
  country: Country;
  right_type: RightType;
  state: RequestState;
  verified_at: string | null;
  closed_at: string | null;
  due_at: string | null;
  extended_at: string | null;
};

/** What a task's figures read of it, with its request's country. */
export type TaskFacts = {
  country: Country;
  system_id: string;
  state: string;
  created_at: string;
  answered_at: string | null;
};

export type AdReportFacts = { country: Country; reason: string; state: ComplaintState; created_at: string };

const dayOf = (iso: string) => iso.slice(0, 10);
const flag = (yes: boolean) => (yes ? 1 : 0);

/** A request counts on the day its clock started and, once answered, on the day of its answer. */
export function requestRollups(request: RequestFacts | null | undefined): RollupRow[] {
  if (!request) return [];
  const receivedAt = request.verified_at ?? request.closed_at;
  if (receivedAt === null) return [];
  const { country, right_type } = request;
  const rows: RollupRow[] = [
    {
      table: "request_day",
      key: { day: dayOf(receivedAt), country, right_type },
      counts: { received: 1, extended: flag(request.extended_at !== null) },
    },
  ];
  const closedAt = request.closed_at;
  if (closedAt !== null && (ANSWERED_STATES as readonly RequestState[]).includes(request.state)) {
    const day = dayOf(closedAt);
    rows.push(
      {
        table: "request_day",
        key: { day, country, right_type },
        counts: {
          completed: flag(request.state === "COMPLETED"),
          rejected: flag(request.state === "REJECTED"),
          within_deadline: flag(request.due_at === null || closedAt <= request.due_at),
        },
      },
      {
        table: "request_answer_days",
        key: { day, country, right_type, days: wholeDaysBetween(receivedAt, closedAt) },
        counts: { answered: 1 },
      },
      {
        table: "request_answer_months",
        key: { month: day.slice(0, 7), country, right_type, days: wholeDaysBetween(receivedAt, closedAt) },
        counts: { answered: 1 },
      },
    );
  }
  return rows;
}

/** A task counts on the day it was made; once answered, in the histogram of its delay too. */
export function taskRollups(task: TaskFacts | null | undefined): RollupRow[] {
  if (!task) return [];
  const key = { day: dayOf(task.created_at), country: task.country, system_id: task.system_id };
  const rows: RollupRow[] = [
    {
      table: "task_day",
      key,
      counts: { tasks: 1, answered: flag(task.answered_at !== null), still_open: flag(task.state === "OPEN") },
    },
  ];
  if (task.answered_at !== null)
    rows.push({
      table: "task_answer_days",
      key: { ...key, days: wholeDaysBetween(task.created_at, task.answered_at) },
      counts: { answered: 1 },
    });
  return rows;
}

export function adReportRollups(report: AdReportFacts | null | undefined): RollupRow[] {
  if (!report) return [];
  return [
    {
      table: "ad_report_day",
      key: { day: dayOf(report.created_at), country: report.country, reason: report.reason, state: report.state },
      counts: { reports: 1 },
    },
  ];
}

const identity = (row: Pick<RollupRow, "table" | "key">) =>
  `${row.table}|${ROLLUP_TABLES[row.table].key.map((column) => row.key[column]).join("|")}`;

/** A running sum of rollup rows by table and key: rows added (or, with `sign` −1, taken away) a page at a time. */
export function rollupSum() {
  const sums = new Map<string, RollupRow>();
  return {
    add(rows: readonly RollupRow[], sign: 1 | -1 = 1) {
      for (const row of rows) {
        const id = identity(row);
        let sum = sums.get(id);
        if (!sum) {
          sum = { table: row.table, key: row.key, counts: {} };
          sums.set(id, sum);
        }
        for (const [column, value] of Object.entries(row.counts))
          sum.counts[column] = (sum.counts[column] ?? 0) + sign * value;
      }
    },
    /**
     * The sums, those that add nothing left out, in one order (by table,
     * then key), so two transactions that touch the same rows take their
     * locks in the same order.
     */
    rows(): RollupRow[] {
      return [...sums.entries()]
        .filter(([, row]) => Object.values(row.counts).some((value) => value !== 0))
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([, row]) => row);
    },
  };
}

/** What a change adds to the figures: the row's part after it, less its part before. */
export function rollupChange(before: RollupRow[], after: RollupRow[]): RollupRow[] {
  const sum = rollupSum();
  sum.add(before, -1);
  sum.add(after);
  return sum.rows();
}
