/**
 * The daily figures never drift from the rows (docs/decisions/008-request-figures.md,
 * "Rollups"): after a few hundred random steps of people and staff through
 * the services, refused ones among them, over months in both countries and
 * every right, the officers' figures and the public ones read from the
 * rollups are those counted from the rows, for any period; so they are
 * when officers act on one request at once; and a rollup changed by hand
 * is found by the check and made right by the rebuild.
 */
import { expect, it } from "vitest";

import type { Db } from "~/db/db.server";
import type { Country } from "~/domain/country";
import type { TeamFigures } from "~/domain/request-figures";
import { closeComplaint, startReview } from "~/services/complaint/back-office.server";
import {
  completeRequest,
  extendDeadline,
  rejectRequest,
  startHandling,
} from "~/services/privacy-request/back-office.server";
import { askPerson } from "~/services/privacy-request/questions.server";

import {
  driveTraffic,
  OFFICER,
  registerSystemsAndCampaigns,
  submitAdReport,
  submitRequest,
  UNLIMITED,
} from "../../../tests/setup/figure-traffic";
import { confirmByMail } from "../../../tests/setup/right-samples";
import { describeEachDatabase } from "../../../tests/setup/unit-database";
import { useTestConfig } from "../../../tests/setup/unit-process";
import { computePublicFigures } from "./public-figures.server";
import { recountRequestFigures } from "./recount-requests.server";
import { checkFigureRollups, rebuildFigureRollups } from "./rollup-rebuild.server";
import { recountTeamFigures, teamFigures } from "./team-figures.server";

const START = new Date("2026-01-05T08:00:00.000Z");
/** The whole span, each month, and periods that cut months in two. */
const PERIODS = [
  { from: "2026-01-01", to: "2026-12-31" },
  { from: "2026-01-01", to: "2026-01-31" },
  { from: "2026-02-01", to: "2026-02-28" },
  { from: "2026-03-01", to: "2026-03-31" },
  { from: "2026-04-01", to: "2026-04-30" },
  { from: "2026-02-10", to: "2026-03-20" },
  { from: "2026-01-17", to: "2026-04-03" },
];
const COUNTRIES: Array<Country | null> = [null, "nl", "be"];

/** Every period, each country and both: the rollups' figures are the rows'; the public ones too; the check finds nothing. */
async function expectRollupsAgree(db: Db, now: Date) {
  for (const period of PERIODS)
    for (const country of COUNTRIES) {
      const asked = { ...period, country };
      expect(await teamFigures(db, asked, now), `${period.from}..${period.to} ${country}`).toEqual(
        await recountTeamFigures(db, asked, now),
      );
    }
  for (const country of ["nl", "be"] as const)
    expect(await computePublicFigures(db, country, 2026, [2026], now)).toEqual(
      await computePublicFigures(db, country, 2026, [2026], now, recountRequestFigures),
    );
  expect(await checkFigureRollups(db)).toEqual([]);
}

const wholeSpan = (db: Db, now: Date) => teamFigures(db, { ...PERIODS[0], country: null }, now);
const adReportStates = (figures: TeamFigures) =>
  (["RECEIVED", "IN_REVIEW", "CLOSED"] as const).filter((state) =>
    figures.adReports.byReason.some((reason) => reason[state] > 0),
  );

