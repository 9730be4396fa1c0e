/**
 * The rest of the team's figures for a period: the ad reports made in it
 * by reason and where each stands, and how long each system took over the
 * tasks requests gave it. Read from the daily rollups (decision 008), which
 * the reports' and tasks' changes keep in their own transactions.
 */
import { sql } from "kysely";

import type { Db } from "~/db/db.server";
import { COMPLAINT_STATES, type ComplaintState } from "~/domain/complaint";
import { histogramPercentile, type AdReportFigures, type SystemDelay } from "~/domain/request-figures";
import { COMPLAINT_REASONS } from "~/validation/complaint-reasons";

import { countriesOf, type FigurePeriod } from "./request-figures.server";

/** The table by reason from counts per reason and state: the form's reasons first, in its order; a reason no longer offered after them. */
export function adReportTable(rows: Array<{ reason: string; state: ComplaintState; count: number }>): AdReportFigures {
  const counted = rows.filter((row) => row.count !== 0);
  const reasons = [...new Set<string>([...COMPLAINT_REASONS, ...counted.map((row) => row.reason).sort()])];
  const byReason = reasons.map((reason) => {
    const states = Object.fromEntries(COMPLAINT_STATES.map((state) => [state, 0])) as Record<ComplaintState, number>;
    for (const row of counted) if (row.reason === reason) states[row.state] += row.count;
    return { reason, total: COMPLAINT_STATES.reduce((sum, state) => sum + states[state], 0), ...states };
  });
  return { total: byReason.reduce((sum, row) => sum + row.total, 0), byReason };
}

export async function adReportFigures(db: Db, period: FigurePeriod): Promise<AdReportFigures> {
  const rows = await db
    .selectFrom("ad_report_day")
    .select(["reason", "state", sql<number>`sum(reports)`.as("count")])
    .where("country", "in", countriesOf(period.country))
    .where("day", ">=", period.from)
    .where("day", "<=", period.to)
    .groupBy(["reason", "state"])
    .execute();
  return adReportTable(rows.map((row) => ({ ...row, count: Number(row.count) })));
}

/** A system's counts as a `group by` gives them (PostgreSQL's sums come as strings). */
type SystemCounts = {
  system_id: string;
  tasks: number | string;
  answered: number | string;
  still_open: number | string;
};

/** Each system's row with its register name (or its id, removed since) and its median, by name. */
export async function systemDelayTable(
  db: Db,
  grouped: SystemCounts[],
  answerDays: Array<{ systemId: string; days: number; answered: number }>,
): Promise<SystemDelay[]> {
  const names = new Map(
    (await db.selectFrom("data_system").select(["id", "name"]).execute()).map((system) => [system.id, system.name]),
  );
  const histograms = new Map<string, Map<number, number>>();
  for (const { systemId, days, answered } of answerDays) {
    const histogram = histograms.get(systemId) ?? new Map<number, number>();
    histogram.set(days, (histogram.get(days) ?? 0) + answered);
    histograms.set(systemId, histogram);
  }
  const counts = grouped.map((row) => ({
    systemId: row.system_id,
    tasks: Number(row.tasks),
    answered: Number(row.answered),
    stillOpen: Number(row.still_open),
  }));
  return counts
    .filter((row) => row.tasks > 0)
    .map((row) => ({
      ...row,
      name: names.get(row.systemId) ?? row.systemId,
      medianDays: histogramPercentile(histograms.get(row.systemId) ?? new Map(), 0.5),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Tasks made in the period for requests of the country (or both), per system. */
export async function systemDelays(db: Db, period: FigurePeriod): Promise<SystemDelay[]> {
  const [counts, days] = await Promise.all([
    db
      .selectFrom("task_day")
      .select([
        "system_id",
        sql<number>`sum(tasks)`.as("tasks"),
        sql<number>`sum(answered)`.as("answered"),
        sql<number>`sum(still_open)`.as("still_open"),
      ])
      .where("country", "in", countriesOf(period.country))
      .where("day", ">=", period.from)
      .where("day", "<=", period.to)
      .groupBy("system_id")
      .execute(),
    db
      .selectFrom("task_answer_days")
      .select(["system_id", "days", sql<number>`sum(answered)`.as("answered")])
      .where("country", "in", countriesOf(period.country))
      .where("day", ">=", period.from)
      .where("day", "<=", period.to)
      .groupBy(["system_id", "days"])
      .execute(),
  ]);
  return systemDelayTable(
    db,
    counts,
    days.map((row) => ({ systemId: row.system_id, days: Number(row.days), answered: Number(row.answered) })),
  );
}
