/**
 * The rest of the team's figures for a period: the ad reports made
 * in it by reason and where each stands, and how long each system took over
 * the tasks requests gave it. Grouped in the database; only the
 * answered tasks' two moments are read, for their median.
 */
import { sql } from "kysely";

import type { Db } from "~/db/db.server";
import { COMPLAINT_STATES } from "~/domain/complaint";
import { daysBetween, percentile, type AdReportFigures, type SystemDelay } from "~/domain/request-figures";
import { COMPLAINT_REASONS } from "~/validation/complaint-reasons";

import { countriesOf, periodBounds, type FigurePeriod } from "./request-figures.server";

export async function adReportFigures(db: Db, period: FigurePeriod): Promise<AdReportFigures> {
  const { start, end } = periodBounds(period);
  const rows = await db
    .selectFrom("political_ad_complaint")
    .select(["reason", "state", (eb) => eb.fn.countAll<number>().as("count")])
    .where("country", "in", countriesOf(period.country))
    .where("created_at", ">=", start)
    .where("created_at", "<", end)
    .groupBy(["reason", "state"])
    .execute();
  // The form's reasons first, in its order; a reason no longer offered after them.
  const reasons = [...new Set<string>([...COMPLAINT_REASONS, ...rows.map((row) => row.reason).sort()])];
  const byReason = reasons.map((reason) => {
    const states = Object.fromEntries(COMPLAINT_STATES.map((state) => [state, 0])) as Record<
      (typeof COMPLAINT_STATES)[number],
      number
    >;
    for (const row of rows) if (row.reason === reason) states[row.state] += Number(row.count);
    return { reason, total: COMPLAINT_STATES.reduce((sum, state) => sum + states[state], 0), ...states };
  });
  return { total: byReason.reduce((sum, row) => sum + row.total, 0), byReason };
}

/**
 * Tasks made in the period for requests of the country, per system. Read
 * from the tasks' index by when they were made (migration 021): a join
 * led by the requests' country read every request of it first, ten times
 * slower. Both countries need no look at the requests at all.
 */
export async function systemDelays(db: Db, period: FigurePeriod): Promise<SystemDelay[]> {
  const { start, end } = periodBounds(period);
  const inPeriod = db
    .selectFrom("system_task as t")
    .where("t.created_at", ">=", start)
    .where("t.created_at", "<", end)
    .$if(period.country !== null, (query) =>
      query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom("privacy_request as r")
            .select("r.id")
            .whereRef("r.id", "=", "t.request_id")
            .where("r.country", "=", period.country!),
        ),
      ),
    );
  const [counts, answered] = await Promise.all([
    inPeriod
      .select([
        "t.system_id",
        (eb) => eb.fn.countAll<number>().as("tasks"),
        sql<number>`sum(case when t.answered_at is not null then 1 else 0 end)`.as("answered"),
        sql<number>`sum(case when t.state = 'OPEN' then 1 else 0 end)`.as("still_open"),
      ])
      .groupBy("t.system_id")
      .execute(),
    inPeriod.select(["t.system_id", "t.created_at", "t.answered_at"]).where("t.answered_at", "is not", null).execute(),
  ]);
  const names = new Map(
    (await db.selectFrom("data_system").select(["id", "name"]).execute()).map((system) => [system.id, system.name]),
  );
  const days = new Map<string, number[]>();
  for (const task of answered) {
    const list = days.get(task.system_id) ?? [];
    list.push(Math.max(0, daysBetween(task.created_at, task.answered_at!)));
    days.set(task.system_id, list);
  }
  return counts
    .map((row) => ({
      systemId: row.system_id,
      name: names.get(row.system_id) ?? row.system_id,
      tasks: Number(row.tasks),
      answered: Number(row.answered),
      stillOpen: Number(row.still_open),
      medianDays: percentile(
        (days.get(row.system_id) ?? []).sort((a, b) => a - b),
        0.5,
      ),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
