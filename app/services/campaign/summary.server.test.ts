import { describe, expect, it } from "vitest";

import type { CampaignItem } from "~/domain/campaign-item";
import { summarise } from "~/services/campaign/summary.server";

const ad = (
  id: string,
  sponsorName: string,
  channel: CampaignItem["channel"],
  budgetLowerBound: number | null,
  budgetUpperBound: number | null,
) => ({ id, sponsorName, channel, budgetLowerBound, budgetUpperBound }) as CampaignItem;

describe("the register at a glance", () => {
  it("sums the ranges (an open top leaves the total open), counts ads without a figure, and every channel of the country", () => {
    const summary = summarise(
      [
        ad("1", "Lijst A", "PRINT", 1000, 5000),
        ad("2", "Lijst B", "DIGITAL", null, 2000),
        ad("3", "Lijst A", "PRINT", 3000, 4000),
        ad("4", "Lijst C", "TV", null, null),
      ],
      "be",
    );
    expect(summary.count).toBe(4);
    expect(summary.spending).toEqual({ lower: 4000, upper: null, withoutFigure: 1 });
    expect(summary.perChannel).toEqual([
      { channel: "PRINT", count: 2 },
      { channel: "DIGITAL", count: 1 },
      { channel: "TV", count: 1 },
      { channel: "RADIO", count: 0 },
    ]);
    expect(summary.topSponsors).toEqual([
      { name: "Lijst A", lower: 4000, upper: 9000, count: 2 },
      // Nothing surely spent: the one with no top at all before the one with a known top.
      { name: "Lijst C", lower: 0, upper: null, count: 1 },
      { name: "Lijst B", lower: 0, upper: 2000, count: 1 },
    ]);
  });

  it("closes the total when every ad has a top; ranks ties by name; keeps five sponsors", () => {
    const items = ["F", "E", "D", "C", "B", "A"].map((name) => ad(name, `Lijst ${name}`, "DIGITAL", 1000, 2000));
    const summary = summarise(items, "nl");
    expect(summary.spending).toEqual({ lower: 6000, upper: 12000, withoutFigure: 0 });
    expect(summary.perChannel).toEqual([
      { channel: "PRINT", count: 0 },
      { channel: "DIGITAL", count: 6 },
    ]);
    expect(summary.topSponsors.map((row) => row.name)).toEqual(["Lijst A", "Lijst B", "Lijst C", "Lijst D", "Lijst E"]);
  });

  it("an empty set: zeros, every channel listed, no sponsors", () => {
    expect(summarise([], "nl")).toEqual({
      count: 0,
      spending: { lower: 0, upper: 0, withoutFigure: 0 },
      perChannel: [
        { channel: "PRINT", count: 0 },
        { channel: "DIGITAL", count: 0 },
      ],
      topSponsors: [],
    });
  });
});
