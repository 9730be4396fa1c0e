/**
 * The team's figures and the published ones, checked against
 * values this test works out by itself from the rows it inserts (its own
 * filters, its own median and nearest-rank 90th percentile), on SQLite and
 * on PostgreSQL: received by verification (or an objection carried out
 * without one), answered = completed or rejected, within the deadline,
 * extended, overdue now, per right and per month; and no published figure
 * under 10. Ad reports and the systems' delays: case-figures.test.ts.
 */
import { parse } from "csv-parse/sync";
import { expect, it } from "vitest";

import { RIGHT_TYPES, type RequestState, type RightType } from "~/domain/privacy-request";
import { rightsOfferedIn } from "~/domain/rights";
import { figuresCsv } from "~/services/reports/figures-csv.server";
import { computePublicFigures, figureYears } from "~/services/reports/public-figures.server";
import { requestFigures } from "~/services/reports/request-figures.server";
import { rebuildFigureRollups } from "~/services/reports/rollup-rebuild.server";
import { teamFigures } from "~/services/reports/team-figures.server";

import { describeEachDatabase } from "../../../tests/setup/unit-database";
import { requestRow, type RequestRowFacts as Row } from "../../../tests/setup/unit-request-rows";

const DAY = 86_400_000;
const NOW = new Date("2026-01-20T12:00:00.000Z");
const PERIOD = { from: "2025-01-01", to: "2025-12-31" };

const iso = (at: number) => new Date(at).toISOString();

/** A spread of requests: every right, both countries, the year before and after, each outcome. */
function rows(): Row[] {
  const made: Row[] = [];
  let n = 0;
  const add = (row: Omit<Row, "id">) => made.push({ id: `r${++n}`, ...row });
  for (let index = 0; index < 40; index++) {
    const verified = Date.parse("2024-12-20T09:00:00.000Z") + index * 9 * DAY + index * 3_600_000;
    const right: RightType = index % 4 === 0 ? "RIGHT_TO_BE_FORGOTTEN" : "RIGHT_OF_ACCESS";
    const extended = index % 7 === 0;
    const due = verified + (extended ? 61 : 31) * DAY;
    const taken = ((index * 37) % 45) + 0.25;
    const closes = verified + taken * DAY;
    const state: RequestState =
      index % 10 === 3 ? "REJECTED" : index % 10 === 6 ? "CLOSED" : index % 10 === 9 ? "IN_PROGRESS" : "COMPLETED";
    const active = state === "IN_PROGRESS";
    add({
      right,
      state,
      country: "nl",
      verifiedAt: iso(verified),
      closedAt: active ? null : iso(closes),
      dueAt: iso(due),
      extendedAt: extended ? iso(verified + 20 * DAY) : null,
    });
  }
  // Three rectifications: fewer than 10, so nothing of them is published.
  for (let index = 0; index < 3; index++) {
    const verified = Date.parse("2025-03-03T10:00:00.000Z") + index * DAY;
    add({
      right: "RECTIFICATION",
      state: "COMPLETED",
      country: "nl",
      verifiedAt: iso(verified),
      closedAt: iso(verified + 5 * DAY),
      dueAt: iso(verified + 31 * DAY),
      extendedAt: null,
    });
  }
  // Twelve objections carried out at once, five of them without e-mail (never verified).
  for (let index = 0; index < 12; index++) {
    const at = iso(Date.parse("2025-05-10T08:00:00.000Z") + index * 20 * DAY);
    add({
      right: "OBJECTION",
      state: "COMPLETED",
      country: "nl",
      verifiedAt: index < 5 ? null : at,
      closedAt: at,
      dueAt: null,
      extendedAt: null,
    });
  }
  // The rights added to the table: twelve portability requests (two extended), three
  // restrictions (one overdue now), eleven objections to processing (four not upheld).
  for (let index = 0; index < 12; index++) {
    const verified = Date.parse("2025-02-14T10:00:00.000Z") + index * 17 * DAY;
    const extended = index % 6 === 1;
    add({
      right: "DATA_PORTABILITY",
      state: "COMPLETED",
      country: "nl",
      verifiedAt: iso(verified),
      closedAt: iso(verified + (index * 5 + 3) * DAY),
      dueAt: iso(verified + (extended ? 89 : 28) * DAY),
      extendedAt: extended ? iso(verified + 25 * DAY) : null,
    });
  }
  for (let index = 0; index < 3; index++) {
    const verified = Date.parse("2025-11-20T10:00:00.000Z") + index * 4 * DAY;
    add({
      right: "RESTRICTION_OF_PROCESSING",
      state: index === 0 ? "IN_PROGRESS" : "COMPLETED",
      country: "nl",
      verifiedAt: iso(verified),
      closedAt: index === 0 ? null : iso(verified + 6 * DAY),
      dueAt: iso(verified + 30 * DAY),
      extendedAt: null,
    });
  }
  for (let index = 0; index < 11; index++) {
    const verified = Date.parse("2025-04-02T10:00:00.000Z") + index * 11 * DAY;
    add({
      right: "OBJECTION_TO_PROCESSING",
      state: index % 3 === 0 ? "REJECTED" : "COMPLETED",
      country: "nl",
      verifiedAt: iso(verified),
      closedAt: iso(verified + (index + 10) * DAY),
      dueAt: iso(verified + 30 * DAY),
      extendedAt: null,
    });
  }
  // Never verified, Belgian, and an overdue one received in the period.
  add({
    right: "RIGHT_OF_ACCESS",
    state: "EXPIRED",
    country: "nl",
    verifiedAt: null,
    closedAt: null,
    dueAt: null,
    extendedAt: null,
  });
  add({
    right: "RIGHT_OF_ACCESS",
    state: "COMPLETED",
    country: "be",
    verifiedAt: "2025-04-01T00:00:00.000Z",
    closedAt: "2025-04-03T00:00:00.000Z",
    dueAt: "2025-05-01T00:00:00.000Z",
    extendedAt: null,
  });
  add({
    right: "RIGHT_OF_ACCESS",
    state: "OPEN",
    country: "nl",
    verifiedAt: "2025-12-01T00:00:00.000Z",
    closedAt: null,
    dueAt: "2026-01-01T00:00:00.000Z",
    extendedAt: null,
  });
  return made;
}

