/**
 * How many privacy requests came in and how fast they were answered, for
 * a period and one country or both, by right and by month (definitions:
 * docs/decisions/008-request-figures.md). Read from the daily rollups
 * (rollup-writes.server.ts keeps them): a year is a few thousand rows
 * whatever the number of requests. Only what is overdue now, which the
 * clock changes, is counted live, on the index of the requests being worked
 * on (migration 025).
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";

import type { Db } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { COUNTRIES, type Country } from "~/domain/country";
import { ACTIVE_STATES } from "~/domain/privacy-request";
import { assembleRequestFigures, monthsOf, wholeMonthsAndEnds, type RequestFigures } from "~/domain/request-figures";

/** Two ISO days, both included, read in UTC; `country` null: both. */
export type FigurePeriod = { from: string; to: string; country: Country | null };

/** The period's bounds as the ISO moments the columns hold: [start, end). */
export function periodBounds({ from, to }: Pick<FigurePeriod, "from" | "to">): { start: string; end: string } {
  const end = new Date(`${to}T00:00:00.000Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return { start: `${from}T00:00:00.000Z`, end: end.toISOString() };
}

export const countriesOf = (country: Country | null): Country[] => (country ? [country] : [...COUNTRIES]);

/**
 * Received in the period: verified in it, or (an objection recorded
 * without e-mail, carried out at once) closed in it without a
 * verification. Two ranges, each on an index of its own.
 */
export function receivedIn(
  eb: ExpressionBuilder<Database, "privacy_request">,
  start: string,
  end: string,
): Expression<SqlBool> {
  return eb.or([
    eb.and([eb("verified_at", ">=", start), eb("verified_at", "<", end)]),
    eb.and([eb("verified_at", "is", null), eb("closed_at", ">=", start), eb("closed_at", "<", end)]),
  ]);
}

const month = sql<string>`substr(day, 1, 7)`;
const total = (column: string) => sql<number>`sum(${sql.ref(column)})`;

function dayCounts(db: Db, period: FigurePeriod) {
  return db
    .selectFrom("request_day")
    .select([
      "right_type",
      month.as("month"),
      total("received").as("received"),
      total("extended").as("extended"),
      total("completed").as("completed"),
      total("rejected").as("rejected"),
      total("within_deadline").as("within_deadline"),
    ])
    .where("country", "in", countriesOf(period.country))
    .where("day", ">=", period.from)
    .where("day", "<=", period.to)
    .groupBy(["right_type", month])
    .execute();
}

/**
 * The histogram of days to answer: the period's whole months from the
 * monthly rollup, the days at its ends from the daily one (a year per day
 * is ten times the rows).
 */
async function answerDays(db: Db, period: FigurePeriod) {
  const { months, ends } = wholeMonthsAndEnds(period.from, period.to);
  const countries = countriesOf(period.country);
  const [byMonth, ...byDay] = await Promise.all([
    months.length === 0
      ? []
      : db
          .selectFrom("request_answer_months")
          .select(["right_type", "month", "days", total("answered").as("answered")])
          .where("country", "in", countries)
          .where("month", ">=", months[0])
          .where("month", "<=", months[months.length - 1])
          .groupBy(["right_type", "month", "days"])
          .execute(),
    ...ends.map((end) =>
      db
        .selectFrom("request_answer_days")
        .select(["right_type", month.as("month"), "days", total("answered").as("answered")])
        .where("country", "in", countries)
        .where("day", ">=", end.from)
        .where("day", "<=", end.to)
        .groupBy(["right_type", month, "days"])
        .execute(),
    ),
  ]);
  return [...byMonth, ...byDay.flat()];
}

/** Of the requests received in the period, those being worked on and past their due date now, by right and month. */
function overdueNow(db: Db, period: FigurePeriod, now: Date) {
  const { start, end } = periodBounds(period);
  const receivedMonth = sql<string>`substr(coalesce(verified_at, closed_at), 1, 7)`;
  return db
    .selectFrom("privacy_request")
    .select(["right_type", receivedMonth.as("month"), (eb) => eb.fn.countAll<number>().as("overdue")])
    .where("state", "in", ACTIVE_STATES)
    .where("due_at", "<", now.toISOString())
    .where("country", "in", countriesOf(period.country))
    .where((eb) => receivedIn(eb, start, end))
    .groupBy(["right_type", receivedMonth])
    .execute();
}

/** The request figures of a period. `now` decides what is overdue. */
export async function requestFigures(db: Db, period: FigurePeriod, now = new Date()): Promise<RequestFigures> {
  const [counts, days, overdue] = await Promise.all([
    dayCounts(db, period),
    answerDays(db, period),
    overdueNow(db, period, now),
  ]);
  return assembleRequestFigures(
    monthsOf(period.from, period.to),
    [
      ...counts.map((row) => ({
        right: row.right_type,
        month: row.month,
        received: Number(row.received),
        extended: Number(row.extended),
        completed: Number(row.completed),
        rejected: Number(row.rejected),
        answeredWithinDeadline: Number(row.within_deadline),
      })),
      ...overdue.map((row) => ({ right: row.right_type, month: row.month, overdueNow: Number(row.overdue) })),
    ],
    days.map((row) => ({
      right: row.right_type,
      month: row.month,
      days: Number(row.days),
      answered: Number(row.answered),
    })),
  );
}

/** Every request worked on and past its due date now, whenever it came in (the index on state and due date). */
export async function overdueNowAnyPeriod(db: Db, country: Country | null, now = new Date()): Promise<number> {
  const row = await db
    .selectFrom("privacy_request")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("state", "in", ACTIVE_STATES)
    .where("due_at", "<", now.toISOString())
    .where("country", "in", countriesOf(country))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