describeEachDatabase("the daily figures and the rows on $name", (database) => {
  useTestConfig(UNLIMITED);
  const db = () => database.db;

  it("agree after hundreds of random steps of people and staff, refused ones among them, for every period and country", async () => {
    await registerSystemsAndCampaigns(db(), START);
    const { now, done } = await driveTraffic(db(), { steps: 450, seed: 20_260_105, start: START });
    // The run tried every kind of step, and some were refused.
    expect(
      Object.keys(done).some((outcome) => outcome.endsWith("not-allowed")),
      JSON.stringify(done),
    ).toBe(true);
    for (const step of ["extend: done", "reject: done", "complete: done", "tick task: done", "ask: done"])
      expect(done[step] ?? 0, `${step} in ${JSON.stringify(done)}`).toBeGreaterThan(0);

    const figures = await wholeSpan(db(), now);
    const { total, byRight } = figures.requests;
    expect(total.received).toBeGreaterThan(50);
    expect(total.answered).toBeGreaterThan(20);
    expect(total.extended).toBeGreaterThan(0);
    expect(total.rejected).toBeGreaterThan(0);
    expect(total.completed).toBeGreaterThan(0);
    expect(byRight.filter((right) => right.received > 0).length).toBeGreaterThanOrEqual(6);
    expect(figures.systems.reduce((sum, system) => sum + system.tasks, 0)).toBeGreaterThan(0);
    expect(figures.systems.reduce((sum, system) => sum + system.answered, 0)).toBeGreaterThan(0);
    expect(figures.adReports.total).toBeGreaterThan(10);
    expect(adReportStates(figures).length).toBeGreaterThanOrEqual(2);
    const nl = await teamFigures(db(), { ...PERIODS[0], country: "nl" }, now);
    expect(nl.requests.total.received).toBeGreaterThan(0);
    expect(nl.requests.total.received).toBeLessThan(total.received);

    await expectRollupsAgree(db(), now);
  }, 240_000);

  it("count one answer and one review when sixty officers act on the same request or ad report at once", async () => {
    const now = new Date("2026-03-02T09:00:00.000Z");
    await registerSystemsAndCampaigns(db(), now);
    const started: string[] = [];
    for (const right of ["RIGHT_OF_ACCESS", "RIGHT_TO_BE_FORGOTTEN", "DATA_PORTABILITY", "RECTIFICATION"] as const) {
      const reference = await submitRequest(db(), right, "nl", `${right.toLowerCase()}@veldhaven-test.nl`, now);
      expect(await confirmByMail(db(), reference, now)).toEqual({ status: "verified" });
      expect(await startHandling(db(), reference, OFFICER, "", now)).toEqual({ status: "done" });
      started.push(reference);
    }
    const later = new Date("2026-03-09T11:00:00.000Z");
    const completions = await Promise.all(
      Array.from({ length: 60 }, () => completeRequest(db(), started[0], OFFICER, "Gedaan.", later, "Klaar.")),
    );
    expect(completions.filter((outcome) => outcome.status === "done")).toHaveLength(1);

    // Different steps on one request at once: one moves it, whatever the others did counts once.
    for (const reference of started.slice(1))
      await Promise.all([
        completeRequest(db(), reference, OFFICER, "Gedaan.", later, "Klaar."),
        extendDeadline(db(), reference, OFFICER, { months: 2, reason: "Veel systemen." }, later),
        rejectRequest(db(), reference, OFFICER, "Niet te identificeren.", later),
        askPerson(db(), reference, OFFICER, "Welk klantnummer?", later),
        extendDeadline(db(), reference, OFFICER, { months: 1, reason: "Nog een systeem." }, later),
      ]);

    const report = await submitAdReport(db(), "be", "MISLEADING", now);
    const reviews = await Promise.all(Array.from({ length: 60 }, () => startReview(db(), report, OFFICER, later)));
    expect(reviews.filter((outcome) => outcome.status === "done")).toHaveLength(1);
    const closings = await Promise.all(
      Array.from({ length: 60 }, () => closeComplaint(db(), report, OFFICER, "Label aangepast.", later)),
    );
    expect(closings.filter((outcome) => outcome.status === "done")).toHaveLength(1);

    const figures = await teamFigures(db(), { from: "2026-03-01", to: "2026-03-31", country: null }, later);
    expect(figures.requests.total.received).toBe(4);
    expect(figures.requests.byRight.find((row) => row.right === "RIGHT_OF_ACCESS")).toMatchObject({
      answered: 1,
      completed: 1,
    });
    expect(figures.adReports.byReason.find((row) => row.reason === "MISLEADING")).toMatchObject({
      total: 1,
      CLOSED: 1,
    });
    await expectRollupsAgree(db(), later);
  });

  it("are told apart by the check when a rollup is changed by hand, and made to agree again by the rebuild", async () => {
    await registerSystemsAndCampaigns(db(), START);
    const { now } = await driveTraffic(db(), { steps: 150, seed: 7, start: START });
    await expectRollupsAgree(db(), now);

    const row = await db()
      .selectFrom("request_day")
      .select(["day", "country", "right_type"])
      .where("received", ">", 0)
      .orderBy("day")
      .orderBy("country")
      .orderBy("right_type")
      .executeTakeFirstOrThrow();
    await db()
      .updateTable("request_day")
      .set((eb) => ({ received: eb("received", "+", 5) }))
      .where("day", "=", row.day)
      .where("country", "=", row.country)
      .where("right_type", "=", row.right_type)
      .execute();

    const differences = await checkFigureRollups(db());
    expect(
      differences.map((difference) => ({
        table: difference.table,
        key: difference.key,
        counts: Object.fromEntries(Object.entries(difference.counts).filter(([, value]) => value !== 0)),
      })),
    ).toEqual([{ table: "request_day", key: row, counts: { received: 5 } }]);
    const month = { from: `${row.day.slice(0, 7)}-01`, to: `${row.day.slice(0, 7)}-28`, country: null };
    expect((await teamFigures(db(), month, now)).requests.total.received).toBe(
      (await recountTeamFigures(db(), month, now)).requests.total.received + 5,
    );

    await rebuildFigureRollups(db());
    await expectRollupsAgree(db(), now);
  });
});
