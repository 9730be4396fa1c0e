/**
 * How many privacy requests came in and how fast they were
 * answered, for a period and one country or both, by right and by month
 * (definitions: docs/decisions/008-request-figures.md). The counts are
 * grouped in the database; only the two moments of each answered request
 * are read, for the median and the 90th percentile, which SQLite cannot
 * compute. Every query reads an index of migration 020 (020-case-work.ts).
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";

import type { Db } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { COUNTRIES, type Country } from "~/domain/country";
import { ACTIVE_STATES, RIGHT_TYPES, type RightType } from "~/domain/privacy-request";
import {
  ANSWERED_STATES,
  daysBetween,
  monthsOf,
  percentile,
  type RequestFigureRow,
  type RequestFigures,
} from "~/domain/request-figures";

/** Two ISO days, both included, read in UTC; `country` null: both. */
export type FigurePeriod = { from: string; to: string; country: Country | null };

/** The period's bounds as the ISO moments the columns hold: [start, end). */
export function periodBounds({ from, to }: Pick<FigurePeriod, "from" | "to">): { start: string; end: string } {
  const end = new Date(`${to}T00:00:00.000Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return { start: `${from}T00:00:00.000Z`, end: end.toISOString() };
}

export const countriesOf = (country: Country | null): Country[] => (country ? [country] : [...COUNTRIES]);

type RequestBuilder = ExpressionBuilder<Database, "privacy_request">;

/**
 * Received in the period: verified in it, or (an objection recorded
 * without e-mail, carried out at once) closed in it without a
 * verification. Two ranges, each on an index of its own.
 */
function receivedIn(eb: RequestBuilder, start: string, end: string): Expression<SqlBool> {
  return eb.or([
    eb.and([eb("verified_at", ">=", start), eb("verified_at", "<", end)]),
    eb.and([eb("verified_at", "is", null), eb("closed_at", ">=", start), eb("closed_at", "<", end)]),
  ]);
}

/** When a request's clock started: its verification, or its being carried out without one. */
const receivedAt = sql<string>`coalesce(verified_at, closed_at)`;
const count = (condition: ReturnType<typeof sql>) => sql<number>`sum(case when ${condition} then 1 else 0 end)`;

const emptyRow = (): RequestFigureRow => ({
  received: 0,
  extended: 0,
  overdueNow: 0,
  answered: 0,
  completed: 0,
  rejected: 0,
  answeredWithinDeadline: 0,
  medianDays: null,
  p90Days: null,
});

async function receivedCounts(db: Db, period: FigurePeriod, now: Date) {
  const { start, end } = periodBounds(period);
  return db
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
}

async function answeredCounts(db: Db, period: FigurePeriod) {
  const { start, end } = periodBounds(period);
  return db
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
}

/** The days each answered request took, with its right and month: two short columns a row. */
async function answerDurations(db: Db, period: FigurePeriod) {
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
    days: Math.max(0, daysBetween(row.received_at, row.closed_at!)),
  }));
}

/** The request figures of a period. `now` decides what is overdue. */
export async function requestFigures(db: Db, period: FigurePeriod, now = new Date()): Promise<RequestFigures> {
  const [received, answered, durations] = await Promise.all([
    receivedCounts(db, period, now),
    answeredCounts(db, period),
    answerDurations(db, period),
  ]);
  const total = emptyRow();
  const byRight = new Map<RightType, RequestFigureRow>(RIGHT_TYPES.map((right) => [right, emptyRow()]));
  const byMonth = new Map<string, RequestFigureRow>(
    monthsOf(period.from, period.to).map((month) => [month, emptyRow()]),
  );
  const rowsOf = (right: RightType, month: string) =>
    [total, byRight.get(right), byMonth.get(month)].filter((row) => row !== undefined);

  for (const row of received) {
    for (const figures of rowsOf(row.right_type, row.month)) {
      figures.received += Number(row.received);
      figures.extended += Number(row.extended);
      figures.overdueNow += Number(row.overdue_now);
    }
  }
  for (const row of answered) {
    for (const figures of rowsOf(row.right_type, row.month)) {
      figures.answered += Number(row.answered);
      figures.answeredWithinDeadline += Number(row.within_deadline);
      if (row.state === "COMPLETED") figures.completed += Number(row.answered);
      else figures.rejected += Number(row.answered);
    }
  }
  const days = new Map<RequestFigureRow, number[]>();
  for (const { right, month, days: taken } of durations) {
    for (const figures of rowsOf(right, month)) {
      const list = days.get(figures) ?? [];
      list.push(taken);
      days.set(figures, list);
    }
  }
  for (const [figures, list] of days) {
    list.sort((a, b) => a - b);
    figures.medianDays = percentile(list, 0.5);
    figures.p90Days = percentile(list, 0.9);
  }
  return {
    total,
    byRight: [...byRight].map(([right, figures]) => ({ right, ...figures })),
    byMonth: [...byMonth].map(([month, figures]) => ({ month, ...figures })),
  };
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
