/**
 * The first start after the rollups came builds them once from the rows
 * already there, whichever of several instances starting at once gets
 * there first; later starts build nothing; the figures then read the same
 * as the rows counted again.
 */
import { expect, it } from "vitest";

import { buildFigureRollupsOnce, checkFigureRollups } from "~/services/reports/rollup-rebuild.server";
import { recountTeamFigures, teamFigures } from "~/services/reports/team-figures.server";

import { describeEachDatabase, secondConnection } from "../../../tests/setup/unit-database";
import { requestRow } from "../../../tests/setup/unit-request-rows";

const NOW = new Date("2026-03-01T12:00:00.000Z");
const PERIOD = { from: "2026-01-01", to: "2026-02-28", country: null };

describeEachDatabase("the rollups' first build on $name", (database) => {
  it("is made once from the rows there, by one of two instances starting together, and reads as the rows", async () => {
    const day = (n: number) => `2026-01-${String(n).padStart(2, "0")}T10:00:00.000Z`;
    await database.db
      .insertInto("privacy_request")
      .values([
        ...Array.from({ length: 12 }, (_, index) =>
          requestRow({
            id: `access-${index}`,
            right: "RIGHT_OF_ACCESS",
            state: "COMPLETED",
            country: "nl",
            verifiedAt: day(index + 1),
            closedAt: day(index + 3),
            dueAt: day(28),
            extendedAt: null,
          }),
        ),
        requestRow({
          id: "late",
          right: "RIGHT_TO_BE_FORGOTTEN",
          state: "OPEN",
          country: "be",
          verifiedAt: day(2),
          closedAt: null,
          dueAt: day(20),
          extendedAt: day(10),
        }),
      ])
      .execute();
    expect((await teamFigures(database.db, PERIOD, NOW)).requests.total.received).toBe(0);

    const other = secondConnection(database.handle);
    try {
      const starts = [() => buildFigureRollupsOnce(database.db, NOW), () => buildFigureRollupsOnce(other.db, NOW)];
      // PostgreSQL: at once, the second waiting on the first's mark. SQLite takes one writer at a
      // time (a second process waits for the lock; in this one process it would wait for itself).
      const builds =
        database.kind === "postgres"
          ? await Promise.all(starts.map((start) => start()))
          : [await starts[0](), await starts[1]()];
      expect(builds.filter((report) => report !== null)).toHaveLength(1);
      expect(builds.find((report) => report !== null)!.request_day.rows).toBeGreaterThan(0);
    } finally {
      await other.db.destroy();
    }
    expect(await buildFigureRollupsOnce(database.db, NOW)).toBeNull();

    const figures = await teamFigures(database.db, PERIOD, NOW);
    expect(figures).toEqual(await recountTeamFigures(database.db, PERIOD, NOW));
    expect(figures.requests.total).toMatchObject({ received: 13, answered: 12, extended: 1, overdueNow: 1 });
    expect(figures.requests.total.medianDays).toBe(2);
    expect(await checkFigureRollups(database.db)).toEqual([]);
  });
});
