import { expect, it } from "vitest";

import { findCampaign, importCampaigns } from "~/services/campaign/register.server";
import {
  campaignVersionsSince,
  correctNotice,
  deleteExpiredNotices,
  findNoticeVersion,
  noticeHistory,
} from "~/services/campaign/versions.server";

import { describeEachDatabase } from "../../../tests/setup/unit-database";

const MONDAY = new Date("2026-11-23T10:00:00Z");
const TUESDAY = new Date("2026-11-24T09:30:00Z");
const WEDNESDAY = new Date("2026-11-25T15:00:00Z");

const row = (overrides: Record<string, unknown> = {}) => ({
  id: "BE-2026-7001",
  country: "BE",
  status: "RUNNING",
  channel: "DIGITAL",
  sponsorName: "Liste Citoyenne Namur",
  publicationStartDate: "2026-11-01",
  publicationEndDate: "2026-12-01",
  budgetLowerBound: 1000,
  budgetUpperBound: 5000,
  fundingOriginType: "PRIVATE",
  fundingRegion: "EU",
  campaignContextType: "WALLONIE_LOKALE",
  campaignContextNoteFr: "Campagne sur la mobilité",
  ...overrides,
});

describeEachDatabase("notice versions on $name", (database) => {
  it("records a version only when an import changes the notice, and keeps each version as it was", async () => {
    expect(await importCampaigns(database.db, [row()], [1], MONDAY)).toMatchObject({ inserted: 1 });
    expect(await importCampaigns(database.db, [row()], [1], TUESDAY)).toMatchObject({
      inserted: 0,
      updated: 0,
      unchanged: 1,
    });
    expect(
      await importCampaigns(database.db, [row({ budgetUpperBound: 8000, status: "STOPPED" })], [1], WEDNESDAY),
    ).toMatchObject({ updated: 1 });

    const current = await findCampaign(database.db, "be", "BE-2026-7001");
    expect(current).toMatchObject({
      version: 2,
      versionDate: WEDNESDAY.toISOString(),
      budgetUpperBound: 8000,
      status: "STOPPED",
      language: "fr",
    });
    expect(await noticeHistory(database.db, "be", "BE-2026-7001")).toEqual([
      {
        version: 2,
        recordedAt: WEDNESDAY.toISOString(),
        kind: "IMPORT",
        reason: "",
        changedFields: ["budgetUpperBound", "status"],
      },
      { version: 1, recordedAt: MONDAY.toISOString(), kind: "IMPORT", reason: "", changedFields: [] },
    ]);
    expect(await findNoticeVersion(database.db, "be", "BE-2026-7001", 1)).toMatchObject({
      version: 1,
      versionDate: MONDAY.toISOString(),
      budgetUpperBound: 5000,
      status: "RUNNING",
    });
    expect(await findNoticeVersion(database.db, "be", "BE-2026-7001", 3)).toBeNull();
    // Another country's site does not show it.
    expect(await findNoticeVersion(database.db, "nl", "BE-2026-7001", 1)).toBeNull();
  });

  it("takes a correction by staff with its reason, checked like an import, and a suspension", async () => {
    await importCampaigns(database.db, [row()], [1], MONDAY);
    expect(
      await correctNotice(
        database.db,
        { id: "BE-2026-7001", changes: { sponsorName: "X" }, kind: "CORRECTION", reason: " " },
        TUESDAY,
      ),
    ).toMatchObject({ ok: false, problems: [{ field: "reason" }] });
    expect(
      await correctNotice(
        database.db,
        { id: "BE-2026-9999", changes: {}, kind: "CORRECTION", reason: "typo" },
        TUESDAY,
      ),
    ).toMatchObject({ ok: false, problems: [{ field: "id" }] });
    expect(
      await correctNotice(
        database.db,
        { id: "BE-2026-7001", changes: { payerEmail: "geen-adres" }, kind: "CORRECTION", reason: "typo" },
        TUESDAY,
      ),
    ).toMatchObject({ ok: false });
    expect(
      await correctNotice(
        database.db,
        { id: "BE-2026-7001", changes: { sponsorName: "Liste Citoyenne Namur" }, kind: "CORRECTION", reason: "typo" },
        TUESDAY,
      ),
    ).toMatchObject({ ok: false, problems: [{ message: "nothing would change" }] });

    expect(
      await correctNotice(
        database.db,
        {
          id: "BE-2026-7001",
          changes: { sponsorName: "Liste Citoyenne de Namur" },
          kind: "CORRECTION",
          reason: "Nom officiel du parti",
        },
        TUESDAY,
      ),
    ).toEqual({ ok: true, version: 2 });
    expect(
      await correctNotice(
        database.db,
        { id: "BE-2026-7001", changes: {}, kind: "SUSPENSION", reason: "Suspendue par l'autorité" },
        WEDNESDAY,
      ),
    ).toEqual({ ok: true, version: 3 });

    expect(await findCampaign(database.db, "be", "BE-2026-7001")).toMatchObject({
      version: 3,
      sponsorName: "Liste Citoyenne de Namur",
      status: "CANCELLED",
      previousPublicationSuspended: true,
      budgetUpperBound: 5000,
    });
    const history = await noticeHistory(database.db, "be", "BE-2026-7001");
    expect(
      history.map(({ version, kind, reason, changedFields }) => ({ version, kind, reason, changedFields })),
    ).toEqual([
      {
        version: 3,
        kind: "SUSPENSION",
        reason: "Suspendue par l'autorité",
        changedFields: ["previousPublicationSuspended", "status"],
      },
      { version: 2, kind: "CORRECTION", reason: "Nom officiel du parti", changedFields: ["sponsorName"] },
      { version: 1, kind: "IMPORT", reason: "", changedFields: [] },
    ]);
  });

  it("60 corrections at once each get their own version: none lost, none twice", async () => {
    await importCampaigns(database.db, [row()], [1], MONDAY);
    const outcomes = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        correctNotice(
          database.db,
          {
            id: "BE-2026-7001",
            changes: { sponsorName: `Liste ${index}` },
            kind: "CORRECTION",
            reason: `correction ${index}`,
          },
          TUESDAY,
        ),
      ),
    );
    const versions = outcomes.map((outcome) => (outcome.ok ? outcome.version : 0));
    expect(versions.filter((version) => version === 0)).toEqual([]);
    expect(new Set(versions).size).toBe(60);
    const history = await noticeHistory(database.db, "be", "BE-2026-7001");
    expect(history.map((entry) => entry.version)).toEqual(Array.from({ length: 61 }, (_, index) => 61 - index));
    // The notice shows what the last version recorded.
    const last = history[0].reason.replace("correction ", "Liste ");
    expect(await findCampaign(database.db, "be", "BE-2026-7001")).toMatchObject({ version: 61, sponsorName: last });
  });

  it("records an import that turns 'previous suspension' on as a suspension", async () => {
    await importCampaigns(database.db, [row()], [1], MONDAY);
    await importCampaigns(database.db, [row({ previousPublicationSuspended: "true" })], [1], TUESDAY);
    expect((await noticeHistory(database.db, "be", "BE-2026-7001"))[0]).toMatchObject({
      version: 2,
      kind: "SUSPENSION",
      changedFields: ["previousPublicationSuspended"],
    });
  });

  it("lists the versions recorded since a time, oldest first, for the repository export", async () => {
    await importCampaigns(
      database.db,
      [
        row(),
        row({
          id: "NL-2026-7002",
          country: "NL",
          campaignContextType: "GEMEENTERAAD",
          campaignContextNoteNl: "Over groen",
        }),
      ],
      [1, 2],
      MONDAY,
    );
    await importCampaigns(database.db, [row({ budgetLowerBound: 2000 })], [1], WEDNESDAY);
    const all = await campaignVersionsSince(database.db);
    expect(all.map(({ item, entry }) => `${item.id} v${entry.version} ${item.language}`)).toEqual([
      "BE-2026-7001 v1 fr",
      "NL-2026-7002 v1 nl",
      "BE-2026-7001 v2 fr",
    ]);
    const since = await campaignVersionsSince(database.db, { since: TUESDAY });
    expect(since.map(({ item }) => [item.id, item.version, item.budgetLowerBound])).toEqual([
      ["BE-2026-7001", 2, 2000],
    ]);
    expect(await campaignVersionsSince(database.db, { country: "nl" })).toHaveLength(1);
  });

  it("refuses French for an ad in the Netherlands, and takes the language a file gives", async () => {
    const outcome = await importCampaigns(
      database.db,
      [row({ id: "NL-1", country: "NL", campaignContextType: "OVERIGE", language: "fr" })],
      [1],
      MONDAY,
    );
    expect(outcome).toMatchObject({ ok: false, problems: [{ field: "language" }] });
    await importCampaigns(
      database.db,
      [row({ language: "NL", campaignContextNoteNl: "Over mobiliteit" })],
      [1],
      MONDAY,
    );
    expect(await findCampaign(database.db, "be", "BE-2026-7001")).toMatchObject({ language: "nl" });
  });

  it("deletes a notice and its versions 7 years after the ad's end, not a day before, and not while it has reports", async () => {
    await importCampaigns(
      database.db,
      [row(), row({ id: "BE-2026-7003", publicationEndDate: "" }), row({ id: "BE-2026-7004" })],
      [1, 2, 3],
      MONDAY,
    );
    await importCampaigns(database.db, [row({ budgetLowerBound: 2000 })], [1], TUESDAY);
    const stamp = MONDAY.toISOString();
    await database.db
      .insertInto("political_ad_complaint")
      .values({
        id: "c1",
        reference: "PA-1",
        campaign_id: "BE-2026-7004",
        country: "be",
        reason: "INCORRECT",
        name: "A",
        email: "a@example.be",
        explanation: "x",
        locale: "fr_be",
        state: "RECEIVED",
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    expect(await deleteExpiredNotices(database.db, 7, new Date("2033-12-01T12:00:00Z"))).toBe(0);
    expect(await deleteExpiredNotices(database.db, 7, new Date("2033-12-02T12:00:00Z"))).toBe(1);
    expect(await findCampaign(database.db, "be", "BE-2026-7001")).toBeNull();
    expect(await noticeHistory(database.db, "be", "BE-2026-7001")).toEqual([]);
    // Without an end date the ad is still running: kept. A report keeps its ad until the report goes.
    expect(await findCampaign(database.db, "be", "BE-2026-7003")).not.toBeNull();
    expect(await findCampaign(database.db, "be", "BE-2026-7004")).not.toBeNull();
    await database.db.deleteFrom("political_ad_complaint").execute();
    expect(await deleteExpiredNotices(database.db, 7, new Date("2033-12-02T12:00:00Z"))).toBe(1);
  });
});
