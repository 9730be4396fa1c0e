/**
 * Ad reports are deleted after their retention period, their figures are
 * not (docs/decisions/008-request-figures.md, "Rollups"): after the
 * retention run the officers' figures of the months it deleted from are
 * what they were, while a count of the rows left finds fewer; the check
 * and the rebuild leave those days alone; a report made afterwards counts.
 */
import { expect, it } from "vitest";

import type { Db } from "~/db/db.server";
import { startReview } from "~/services/complaint/back-office.server";
import { runRetention } from "~/services/retention.server";

import {
  driveTraffic,
  OFFICER,
  registerSystemsAndCampaigns,
  submitAdReport,
  UNLIMITED,
} from "../../../tests/setup/figure-traffic";
import { describeEachDatabase } from "../../../tests/setup/unit-database";
import { useTestConfig } from "../../../tests/setup/unit-process";
import { checkFigureRollups, rebuildFigureRollups } from "./rollup-rebuild.server";
import { recountTeamFigures, teamFigures } from "./team-figures.server";

const START = new Date("2026-01-05T08:00:00.000Z");
const DAY = 86_400_000;
const PERIODS = [
  { from: "2026-01-01", to: "2026-12-31", country: null },
  { from: "2026-01-01", to: "2026-01-31", country: null },
  { from: "2026-01-10", to: "2026-02-14", country: "be" },
  { from: "2026-01-01", to: "2026-03-31", country: "nl" },
] as const;
/** Ad reports kept 30 days; the rest as the site keeps them. */
const POLICY = {
  unverifiedRetentionDays: 30,
  contactRetentionDays: 365,
  sentMailRetentionDays: 30,
  complaintRetentionDays: 30,
  noticeRetentionYears: 7,
  staffSessionIdleMinutes: 30,
};

const adReportsOf = async (db: Db, now: Date, count = teamFigures) =>
  Promise.all(PERIODS.map(async (period) => (await count(db, period, now)).adReports));

describeEachDatabase("the daily figures and the retention run on $name", (database) => {
  useTestConfig(UNLIMITED);
  const db = () => database.db;

  it("keep the figures of the ad reports the retention run deleted, through the check and the rebuild, and count later ones", async () => {
    await registerSystemsAndCampaigns(db(), START);
    const { now } = await driveTraffic(db(), { steps: 220, seed: 30, start: START });
    expect(now.getTime() - START.getTime()).toBeGreaterThan(45 * DAY);
    const before = await adReportsOf(db(), now);
    expect(before).toEqual(await adReportsOf(db(), now, recountTeamFigures));
    expect(before[0].total).toBeGreaterThan(10);

    const report = await runRetention(db(), POLICY, now);
    expect(report.deletedComplaints).toBeGreaterThan(0);
    expect(report.deletedComplaints).toBeLessThan(before[0].total);

    // The rollups still show what was reported; the rows left are fewer.
    expect(await adReportsOf(db(), now)).toEqual(before);
    const left = await adReportsOf(db(), now, recountTeamFigures);
    expect(left[0].total).toBe(before[0].total - report.deletedComplaints);
    expect(left[1].total).toBeLessThan(before[1].total);
    // Requests and tasks were not touched by it: still the rows'.
    for (const period of PERIODS) {
      const [kept, counted] = [await teamFigures(db(), period, now), await recountTeamFigures(db(), period, now)];
      expect({ requests: kept.requests, systems: kept.systems }).toEqual({
        requests: counted.requests,
        systems: counted.systems,
      });
    }
    expect(await checkFigureRollups(db())).toEqual([]);

    await rebuildFigureRollups(db());
    expect(await adReportsOf(db(), now)).toEqual(before);
    expect(await checkFigureRollups(db())).toEqual([]);

    // A report made and reviewed after the run counts, in the rollups and in the rows.
    const later = new Date(now.getTime() + DAY);
    const reference = await submitAdReport(db(), "nl", "INCORRECT", later);
    expect(await startReview(db(), reference, OFFICER, later)).toEqual({ status: "done" });
    const after = await teamFigures(db(), PERIODS[0], later);
    expect(after.adReports.total).toBe(before[0].total + 1);
    const incorrect = (figures: typeof after.adReports) =>
      figures.byReason.find((row) => row.reason === "INCORRECT") ?? { total: 0, IN_REVIEW: 0 };
    expect(incorrect(after.adReports)).toMatchObject({
      total: incorrect(before[0]).total + 1,
      IN_REVIEW: incorrect(before[0]).IN_REVIEW + 1,
    });
    expect((await recountTeamFigures(db(), PERIODS[0], later)).adReports.total).toBe(left[0].total + 1);
    expect(await checkFigureRollups(db())).toEqual([]);
  }, 240_000);
});
