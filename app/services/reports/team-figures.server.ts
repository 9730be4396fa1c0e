/** Everything the officers' reports page and its CSV show, read at once. */
import type { Db } from "~/db/db.server";
import type { TeamFigures } from "~/domain/request-figures";

import { adReportFigures, systemDelays } from "./case-figures.server";
import { overdueNowAnyPeriod, requestFigures, type FigurePeriod } from "./request-figures.server";

export async function teamFigures(db: Db, period: FigurePeriod, now = new Date()): Promise<TeamFigures> {
  const [requests, overdue, adReports, systems] = await Promise.all([
    requestFigures(db, period, now),
    overdueNowAnyPeriod(db, period.country, now),
    adReportFigures(db, period),
    systemDelays(db, period),
  ]);
  return { period: { from: period.from, to: period.to }, requests, overdueNowAnyPeriod: overdue, adReports, systems };
}
