import { describe, expect, it } from "vitest";

import { SEED_CAMPAIGNS_PER_COUNTRY, seedCampaigns } from "~/content/campaign-seed";
import type { Db } from "~/db/db.server";
import { CHANNELS_BY_COUNTRY, CONTEXT_TYPES, FUNDING_ORIGINS, FUNDING_REGIONS } from "~/domain/campaign-item";
import {
  allCampaigns,
  campaignsToCsv,
  findCampaign,
  importCampaigns,
  listCampaigns,
  parseCampaignFile,
  seedRegisterOnFirstStart,
  type CampaignFilter,
} from "~/services/campaign/register.server";
import { campaignRowSchema } from "~/validation/campaign";

import { describeEachDatabase } from "../../../tests/setup/unit-database";

const TODAY = new Date("2026-11-23T10:00:00Z");

const row = (overrides: Record<string, unknown> = {}) => ({
  id: "NL-2026-9001",
  country: "NL",
  status: "RUNNING",
  channel: "DIGITAL",
  sponsorName: "Partij Élan Vooruit",
  sponsorEmail: "info@elan.example",
  publicationStartDate: "2026-11-20",
  publicationEndDate: "2026-12-20",
  reachLowerBound: 1000,
  reachUpperBound: 5000,
  budgetLowerBound: "2000",
  budgetUpperBound: "",
  fundingOriginType: "PRIVATE",
  fundingRegion: "EU",
  campaignContextType: "GEMEENTERAAD",
  campaignContextNoteNl: "Campagne over 50% meer groen",
  previousPublicationSuspended: "false",
  ...overrides,
});

describe("the invented register", () => {
  const rows = seedCampaigns(TODAY);

  it("is valid and covers every filter and state in both countries", () => {
    for (const item of rows) expect(campaignRowSchema.safeParse(item).success, item.id).toBe(true);
    for (const country of ["nl", "be"] as const) {
      const own = rows.filter((item) => item.country === country);
      expect(own.length).toBe(SEED_CAMPAIGNS_PER_COUNTRY);
      expect(own.length).toBeGreaterThanOrEqual(25);
      expect(new Set(own.map((item) => item.channel))).toEqual(new Set(CHANNELS_BY_COUNTRY[country]));
      expect(new Set(own.map((item) => item.status))).toEqual(new Set(["RUNNING", "CANCELLED", "STOPPED"]));
      expect(new Set(own.map((item) => item.campaignContextType))).toEqual(new Set(CONTEXT_TYPES[country]));
      expect(new Set(own.map((item) => item.fundingOriginType))).toEqual(new Set(FUNDING_ORIGINS));
      expect(new Set(own.map((item) => item.fundingRegion))).toEqual(new Set(FUNDING_REGIONS));
      expect(own.some((item) => item.payerName) && own.some((item) => !item.payerName)).toBe(true);
      expect(
        own.some((item) => item.ultimateBeneficiaryOwnerName) && own.some((item) => !item.ultimateBeneficiaryOwnerName),
      ).toBe(true);
      expect(own.filter((item) => item.previousPublicationSuspended)).toHaveLength(1);
      // Over the last two years, some this week.
      const starts = own.map((item) => item.publicationStartDate).sort();
      expect(starts.at(-1)! >= "2026-11-16").toBe(true);
      expect(starts[0] >= "2024-11-23" && starts[0] <= "2025-01-31").toBe(true);
      // A running campaign has not ended; a stopped one has.
      for (const item of own) {
        if (item.status === "RUNNING") expect(item.publicationEndDate! >= "2026-11-23", item.id).toBe(true);
        if (item.status === "STOPPED") expect(item.publicationEndDate! < "2026-11-23", item.id).toBe(true);
      }
    }
  });
});

describe("import rules", () => {
  it("refuses a channel the country does not offer, an unknown context type and reversed ranges", () => {
    const result = campaignRowSchema.safeParse(
      row({ channel: "TV", campaignContextType: "FEDERALE", reachLowerBound: 9000 }),
    );
    expect(result.success).toBe(false);
    const fields = result.error!.issues.map((issue) => issue.path.join("."));
    expect(fields).toEqual(expect.arrayContaining(["channel", "campaignContextType", "reachLowerBound"]));
  });

  it("reads CSV with the spec's field names, and names each row's line", () => {
    const csv = `id,country,status,channel,sponsorName,publicationStartDate,fundingOriginType,fundingRegion,campaignContextType\r\nNL-1,NL,RUNNING,PRINT,"Lijst ""Nieuw"", Oost",2026-01-02,PUBLIC,EU,OVERIGE\r\n\r\nNL-2,NL,STOPPED,DIGITAL,Partij B,2026-01-03,PUBLIC,EU,OVERIGE\r\n`;
    const { rows, lines } = parseCampaignFile(csv, "csv");
    expect(rows).toHaveLength(2);
    expect((rows[0] as { sponsorName: string }).sponsorName).toBe('Lijst "Nieuw", Oost');
    expect(lines).toEqual([2, 4]);
  });
});

