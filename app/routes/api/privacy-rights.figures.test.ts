/**
 * The public figures call (`GET /api/privacy-rights/figures`): a year that cannot have figures (not four
 * digits, before the GDPR, to come) is refused before any query, and the
 * years with figures are read once a minute per country, however many
 * calls and years are asked for. Queries are counted on the database the
 * call reads (a Kysely plugin that sees every query). And its figures
 * leave nothing under 10 to subtract from the total.
 */
import type { KyselyPlugin, RootOperationNode } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";

import type { DatabaseHandle } from "~/db/db.server";
import type { Country } from "~/domain/country";
import { rightsOfferedIn, type RightType } from "~/domain/rights";
import { loader as figuresCall } from "~/routes/api/privacy-rights.figures";
import { rebuildFigureRollups } from "~/services/reports/rollup-rebuild.server";

import { useTestDatabase } from "../../../tests/setup/unit-database";
import { useTestDatabaseAsProcessDatabase } from "../../../tests/setup/unit-process";

describe("the public figures call", () => {
  const database = useTestDatabase();
  let queries: RootOperationNode[] = [];
  const counter: KyselyPlugin = {
    transformQuery: ({ node }) => {
      queries.push(node);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  /** The test's database as the process's, every query it is asked counted. */
  let counted: DatabaseHandle | undefined;
  beforeEach(() => {
    queries = [];
    counted = { ...database.handle, db: database.db.withPlugin(counter) } as DatabaseHandle;
  });
  useTestDatabaseAsProcessDatabase({
    get handle() {
      return counted!;
    },
    get db() {
      return counted!.db;
    },
    get kind() {
      return database.kind;
    },
  });

  const thisYear = new Date().getUTCFullYear();
  const call = async (query: string) =>
    (await figuresCall({
      request: new Request(`http://nl.localhost/api/privacy-rights/figures?${query}`),
      params: {},
      context: undefined,
    } as unknown as Parameters<typeof figuresCall>[0])) as Response;
  /** The query that reads a country's first request: the one aggregate of the smallest moment. */
  const yearsQueries = () => queries.filter((node) => JSON.stringify(node).includes('"func":"min"')).length;

  it("refuses a year that cannot have figures with a 400 and no query at all", async () => {
    for (const year of [
      "abc",
      "20x6",
      "",
      "02026",
      "1999",
      "2017",
      String(thisYear + 1),
      "9999",
      "-2025",
      "2025.0",
      "1e3",
    ]) {
      const answer = await call(`country=NL&year=${encodeURIComponent(year)}`);
      expect(answer.status, year).toBe(400);
      expect(JSON.stringify(await answer.json()), year).toContain("'year' must be a year with figures");
    }
    expect(queries).toEqual([]);
  });

  it("reads the years with figures once within the minute, whatever years the calls ask for", async () => {
    const at = `${thisYear - 1}-03-04T09:00:00.000Z`;
    await database.db
      .insertInto("privacy_request")
      .values({
        id: "years-1",
        reference: "PR-YEARS-1",
        right_type: "OBJECTION",
        state: "COMPLETED",
        country: "nl",
        locale: "nl_nl",
        verified_at: at,
        closed_at: at,
        created_at: at,
        updated_at: at,
        links_resent: 0,
      })
      .execute();
    await rebuildFigureRollups(database.db);
    const statuses = [];
    for (const query of [
      `year=${thisYear - 1}`,
      `year=${thisYear - 2}`,
      "",
      `year=${thisYear}`,
      `year=${thisYear - 1}`,
      `year=${thisYear - 3}`,
    ]) {
      statuses.push((await call(`country=NL&${query}`)).status);
    }
    // Two years before the first request have no figures (400), read from the list kept.
    expect(statuses).toEqual([200, 400, 200, 200, 200, 400]);
    expect(yearsQueries()).toBe(1);
  });

  it("answers the probe's year, access 10 and erasure 1, with nothing under 10 left between the total and the rights shown", async () => {
    const first = thisYear - 3;
    const rows = Array.from({ length: 11 }, (_, index) => {
      const at = `${first}-05-${String(index + 1).padStart(2, "0")}T09:00:00.000Z`;
      const right = index < 10 ? ("RIGHT_OF_ACCESS" as const) : ("RIGHT_TO_BE_FORGOTTEN" as const);
      return {
        id: `probe-${index}`,
        reference: `PR-PROBE-${index}`,
        right_type: right,
        state: "COMPLETED" as const,
        country: "nl" as const,
        locale: "nl_nl" as const,
        verified_at: at,
        closed_at: at,
        due_at: at,
        created_at: at,
        updated_at: at,
        links_resent: 0,
      };
    });
    await database.db.insertInto("privacy_request").values(rows).execute();
    await rebuildFigureRollups(database.db);
    const answer = await call(`country=NL&year=${first}`);
    expect(answer.status).toBe(200);
    type Row = { received: number | null; answered: number | null; extended: number | null };
    const figures = (await answer.json()) as { rights: Row[]; total: Row };
    expect(figures.total.received).toBe(11);
    for (const column of ["received", "answered"] as const) {
      const shown = figures.rights.filter((row) => row[column] !== null);
      const rest = figures.total[column]! - shown.reduce((sum, row) => sum + row[column]!, 0);
      // What the rights not shown add up to: 0, or 10 and more spread over more than one.
      expect(rest === 0 || (rest >= 10 && figures.rights.length - shown.length >= 2), `${column}: ${rest}`).toBe(true);
    }
  });

  it("counts the rights added to the table, and shows each country only the rights offered there", async () => {
    const year = thisYear - 5;
    const row = (right: RightType, country: Country, index: number) => {
      const at = `${year}-06-${String(index + 1).padStart(2, "0")}T09:00:00.000Z`;
      return {
        id: `${right}-${country}-${index}`,
        reference: `PR-${right}-${country}-${index}`,
        right_type: right,
        state: "COMPLETED" as const,
        country,
        locale: "nl_nl" as const,
        verified_at: at,
        closed_at: at,
        due_at: at,
        created_at: at,
        updated_at: at,
        links_resent: 0,
      };
    };
    const counts: Array<[RightType, Country, number]> = [
      ["DATA_PORTABILITY", "nl", 12],
      ["OBJECTION_TO_PROCESSING", "nl", 10],
      ["RIGHT_OF_ACCESS", "nl", 15],
      ["RESTRICTION_OF_PROCESSING", "be", 11],
      ["REMOVAL_FROM_PUBLICATION", "be", 10],
      ["RIGHT_OF_ACCESS", "be", 13],
    ];
    await database.db
      .insertInto("privacy_request")
      .values(
        counts.flatMap(([right, country, n]) => Array.from({ length: n }, (_, index) => row(right, country, index))),
      )
      .execute();
    await rebuildFigureRollups(database.db);
    type Figures = { rights: Array<{ right: string; received: number | null }>; total: { received: number } };
    const figuresOf = async (country: string) =>
      (await (await call(`country=${country}&year=${year}`)).json()) as Figures;
    const received = (figures: Figures) =>
      Object.fromEntries(figures.rights.map((line) => [line.right, line.received]));

    const nl = await figuresOf("NL");
    expect(nl.rights.map((line) => line.right)).toEqual(rightsOfferedIn("nl").map((right) => right.code));
    expect(received(nl)).toMatchObject({ DATA_PORTABILITY: 12, OBJECTION_TO_PROCESSING: 10, RIGHT_OF_ACCESS: 15 });
    expect(nl.total.received).toBe(37);
    const be = await figuresOf("BE");
    expect(be.rights.map((line) => line.right)).toEqual(rightsOfferedIn("be").map((right) => right.code));
    expect(received(be)).toMatchObject({
      RESTRICTION_OF_PROCESSING: 11,
      REMOVAL_FROM_PUBLICATION: 10,
      RIGHT_OF_ACCESS: 13,
    });
    expect(be.total.received).toBe(34);
  });
});
