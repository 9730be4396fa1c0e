/** Everything the officers' reports page and its CSV show, read at once. */
import type { Db } from "~/db/db.server";
import type { TeamFigures } from "~/domain/request-figures";

import { adReportFigures, systemDelays } from "./case-figures.server";
import { recountAdReportFigures, recountSystemDelays } from "./recount-cases.server";
import { recountRequestFigures } from "./recount-requests.server";
import { overdueNowAnyPeriod, requestFigures, type FigurePeriod } from "./request-figures.server";

type Counting = {
  requests: typeof requestFigures;
  adReports: typeof adReportFigures;
  systems: typeof systemDelays;
};

const figuresBy =
  (counting: Counting) =>
  async (db: Db, period: FigurePeriod, now = new Date()): Promise<TeamFigures> => {
    const [requests, overdue, adReports, systems] = await Promise.all([
      counting.requests(db, period, now),
      overdueNowAnyPeriod(db, period.country, now),
      counting.adReports(db, period),
      counting.systems(db, period),
    ]);
    return { period: { from: period.from, to: period.to }, requests, overdueNowAnyPeriod: overdue, adReports, systems };
  };

/** From the daily rollups: what the pages show. */
export const teamFigures = figuresBy({ requests: requestFigures, adReports: adReportFigures, systems: systemDelays });

/** The same counted from the rows, to compare the rollups with (tests, `npm run figures -- check`, the bench). */
export const recountTeamFigures = figuresBy({
  requests: recountRequestFigures,
  adReports: recountAdReportFigures,
  systems: recountSystemDelays,
});