// The register as "imports a good file, then updates by id" leaves it: two
// campaigns of this week, the first one cancelled by the second file.
async function importThisWeeksCampaigns(db: Db) {
  const first = await importCampaigns(
    db,
    [
      row(),
      row({
        id: "NL-2026-9002",
        channel: "PRINT",
        sponsorName: "Lijst Oost",
        campaignContextNoteNl: "Campagne over 50 procent meer groen",
      }),
    ],
    [1, 2],
    TODAY,
  );
  const second = await importCampaigns(db, [row({ status: "CANCELLED" })], [1], TODAY);
  return { first, second };
}

// A campaign of two years ago, with a note that has no accents or percent sign.
async function importOldCampaign(db: Db) {
  await importCampaigns(
    db,
    [
      row({
        id: "NL-2024-0001",
        publicationStartDate: "2024-03-01",
        publicationEndDate: "2024-04-01",
        channel: "PRINT",
        sponsorName: "Oude Lijst",
        campaignContextNoteNl: "Over 50 procent",
      }),
    ],
    [1],
    TODAY,
  );
}

describeEachDatabase("register on $name", (database) => {
  it("imports a good file, then updates by id", async () => {
    const { first, second } = await importThisWeeksCampaigns(database.db);
    expect(first).toEqual({ ok: true, inserted: 2, updated: 0, unchanged: 0 });
    expect(second).toEqual({ ok: true, inserted: 0, updated: 1, unchanged: 0 });
    const item = await findCampaign(database.db, "nl", "NL-2026-9001");
    expect(item).toMatchObject({
      status: "CANCELLED",
      budgetLowerBound: 2000,
      budgetUpperBound: null,
      payerName: "",
      previousPublicationSuspended: false,
    });
    expect(await findCampaign(database.db, "be", "NL-2026-9001")).toBeNull();
  });

  it("reports every bad row with its line and field, and imports nothing of that file", async () => {
    const outcome = await importCampaigns(
      database.db,
      [
        row({ id: "NL-2026-9003" }),
        row({ id: "NL-2026-9004", sponsorEmail: "geen-adres" }),
        row({ id: "NL-2026-9003" }),
        row({ id: "NL-2026-9005", publicationStartDate: "2026-02-30" }),
      ],
      [2, 3, 4, 5],
      TODAY,
    );
    expect(outcome.ok).toBe(false);
    const problems = outcome.ok ? [] : outcome.problems.map((problem) => `${problem.line}:${problem.field}`);
    expect(problems).toEqual(["3:sponsorEmail", "4:id", "5:publicationStartDate"]);
    expect(await findCampaign(database.db, "nl", "NL-2026-9003")).toBeNull();
  });

  it("filters by period overlap, channel and accent-free text; newest first", async () => {
    const base: CampaignFilter = { country: "nl", period: "ALL", channel: "ALL", text: "" };
    await importThisWeeksCampaigns(database.db);
    await importOldCampaign(database.db);
    const ids = async (filter: Partial<typeof base>) =>
      (await listCampaigns(database.db, { ...base, ...filter }, TODAY)).map((item) => item.id);
    expect(await ids({})).toEqual(["NL-2026-9002", "NL-2026-9001", "NL-2024-0001"]);
    expect(await ids({ period: "PAST_7_DAYS" })).toEqual(["NL-2026-9002", "NL-2026-9001"]);
    expect(await ids({ period: "PAST_YEAR", channel: "PRINT" })).toEqual(["NL-2026-9002"]);
    expect(await ids({ text: "ELAN" })).toEqual(["NL-2026-9001"]);
    expect(await ids({ text: "50%" })).toEqual(["NL-2026-9001"]);
    expect(await ids({ text: "_" })).toEqual([]);
    expect(await ids({ country: "be" })).toEqual([]);
  });

  it("exports CSV with the spec's field names", async () => {
    await importThisWeeksCampaigns(database.db);
    await importOldCampaign(database.db);
    const csv = campaignsToCsv(await allCampaigns(database.db, "nl"));
    const [header, first] = csv.split("\r\n");
    expect(header.split(",").slice(0, 3)).toEqual(["id", "sponsorName", "sponsorEmail"]);
    expect(first.startsWith("NL-2026-9002,Lijst Oost,info@elan.example")).toBe(true);
  });

  it("seeds the invented register once, and never beside an imported one", async () => {
    await importThisWeeksCampaigns(database.db);
    await importOldCampaign(database.db);
    expect(await seedRegisterOnFirstStart(database.db, TODAY)).toBe(0);
    expect((await allCampaigns(database.db)).length).toBe(3);
    expect(await seedRegisterOnFirstStart(database.db, TODAY)).toBe(0);
  });
});

describeEachDatabase("first start on $name", (database) => {
  it("seeds an empty register", async () => {
    expect(await seedRegisterOnFirstStart(database.db, TODAY)).toBe(2 * SEED_CAMPAIGNS_PER_COUNTRY);
    expect(await seedRegisterOnFirstStart(database.db, TODAY)).toBe(0);
    expect((await allCampaigns(database.db, "be")).length).toBe(SEED_CAMPAIGNS_PER_COUNTRY);
  });
});