// The test's own reading of the definitions (docs/decisions/008-request-figures.md).
const START = "2025-01-01T00:00:00.000Z";
const END = "2026-01-01T00:00:00.000Z";
const inPeriod = (at: string | null) => at !== null && at >= START && at < END;
const isReceived = (row: Row) =>
  row.country === "nl" &&
  (row.verifiedAt ? inPeriod(row.verifiedAt) : row.state === "COMPLETED" && inPeriod(row.closedAt));
const isAnswered = (row: Row) =>
  row.country === "nl" && (row.state === "COMPLETED" || row.state === "REJECTED") && inPeriod(row.closedAt);
/** Whole days that passed in full from receipt to answer. */
const daysTaken = (row: Row) =>
  Math.floor((Date.parse(row.closedAt!) - Date.parse(row.verifiedAt ?? row.closedAt!)) / DAY);

function expectedMedian(values: number[]): number | null {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = sorted.length / 2;
  const median = sorted.length % 2 === 0 ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[Math.floor(middle)];
  return Math.round(median * 10) / 10;
}

function expectedP90(values: number[]): number | null {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? null : Math.round(sorted[Math.ceil(0.9 * sorted.length) - 1] * 10) / 10;
}

/** The rows of one right. */
const ofRight = (right: RightType) => (row: Row) => row.right === right;

/** Published rows by their right. */
const byRight = <Figures extends { right: RightType }>(rows: Figures[]) => new Map(rows.map((row) => [row.right, row]));

function expectedFor(subset: (row: Row) => boolean, all: Row[]) {
  const received = all.filter((row) => isReceived(row) && subset(row));
  const answered = all.filter((row) => isAnswered(row) && subset(row));
  return {
    received: received.length,
    extended: received.filter((row) => row.extendedAt !== null).length,
    overdueNow: received.filter(
      (row) => (row.state === "OPEN" || row.state === "IN_PROGRESS") && row.dueAt! < NOW.toISOString(),
    ).length,
    answered: answered.length,
    completed: answered.filter((row) => row.state === "COMPLETED").length,
    rejected: answered.filter((row) => row.state === "REJECTED").length,
    answeredWithinDeadline: answered.filter((row) => row.dueAt === null || row.closedAt! <= row.dueAt).length,
    medianDays: expectedMedian(answered.map(daysTaken)),
    p90Days: expectedP90(answered.map(daysTaken)),
  };
}

