import { describe, expect, it } from "vitest";

import { ACCESSIBILITY_STATEMENT, lastCheckedText } from "./accessibility";

describe("accessibility statement facts", () => {
  it("writes the day of the last check as a Dutch or French reader does", () => {
    expect(lastCheckedText("2026-12-04", "nl-NL")).toBe("4 december 2026");
    expect(lastCheckedText("2026-12-04", "fr-BE")).toBe("4 décembre 2026");
  });

  it("refuses a day that is not YYYY-MM-DD or not in the calendar", () => {
    expect(() => lastCheckedText("04-12-2026", "nl-NL")).toThrow(/YYYY-MM-DD/);
    expect(() => lastCheckedText("2026-02-30", "nl-NL")).toThrow(/calendar/);
  });

  it("holds a last check day that can be shown", () => {
    expect(() => lastCheckedText(ACCESSIBILITY_STATEMENT.lastChecked, "nl-NL")).not.toThrow();
  });
});
