/**
 * No CSV we write holds a cell a spreadsheet runs as a
 * formula, whether it splits the file on ',' or, as Excel under Dutch and
 * Belgian settings does, on ';'.
 */
import { describe, expect, it } from "vitest";

import { CAMPAIGN_FIELDS, type CampaignItem } from "~/domain/campaign-item";
import { campaignsToCsv } from "~/services/campaign/register.server";
import { toCsv } from "~/services/csv.server";

import { excelCells, FORMULA_START } from "../../tests/setup/excel-cells";

/** What an attacker types into a name, an explanation or an ad's sponsor. */
const HOSTILE = [
  "a;=cmd|' /C calc'!A0;b",
  "x,@SUM(1)",
  "-1+1",
  "\t=1+1",
  "\r=1+1",
  "a; =1+1",
  'a;"=1+1"',
  "a\n+1+1",
  "\uFF1D1+1",
];

const formulaCells = (text: string, delimiter: "," | ";") =>
  excelCells(text, delimiter)
    .flat()
    .filter((cell) => FORMULA_START.test(cell));

function campaign(overrides: Partial<CampaignItem>): CampaignItem {
  return {
    id: "NL-2026-0001",
    sponsorName: "Lijst Oost",
    sponsorEmail: "",
    sponsorAddress: "",
    payerName: "",
    payerEmail: "",
    payerAddress: "",
    ultimateBeneficiaryOwnerName: "",
    ultimateBeneficiaryOwnerEmail: "",
    ultimateBeneficiaryOwnerAddress: "",
    publicationStartDate: "2026-03-01",
    publicationEndDate: "",
    reachLowerBound: 0,
    reachUpperBound: 1000,
    budgetLowerBound: null,
    budgetUpperBound: null,
    fundingOriginType: "PRIVATE",
    fundingRegion: "EU",
    campaignContextType: "GEMEENTERAAD",
    campaignContextNoteNl: "",
    campaignContextNoteFr: "",
    campaignContextUrl: "",
    previousPublicationSuspended: false,
    channel: "PRINT",
    country: "NL",
    status: "RUNNING",
    language: "nl",
    version: 1,
    versionDate: "2026-03-01T08:00:00.000Z",
    ...overrides,
  };
}

describe("the register's CSV export (campaignsToCsv)", () => {
  const items = HOSTILE.map((text, index) =>
    campaign({
      id: `NL-2026-000${index}`,
      sponsorName: text,
      sponsorAddress: text,
      campaignContextNoteNl: text,
      payerName: `Betaler ${text}`,
    }),
  );

  it.each([";", ","] as const)("split on '%s' as Excel does, holds no formula cell", (delimiter) => {
    expect(formulaCells(campaignsToCsv(items), delimiter)).toEqual([]);
  });

  it("stays faithful: the same rows and columns, figures and flags as they are, texts only made inert", () => {
    const rows = excelCells(campaignsToCsv(items), ",");
    expect(rows[0]).toEqual([...CAMPAIGN_FIELDS]);
    expect(rows).toHaveLength(items.length + 1);
    const column = (name: (typeof CAMPAIGN_FIELDS)[number]) =>
      rows.slice(1).map((row) => row[CAMPAIGN_FIELDS.indexOf(name)]);
    expect(column("reachLowerBound")).toEqual(items.map(() => "0"));
    expect(column("reachUpperBound")).toEqual(items.map(() => "1000"));
    expect(column("budgetLowerBound")).toEqual(items.map(() => ""));
    expect(column("previousPublicationSuspended")).toEqual(items.map(() => "false"));
    expect(column("publicationStartDate")).toEqual(items.map(() => "2026-03-01"));
    // Only apostrophes were added.
    expect(column("sponsorName").map((text) => text.replaceAll("'", ""))).toEqual(
      HOSTILE.map((text) => text.replaceAll("'", "")),
    );
  });
});

describe("toCsv, what every CSV writer uses", () => {
  it.each([";", ","] as const)("split on '%s' as Excel does, holds no formula cell", (delimiter) => {
    expect(
      formulaCells(toCsv([["name", "explanation"], ...HOSTILE.map((text) => [text, `Uitleg: ${text}`])]), delimiter),
    ).toEqual([]);
  });

  it("quotes what holds a separator, puts an apostrophe before each formula part, leaves numbers and flags alone", () => {
    expect(
      toCsv([
        ["a;=cmd|' /C calc'!A0;b", "x,@SUM(1)", "-1+1", "\t=1+1", "\r=1+1", "a; -b", -5, 3, true, null, "gewoon"],
      ]),
    ).toBe(`"a;'=cmd|' /C calc'!A0;b","x,'@SUM(1)",'-1+1,"'\t'=1+1","'\r'=1+1","a;' -b",-5,3,true,,gewoon\r\n`);
  });

  it("writes CRLF, and the byte order mark only when asked", () => {
    expect(
      toCsv([
        ["a", "b"],
        ["c", "d"],
      ]),
    ).toBe("a,b\r\nc,d\r\n");
    expect(toCsv([["a"]], { bom: true })).toBe("\uFEFFa\r\n");
  });
});
