/**
 * A period is read as its whole months from the monthly histogram and the
 * days at its ends from the daily one: every day of the period exactly
 * once, whatever months, leap years and ends it has.
 */
import { describe, expect, it } from "vitest";

import { wholeMonthsAndEnds } from "./request-figures";

/** Every day a cut covers, the months spelled out in days, in order. */
function daysCovered(cut: ReturnType<typeof wholeMonthsAndEnds>): string[] {
  const days: string[] = [];
  const each = (from: string, to: string) => {
    for (let at = Date.parse(`${from}T00:00:00.000Z`); at <= Date.parse(`${to}T00:00:00.000Z`); at += 86_400_000)
      days.push(new Date(at).toISOString().slice(0, 10));
  };
  for (const month of cut.months) {
    const [year, number] = month.split("-").map(Number);
    each(`${month}-01`, new Date(Date.UTC(year, number, 0)).toISOString().slice(0, 10));
  }
  for (const end of cut.ends) each(end.from, end.to);
  return days.sort();
}

describe("a period cut into whole months and its ends", () => {
  it("reads a calendar year as its twelve months and nothing else", () => {
    expect(wholeMonthsAndEnds("2025-01-01", "2025-12-31")).toEqual({
      months: Array.from({ length: 12 }, (_, index) => `2025-${String(index + 1).padStart(2, "0")}`),
      ends: [],
    });
  });

  it("reads the last twelve months as eleven whole ones and the days at both ends", () => {
    expect(wholeMonthsAndEnds("2025-12-05", "2026-12-05")).toEqual({
      months: ["2026-01", "2026-02", "2026-03", "2026-04", "2026-05", "2026-06"].concat([
        "2026-07",
        "2026-08",
        "2026-09",
        "2026-10",
        "2026-11",
      ]),
      ends: [
        { from: "2025-12-05", to: "2025-12-31" },
        { from: "2026-12-01", to: "2026-12-05" },
      ],
    });
  });

  it("takes February whole to its 29th in a leap year, and reads a period inside one month as days", () => {
    expect(wholeMonthsAndEnds("2024-02-01", "2024-02-29")).toEqual({ months: ["2024-02"], ends: [] });
    expect(wholeMonthsAndEnds("2024-02-01", "2024-02-28")).toEqual({
      months: [],
      ends: [{ from: "2024-02-01", to: "2024-02-28" }],
    });
    expect(wholeMonthsAndEnds("2025-11-30", "2025-11-30").ends).toEqual([{ from: "2025-11-30", to: "2025-11-30" }]);
  });

  it("covers every day of a thousand random periods exactly once", () => {
    let seed = 7;
    const next = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    for (let index = 0; index < 1_000; index++) {
      const start = Date.UTC(2023, 0, 1) + Math.floor(next() * 900) * 86_400_000;
      const end = start + Math.floor(next() * 500) * 86_400_000;
      const [from, to] = [start, end].map((at) => new Date(at).toISOString().slice(0, 10));
      const expected: string[] = [];
      for (let at = start; at <= end; at += 86_400_000) expected.push(new Date(at).toISOString().slice(0, 10));
      expect(daysCovered(wholeMonthsAndEnds(from, to)), `${from} – ${to}`).toEqual(expected);
    }
  });
});
