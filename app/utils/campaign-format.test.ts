import { describe, expect, it } from "vitest";

import { formatCount, formatDay, formatEuro, formatRange, reachKind } from "~/utils/campaign-format";

// Intl writes a no-break space between the euro sign and the amount.
const plain = (text: string) => text.replace(/\u00a0/g, " ");

describe("register figures (spec 9)", () => {
  it("numbers in nl-NL format, money in euro without decimals", () => {
    expect(formatCount(1234567)).toBe("1.234.567");
    expect(formatCount(25)).toBe("25");
    expect(plain(formatEuro(10000))).toBe("€ 10.000");
    expect(plain(formatEuro(999.6))).toBe("€ 1.000");
  });

  it("ranges: '< upper', '> lower' or 'lower - upper'", () => {
    expect(formatRange(null, 5000, formatCount)).toBe("< 5.000");
    expect(formatRange(250000, null, formatCount)).toBe("> 250.000");
    expect(plain(formatRange(1000, 5000, formatEuro))).toBe("€ 1.000 - € 5.000");
    expect(formatRange(null, null, formatCount)).toBe("");
  });

  it("names the reach by channel", () => {
    expect(reachKind("PRINT")).toBe("circulation");
    expect(reachKind("DIGITAL")).toBe("impressions");
    expect(reachKind("TV")).toBe("grp");
    expect(reachKind("RADIO")).toBe("grp");
  });

  it("days in the page's language", () => {
    expect(formatDay("2026-02-03", "nl-NL")).toBe("3 februari 2026");
    expect(formatDay("2026-02-03", "fr-BE")).toBe("3 février 2026");
  });
});
