/**
 * What one request adds to the daily figures as it moves, and the median
 * and 90th percentile read from a histogram of days: the same as from the
 * list of days itself.
 */
import { describe, expect, it } from "vitest";

import { seededRandom } from "../../scripts/lib/seeded-random";
import { requestRollups, rollupChange, type RequestFacts } from "./figure-rollups";
import { histogramPercentile } from "./request-figures";

const open: RequestFacts = {
  country: "nl",
  right_type: "RIGHT_OF_ACCESS",
  state: "AWAITING_VERIFICATION",
  verified_at: null,
  closed_at: null,
  due_at: null,
  extended_at: null,
};
const verified: RequestFacts = {
  ...open,
  state: "OPEN",
  verified_at: "2026-03-02T09:00:00.000Z",
  due_at: "2026-04-02T09:00:00.000Z",
};
const key = (day: string) => ({ day, country: "nl", right_type: "RIGHT_OF_ACCESS" });
/** The same histogram's row per month, which a period's whole months read. */
const monthKey = (day: string) => ({ month: day.slice(0, 7), country: "nl", right_type: "RIGHT_OF_ACCESS" });

describe("what a request's change adds to the daily figures", () => {
  it("counts a request as received on the day it is confirmed, and nothing before", () => {
    expect(requestRollups(open)).toEqual([]);
    expect(rollupChange(requestRollups(open), requestRollups(verified))).toEqual([
      { table: "request_day", key: key("2026-03-02"), counts: { received: 1, extended: 0 } },
    ]);
  });

  it("counts an extension on the day the request was received, not the day it was extended", () => {
    const extended = {
      ...verified,
      state: "IN_PROGRESS" as const,
      due_at: "2026-06-02T09:00:00.000Z",
      extended_at: "2026-03-20T10:00:00.000Z",
    };
    expect(rollupChange(requestRollups(verified), requestRollups(extended))).toEqual([
      { table: "request_day", key: key("2026-03-02"), counts: { received: 0, extended: 1 } },
    ]);
  });

  it("counts a completion on its day, within the deadline up to the due date and not after, with its whole days", () => {
    const working = { ...verified, state: "IN_PROGRESS" as const };
    const completedAt = (closed_at: string) => ({ ...working, state: "COMPLETED" as const, closed_at });
    expect(rollupChange(requestRollups(working), requestRollups(completedAt("2026-04-02T09:00:00.000Z")))).toEqual([
      {
        table: "request_answer_days",
        key: { ...key("2026-04-02"), days: 31 },
        counts: { answered: 1 },
      },
      { table: "request_answer_months", key: { ...monthKey("2026-04-02"), days: 31 }, counts: { answered: 1 } },
      { table: "request_day", key: key("2026-04-02"), counts: { completed: 1, rejected: 0, within_deadline: 1 } },
    ]);
    expect(rollupChange(requestRollups(working), requestRollups(completedAt("2026-04-02T09:00:00.001Z")))).toEqual([
      { table: "request_answer_days", key: { ...key("2026-04-02"), days: 31 }, counts: { answered: 1 } },
      { table: "request_answer_months", key: { ...monthKey("2026-04-02"), days: 31 }, counts: { answered: 1 } },
      { table: "request_day", key: key("2026-04-02"), counts: { completed: 1, rejected: 0, within_deadline: 0 } },
    ]);
  });

  it("counts a rejection as an answer that is not a completion", () => {
    const rejected = { ...verified, state: "REJECTED" as const, closed_at: "2026-03-02T20:00:00.000Z" };
    expect(rollupChange(requestRollups(verified), requestRollups(rejected))).toEqual([
      { table: "request_answer_days", key: { ...key("2026-03-02"), days: 0 }, counts: { answered: 1 } },
      { table: "request_answer_months", key: { ...monthKey("2026-03-02"), days: 0 }, counts: { answered: 1 } },
      {
        table: "request_day",
        key: key("2026-03-02"),
        counts: { received: 0, extended: 0, completed: 0, rejected: 1, within_deadline: 1 },
      },
    ]);
  });

  it("adds nothing when a request is closed for want of an answer: closed is not answered", () => {
    const waiting = { ...verified, state: "WAITING_FOR_PERSON" as const };
    const closed = { ...waiting, state: "CLOSED" as const, closed_at: "2026-05-10T09:00:00.000Z" };
    expect(rollupChange(requestRollups(waiting), requestRollups(closed))).toEqual([]);
  });

  it("counts an objection recorded by staff, carried out at once, as received and answered on one day, in 0 days", () => {
    const objection: RequestFacts = {
      ...open,
      country: "be",
      right_type: "OBJECTION",
      state: "COMPLETED",
      closed_at: "2026-07-01T15:30:00.000Z",
    };
    const day = { day: "2026-07-01", country: "be", right_type: "OBJECTION" };
    expect(rollupChange([], requestRollups(objection))).toEqual([
      { table: "request_answer_days", key: { ...day, days: 0 }, counts: { answered: 1 } },
      {
        table: "request_answer_months",
        key: { month: "2026-07", country: "be", right_type: "OBJECTION", days: 0 },
        counts: { answered: 1 },
      },
      {
        table: "request_day",
        key: day,
        counts: { received: 1, extended: 0, completed: 1, rejected: 0, within_deadline: 1 },
      },
    ]);
  });

  it("takes back everything a request added when it is deleted, and nothing for no change", () => {
    const completed = { ...verified, state: "COMPLETED" as const, closed_at: "2026-03-09T09:00:00.000Z" };
    expect(rollupChange(requestRollups(completed), requestRollups(null))).toEqual([
      { table: "request_answer_days", key: { ...key("2026-03-09"), days: 7 }, counts: { answered: -1 } },
      { table: "request_answer_months", key: { ...monthKey("2026-03-09"), days: 7 }, counts: { answered: -1 } },
      { table: "request_day", key: key("2026-03-02"), counts: { received: -1, extended: 0 } },
      { table: "request_day", key: key("2026-03-09"), counts: { completed: -1, rejected: 0, within_deadline: -1 } },
    ]);
    expect(rollupChange(requestRollups(completed), requestRollups(completed))).toEqual([]);
  });
});

/** The median as a list gives it (the mean of the two middle values for an even count). */
function listMedian(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The nearest-rank percentile of a list: the smallest value with at least p of the values at or below it. */
function listPercentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(p * sorted.length) - 1];
}

describe("the median and 90th percentile of a histogram of days", () => {
  it("are those of the list of days it counts, for odd and even counts and repeated values", () => {
    const random = seededRandom(90);
    for (let round = 0; round < 500; round += 1) {
      const length = 1 + Math.floor(random() * 60);
      const spread = 1 + Math.floor(random() * 90);
      const days = Array.from({ length }, () => Math.floor(random() * spread));
      const histogram = new Map<number, number>();
      for (const day of days) histogram.set(day, (histogram.get(day) ?? 0) + 1);
      expect(histogramPercentile(histogram, 0.5), days.join(",")).toBe(listMedian(days));
      expect(histogramPercentile(histogram, 0.9), days.join(",")).toBe(listPercentile(days, 0.9));
    }
  });

  it("is none for no days, and skips values counted zero times", () => {
    expect(histogramPercentile(new Map(), 0.5)).toBeNull();
    expect(histogramPercentile(new Map([[3, 0]]), 0.9)).toBeNull();
    expect(
      histogramPercentile(
        new Map([
          [1, 1],
          [2, 0],
          [4, 1],
        ]),
        0.5,
      ),
    ).toBe(2.5);
  });
});
