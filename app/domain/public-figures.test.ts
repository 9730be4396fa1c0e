/**
 * The published figures let no count under 10 be worked out. For the probe's
 * case (access 10, the other rights 1, 0 and 0: total 11), edge cases and
 * thousands of random years, the figures are published, then a reader who
 * sees only what the page and the call show (the rights offered, the total,
 * nulls) works out by subtraction what they can: in each column the total
 * is the sum of every right (those not offered too, which it never sees);
 * the extended are among those received; a share or a median is only shown
 * for 10 answered or more. Bounds are narrowed group after group until
 * nothing changes. No count left out may come out under 10 unless it is 0,
 * and none may come out exactly unless it is 0.
 */
import { describe, expect, it } from "vitest";

import type { Country } from "~/domain/country";
import { RIGHT_TYPES, type RightType } from "~/domain/privacy-request";
import { publishedFigures, type PublicFigureRow } from "~/domain/public-figures";
import type { RequestFigureRow, RequestFigures } from "~/domain/request-figures";
import { rightOfferedIn } from "~/domain/rights";

import { seededRandom } from "../../scripts/lib/seeded-random";

type Counts = { received: number; answered: number; extended: number };
const COLUMNS = ["received", "answered", "extended"] as const;

function row({ received, answered, extended }: Counts, within = answered): RequestFigureRow {
  return {
    received,
    extended,
    overdueNow: 0,
    answered,
    completed: answered,
    rejected: 0,
    answeredWithinDeadline: within,
    medianDays: answered ? 7.5 : null,
    p90Days: answered ? 20 : null,
  };
}

function year(counts: Partial<Record<RightType, Counts>>): Pick<RequestFigures, "byRight" | "total"> {
  const byRight = RIGHT_TYPES.map((right) => ({
    right,
    ...row(counts[right] ?? { received: 0, answered: 0, extended: 0 }),
  }));
  const sum = (column: (typeof COLUMNS)[number]) => byRight.reduce((total, figures) => total + figures[column], 0);
  return { byRight, total: row({ received: sum("received"), answered: sum("answered"), extended: sum("extended") }) };
}

type Bound = { low: number; high: number };

/** What a reader learns of every count from the published figures alone: each count's bounds, keyed `column:right` (`total`; `unseen`: the rights not offered, together). */
function readerBounds(
  published: { rights: Array<{ right: RightType } & PublicFigureRow>; total: PublicFigureRow },
  country: Country,
): Map<string, Bound> {
  const rows: Array<[string, PublicFigureRow | null]> = [
    ...published.rights.map((figures) => [figures.right, figures] as [string, PublicFigureRow]),
    ["total", published.total],
  ];
  if (RIGHT_TYPES.some((right) => !rightOfferedIn(right, country))) rows.push(["unseen", null]);
  const bounds = new Map<string, Bound>();
  for (const [key, figures] of rows) {
    for (const column of COLUMNS) {
      const shown = figures?.[column] ?? null;
      bounds.set(`${column}:${key}`, shown === null ? { low: 0, high: Infinity } : { low: shown, high: shown });
    }
    // A share or a median is only drawn from 10 answered or more.
    if (
      figures &&
      figures.answered === null &&
      (figures.shareAnsweredWithinDeadline !== null || figures.medianDaysToAnswer !== null)
    )
      bounds.get(`answered:${key}`)!.low = 10;
  }
  const parts = rows.map(([key]) => key).filter((key) => key !== "total");
  const narrow = (id: string, low: number, high: number) => {
    const bound = bounds.get(id)!;
    const next = { low: Math.max(bound.low, low), high: Math.min(bound.high, high) };
    const changed = next.low !== bound.low || next.high !== bound.high;
    bounds.set(id, next);
    return changed;
  };
  for (let changed = true, rounds = 0; changed && rounds < 100; rounds++) {
    changed = false;
    for (const column of COLUMNS) {
      const total = bounds.get(`${column}:total`)!;
      const cells = parts.map((key) => bounds.get(`${column}:${key}`)!);
      changed =
        narrow(
          `${column}:total`,
          cells.reduce((sum, bound) => sum + bound.low, 0),
          cells.reduce((sum, bound) => sum + bound.high, 0),
        ) || changed;
      for (const key of parts) {
        const others = parts.filter((other) => other !== key).map((other) => bounds.get(`${column}:${other}`)!);
        // The total less what the others hold at most, and at least.
        const othersHigh = others.reduce((sum, bound) => sum + bound.high, 0);
        const othersLow = others.reduce((sum, bound) => sum + bound.low, 0);
        changed = narrow(`${column}:${key}`, total.low - othersHigh, total.high - othersLow) || changed;
      }
    }
    for (const [key] of rows) {
      const received = bounds.get(`received:${key}`)!;
      const extended = bounds.get(`extended:${key}`)!;
      changed = narrow(`extended:${key}`, 0, received.high) || changed;
      changed = narrow(`received:${key}`, extended.low, Infinity) || changed;
    }
  }
  return bounds;
}

