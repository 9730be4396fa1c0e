/**
 * The request figures counted again from the rows themselves, as they
 * were before the daily rollups (decision 008): what `npm run figures --
 * check`, the rollups' tests and `npm run bench:reports` compare the
 * rollups with. Its cost grows with the table; the pages never call it.
 */
import { sql } from "kysely";

import type { Db } from "~/db/db.server";
import { ACTIVE_STATES } from "~/domain/privacy-request";
import {
  ANSWERED_STATES,
  assembleRequestFigures,
  monthsOf,
  wholeDaysBetween,
  type AnswerDays,
  type FigureCounts,
  type RequestFigures,
} from "~/domain/request-figures";

import { countriesOf, periodBounds, receivedIn, type FigurePeriod } from "./request-figures.server";

/** When a request's clock started: its verification, or its being carried out without one. */
const receivedAt = sql<string>`coalesce(verified_at, closed_at)`;
const count = (condition: ReturnType<typeof sql>) => sql<number>`sum(case when ${condition} then 1 else 0 end)`;

async function receivedCounts(db: Db, period: FigurePeriod, now: Date): Promise<FigureCounts[]> {
  const { start, end } = periodBounds(period);
  const rows = await db
    .selectFrom("privacy_request")
    .select([
      "right_type",
      sql<string>`substr(${receivedAt}, 1, 7)`.as("month"),
      (eb) => eb.fn.countAll<number>().as("received"),
      count(sql`extended_at is not null`).as("extended"),
      count(sql`state in (${sql.join(ACTIVE_STATES)}) and due_at < ${now.toISOString()}`).as("overdue_now"),
    ])
    .where("country", "in", countriesOf(period.country))
    .where((eb) => receivedIn(eb, start, end))
    .groupBy(["right_type", sql`substr(${receivedAt}, 1, 7)`])
    .execute();
  return rows.map((row) => ({
    right: row.right_type,
    month: row.month,
    received: Number(row.received),
    extended: Number(row.extended),
    overdueNow: Number(row.overdue_now),
  }));
}

async function answeredCounts(db: Db, period: FigurePeriod): Promise<FigureCounts[]> {
  const { start, end } = periodBounds(period);
  const rows = await db
    .selectFrom("privacy_request")
    .select([
      "right_type",
      "state",
      sql<string>`substr(closed_at, 1, 7)`.as("month"),
      (eb) => eb.fn.countAll<number>().as("answered"),
      count(sql`due_at is null or closed_at <= due_at`).as("within_deadline"),
    ])
    .where("country", "in", countriesOf(period.country))
    .where("closed_at", ">=", start)
    .where("closed_at", "<", end)
    .where("state", "in", ANSWERED_STATES)
    .groupBy(["right_type", "state", sql`substr(closed_at, 1, 7)`])
    .execute();
  return rows.map((row) => ({
    right: row.right_type,
    month: row.month,
    [row.state === "COMPLETED" ? "completed" : "rejected"]: Number(row.answered),
    answeredWithinDeadline: Number(row.within_deadline),
  }));
}

/** The whole days each answered request took, with its right and month: two short columns a row. */
async function answerDays(db: Db, period: FigurePeriod): Promise<AnswerDays[]> {
  const { start, end } = periodBounds(period);
  const rows = await db
    .selectFrom("privacy_request")
    .select(["right_type", "closed_at", receivedAt.as("received_at")])
    .where("country", "in", countriesOf(period.country))
    .where("closed_at", ">=", start)
    .where("closed_at", "<", end)
    .where("state", "in", ANSWERED_STATES)
    .execute();
  return rows.map((row) => ({
    right: row.right_type,
    month: row.closed_at!.slice(0, 7),
    days: wholeDaysBetween(row.received_at, row.closed_at!),
    answered: 1,
  }));
}

/** The request figures of a period counted from the rows. `now` decides what is overdue. */
export async function recountRequestFigures(db: Db, period: FigurePeriod, now = new Date()): Promise<RequestFigures> {
  const [received, answered, days] = await Promise.all([
    receivedCounts(db, period, now),
    answeredCounts(db, period),
    answerDays(db, period),
  ]);
  return assembleRequestFigures(monthsOf(period.from, period.to), [...received, ...answered], days);
}
