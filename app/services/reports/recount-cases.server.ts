/**
 * The ad reports' and systems' figures counted again from the rows, as
 * before the daily rollups: what the rollups are compared with
 * (recount-requests.server.ts says who asks). The pages never call it.
 */
import { sql } from "kysely";

import type { Db } from "~/db/db.server";
import { wholeDaysBetween, type AdReportFigures, type SystemDelay } from "~/domain/request-figures";

import { adReportTable, systemDelayTable } from "./case-figures.server";
import { countriesOf, periodBounds, type FigurePeriod } from "./request-figures.server";

export async function recountAdReportFigures(db: Db, period: FigurePeriod): Promise<AdReportFigures> {
  const { start, end } = periodBounds(period);
  const rows = await db
    .selectFrom("political_ad_complaint")
    .select(["reason", "state", (eb) => eb.fn.countAll<number>().as("count")])
    .where("country", "in", countriesOf(period.country))
    .where("created_at", ">=", start)
    .where("created_at", "<", end)
    .groupBy(["reason", "state"])
    .execute();
  return adReportTable(rows.map((row) => ({ ...row, count: Number(row.count) })));
}

/** Tasks made in the period for requests of the country, per system, counted from the tasks. */
export async function recountSystemDelays(db: Db, period: FigurePeriod): Promise<SystemDelay[]> {
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
  return systemDelayTable(
    db,
    counts,
    answered.map((task) => ({
      systemId: task.system_id,
      days: wholeDaysBetween(task.created_at, task.answered_at!),
      answered: 1,
    })),
  );
}