describeEachDatabase("the privacy figures on $name", (database) => {
  it("count every right and month as the test does from its own rows", async () => {
    const all = rows();
    await database.db.insertInto("privacy_request").values(all.map(requestRow)).execute();
    await rebuildFigureRollups(database.db);
    const figures = await requestFigures(database.db, { ...PERIOD, country: "nl" }, NOW);

    expect(figures.total).toEqual(expectedFor(() => true, all));
    for (const right of RIGHT_TYPES) {
      expect(
        figures.byRight.find((row) => row.right === right),
        right,
      ).toEqual({ right, ...expectedFor((row) => row.right === right, all) });
    }
    expect(figures.byMonth.map((row) => row.month)).toEqual(
      Array.from({ length: 12 }, (_, index) => `2025-${String(index + 1).padStart(2, "0")}`),
    );
    for (const { month, ...counted } of figures.byMonth) {
      const receivedIn = (row: Row) => (row.verifiedAt ?? row.closedAt ?? "").startsWith(month);
      const expected = expectedFor(() => true, all.filter(receivedIn));
      expect({ received: counted.received, extended: counted.extended, overdueNow: counted.overdueNow }, month).toEqual(
        { received: expected.received, extended: expected.extended, overdueNow: expected.overdueNow },
      );
      const answered = expectedFor((row) => row.closedAt?.startsWith(month) === true, all);
      expect(
        { answered: counted.answered, within: counted.answeredWithinDeadline, median: counted.medianDays },
        month,
      ).toEqual({ answered: answered.answered, within: answered.answeredWithinDeadline, median: answered.medianDays });
    }
    // The rights added to the table are counted as every other.
    const row = (right: RightType) => figures.byRight.find((figure) => figure.right === right)!;
    expect(row("DATA_PORTABILITY")).toMatchObject({ received: 12, answered: 12, extended: 2 });
    expect(row("RESTRICTION_OF_PROCESSING")).toMatchObject({ received: 3, answered: 2, overdueNow: 1 });
    expect(row("OBJECTION_TO_PROCESSING")).toMatchObject({ received: 11, completed: 7, rejected: 4 });
    // The fixture holds what the definitions tell apart.
    expect(figures.total.rejected).toBeGreaterThan(0);
    expect(figures.total.extended).toBeGreaterThan(0);
    expect(figures.total.overdueNow).toBeGreaterThan(0);
    expect(figures.total.answeredWithinDeadline).toBeLessThan(figures.total.answered);
    // Both countries: the Belgian request counts too.
    expect((await requestFigures(database.db, { ...PERIOD, country: null }, NOW)).total.received).toBe(
      expectedFor(() => true, all).received + 1,
    );
  });

  it("publish the same figures, with nothing drawn from fewer than 10", async () => {
    const all = rows();
    await database.db.insertInto("privacy_request").values(all.map(requestRow)).execute();
    await rebuildFigureRollups(database.db);
    const years = await figureYears(database.db, "nl", NOW);
    expect(years).toEqual([2024, 2025, 2026]);
    const published = await computePublicFigures(database.db, "nl", 2025, years, NOW);
    expect(published.yearToDate).toBe(false);
    // The rights offered in the Netherlands (no removal from a publication), the new ones with them.
    expect(published.rights.map((row) => row.right)).toEqual(rightsOfferedIn("nl").map((right) => right.code));
    expect(published.rights.map((row) => row.right)).toEqual(
      expect.arrayContaining(["RESTRICTION_OF_PROCESSING", "DATA_PORTABILITY", "OBJECTION_TO_PROCESSING"]),
    );
    const portability = expectedFor(ofRight("DATA_PORTABILITY"), all);
    expect(byRight(published.rights).get("DATA_PORTABILITY")).toMatchObject({
      received: portability.received,
      answered: portability.answered,
      medianDaysToAnswer: portability.medianDays,
    });
    expect(byRight(published.rights).get("RESTRICTION_OF_PROCESSING")).toMatchObject({
      received: null,
      answered: null,
    });

    const access = expectedFor(ofRight("RIGHT_OF_ACCESS"), all);
    expect(byRight(published.rights).get("RIGHT_OF_ACCESS")).toEqual({
      right: "RIGHT_OF_ACCESS",
      received: access.received,
      answered: access.answered,
      shareAnsweredWithinDeadline: Math.round((access.answeredWithinDeadline / access.answered) * 10_000) / 10_000,
      medianDaysToAnswer: access.medianDays,
      extended: access.extended < 10 ? null : access.extended,
    });
    expect(access.received).toBeGreaterThanOrEqual(10);
    expect(byRight(published.rights).get("RECTIFICATION")).toEqual({
      right: "RECTIFICATION",
      received: null,
      answered: null,
      shareAnsweredWithinDeadline: null,
      medianDaysToAnswer: null,
      extended: null,
    });
    for (const row of [...published.rights, published.total]) {
      for (const count of [row.received, row.answered, row.extended]) expect(count === null || count >= 10).toBe(true);
    }
    expect(published.total.received).toBe(expectedFor(() => true, all).received);
  });

  it("put a row of every right in the officers' CSV, with its counts", async () => {
    const all = rows();
    await database.db.insertInto("privacy_request").values(all.map(requestRow)).execute();
    await rebuildFigureRollups(database.db);
    const csv = figuresCsv(await teamFigures(database.db, { ...PERIOD, country: "nl" }, NOW), "nl");
    const lines = parse(csv.replace(/^\uFEFF/, ""), { relaxColumnCount: true }) as string[][];
    for (const right of RIGHT_TYPES) {
      const expected = expectedFor((row) => row.right === right, all);
      expect(lines.find((cells) => cells[0] === right)?.slice(0, 7), right).toEqual(
        [
          right,
          expected.received,
          expected.extended,
          expected.overdueNow,
          expected.answered,
          expected.completed,
          expected.rejected,
        ].map(String),
      );
    }
    expect(new Map(lines.map((cells) => [cells[0], cells])).get("DATA_PORTABILITY")?.[1]).toBe("12");
  });
});