/** Every count left out whose value the reader narrowed under 10 (not 0), or worked out exactly (not 0). */
function leaks(figures: Pick<RequestFigures, "byRight" | "total">, country: Country): string[] {
  const published = publishedFigures(figures, (right) => rightOfferedIn(right, country));
  const bounds = readerBounds(published, country);
  const found: string[] = [];
  const truth = (key: string, column: (typeof COLUMNS)[number]) =>
    (key === "total" ? figures.total : figures.byRight.find((figure) => figure.right === key)!)[column];
  for (const [key, shown] of [
    ...published.rights.map((figures) => [figures.right, figures] as const),
    ["total", published.total] as const,
  ]) {
    for (const column of COLUMNS) {
      if (shown[column] !== null) continue;
      const value = truth(key, column);
      const bound = bounds.get(`${column}:${key}`)!;
      if (value > 0 && bound.high < 10) found.push(`${column} of ${key} is ${value}, read as at most ${bound.high}`);
      else if (value > 0 && bound.low === bound.high) found.push(`${column} of ${key} is ${value}, worked out exactly`);
    }
  }
  return found;
}

describe("the published figures", () => {
  it("leave the probe's year (access 10, the other rights 1, 0 and 0) with nothing to subtract", () => {
    const probe = year({
      RIGHT_OF_ACCESS: { received: 10, answered: 10, extended: 0 },
      RIGHT_TO_BE_FORGOTTEN: { received: 1, answered: 1, extended: 0 },
    });
    const published = publishedFigures(probe, (right) => rightOfferedIn(right, "nl"));
    expect(published.total.received).toBe(11);
    // Access is left out too: the hidden rights now add up to 11, none of them known.
    expect(new Map(published.rights.map((figures) => [figures.right, figures])).get("RIGHT_OF_ACCESS")).toMatchObject({
      received: null,
      answered: null,
      shareAnsweredWithinDeadline: null,
      medianDaysToAnswer: null,
    });
    expect(leaks(probe, "nl")).toEqual([]);
  });

  const EDGES: Array<[string, Country, Partial<Record<RightType, Counts>>]> = [
    ["nothing at all", "nl", {}],
    [
      "a total under 10",
      "be",
      {
        OBJECTION: { received: 4, answered: 3, extended: 0 },
        RECTIFICATION: { received: 2, answered: 2, extended: 1 },
      },
    ],
    [
      "one right under 10 beside larger ones",
      "nl",
      {
        RIGHT_OF_ACCESS: { received: 20, answered: 20, extended: 12 },
        OBJECTION: { received: 30, answered: 30, extended: 0 },
        RECTIFICATION: { received: 5, answered: 5, extended: 0 },
      },
    ],
    [
      "the rights under 10 adding up to exactly 10",
      "nl",
      {
        RIGHT_OF_ACCESS: { received: 20, answered: 25, extended: 0 },
        OBJECTION: { received: 30, answered: 30, extended: 0 },
        RECTIFICATION: { received: 6, answered: 6, extended: 0 },
        RIGHT_TO_BE_FORGOTTEN: { received: 4, answered: 4, extended: 0 },
      },
    ],
    [
      "one right at 0 beside larger ones",
      "nl",
      {
        RIGHT_OF_ACCESS: { received: 20, answered: 20, extended: 0 },
        OBJECTION: { received: 30, answered: 30, extended: 0 },
        RIGHT_TO_BE_FORGOTTEN: { received: 40, answered: 40, extended: 0 },
      },
    ],
    [
      "two rights of 10 and one of 3",
      "nl",
      {
        RIGHT_OF_ACCESS: { received: 10, answered: 10, extended: 10 },
        OBJECTION: { received: 10, answered: 10, extended: 0 },
        RECTIFICATION: { received: 3, answered: 3, extended: 0 },
      },
    ],
    [
      "a right not offered in the country, which the reader never sees",
      "nl",
      {
        RIGHT_OF_ACCESS: { received: 20, answered: 20, extended: 0 },
        OBJECTION: { received: 30, answered: 30, extended: 0 },
        REMOVAL_FROM_PUBLICATION: { received: 3, answered: 3, extended: 0 },
      },
    ],
    [
      "a count received left out to protect another, whose extended would bound it",
      "be",
      {
        RIGHT_OF_ACCESS: { received: 30, answered: 30, extended: 10 },
        OBJECTION: { received: 11, answered: 30, extended: 11 },
        RECTIFICATION: { received: 4, answered: 30, extended: 0 },
        REMOVAL_FROM_PUBLICATION: { received: 40, answered: 40, extended: 40 },
      },
    ],
  ];
  for (const [name, country, counts] of EDGES) {
    it(`let nothing under 10 be worked out: ${name}`, () => {
      expect(leaks(year(counts), country)).toEqual([]);
    });
  }

  it("let nothing under 10 be worked out in 3,000 random years of both countries", () => {
    const next = seededRandom(7);
    const count = () =>
      next() < 0.35 ? Math.floor(next() * 10) : next() < 0.5 ? 10 + Math.floor(next() * 5) : Math.floor(next() * 200);
    for (let n = 0; n < 3_000; n++) {
      const country: Country = n % 2 === 0 ? "nl" : "be";
      const counts: Partial<Record<RightType, Counts>> = {};
      for (const right of RIGHT_TYPES) {
        // A right not offered mostly has none; now and then an old one.
        if (!rightOfferedIn(right, country) && next() < 0.8) continue;
        const received = count();
        counts[right] = { received, answered: count(), extended: Math.floor(next() * (received + 1)) };
      }
      const figures = year(counts);
      expect(leaks(figures, country), JSON.stringify(counts)).toEqual([]);
    }
  });
});
