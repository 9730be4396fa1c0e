import { describe, expect, it } from "vitest";

import { addDays, documentsToday } from "~/services/site/document-clock.server";

describe("the documents' today", () => {
  it("is the day on the Brussels calendar: a version dated 1 October applies from midnight there", () => {
    // 30 September 22:30 UTC is already 1 October 00:30 in Brussels (summer time).
    expect(documentsToday(new Date("2026-09-30T22:30:00Z"))).toBe("2026-10-01");
    expect(documentsToday(new Date("2026-09-30T21:59:00Z"))).toBe("2026-09-30");
    // Winter time: one hour ahead of UTC.
    expect(documentsToday(new Date("2026-12-31T23:00:00Z"))).toBe("2027-01-01");
  });

  it("counts days across months and years", () => {
    expect(addDays("2026-09-01", 30)).toBe("2026-10-01");
    expect(addDays("2026-12-15", 30)).toBe("2027-01-14");
  });
});
