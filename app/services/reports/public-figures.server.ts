/**
 * The yearly figures the group publishes (the public page and
 * `GET /api/privacy-rights/figures`), computed by the same service as the
 * officers' reports for the same year and country, then reduced to what may
 * be published (app/domain/public-figures.ts).
 */
import { LRUCache } from "lru-cache";

import type { Db } from "~/db/db.server";
import type { Country } from "~/domain/country";
import { FIRST_FIGURES_YEAR, publishedFigures, type PublicFigures } from "~/domain/public-figures";
import { rightOfferedIn } from "~/domain/rights";

import { requestFigures } from "./request-figures.server";

/**
 * The years with figures: from the year of the country's first received
 * request (not before FIRST_FIGURES_YEAR) to this one (UTC). Read from the
 * daily rollups, which outlive the rows (a year's figures stay when its
 * requests are gone), through `figureYearsOnceAMinute` for the pages and the call.
 */
export async function figureYears(db: Db, country: Country, now = new Date()): Promise<number[]> {
  const first = await db
    .selectFrom("request_day")
    .select((eb) => eb.fn.min("day").as("day"))
    .where("country", "=", country)
    .where("received", ">", 0)
    .executeTakeFirst();
  const thisYear = now.getUTCFullYear();
  const earliest = typeof first?.day === "string" ? Number(first.day.slice(0, 4)) : thisYear;
  const from = Math.max(FIRST_FIGURES_YEAR, Math.min(thisYear, earliest));
  return Array.from({ length: thisYear - from + 1 }, (_, index) => from + index);
}

/** The year shown when none is asked for: the last full year when it has figures, else this one. */
export function defaultYear(years: number[], now = new Date()): number {
  const lastFull = now.getUTCFullYear() - 1;
  return years.includes(lastFull) ? lastFull : now.getUTCFullYear();
}

const MINUTE = 60_000;

/** What `compute` promises, kept under `key` while the cache keeps it; a failure is not kept (the next visitor asks the database again). */
function remembered<K extends string, V>(
  cache: LRUCache<K, Promise<V>>,
  key: K,
  compute: () => Promise<V>,
): Promise<V> {
  const cached = cache.get(key);
  if (cached) return cached;
  const computed = compute();
  cache.set(key, computed);
  computed.catch(() => cache.delete(key));
  return computed;
}

/**
 * Each database's years per country, read at most once a minute like the
 * figures themselves: the list changes on 1 January or with a country's
 * first request, and every visit of the page and every call needs it. Two
 * countries: two entries.
 */
const yearsOf = new WeakMap<Db, LRUCache<Country, Promise<number[]>>>();

export function figureYearsOnceAMinute(db: Db, country: Country): Promise<number[]> {
  let cache = yearsOf.get(db);
  if (!cache) {
    cache = new LRUCache<Country, Promise<number[]>>({ max: 2, ttl: MINUTE });
    yearsOf.set(db, cache);
  }
  return remembered(cache, country, () => figureYears(db, country));
}

/**
 * A year's figures are a few thousand rollup rows (npm run bench:reports
 * times them at a million requests), and on SQLite that time blocks the
 * event loop: the public call, open to anyone, reads them once a minute per
 * country and year, as long as its answers may be cached anyway. Only the
 * years of `years` get here, so the entries are bounded by the countries
 * and the years since FIRST_FIGURES_YEAR.
 */
const recent = new LRUCache<string, Promise<PublicFigures>>({ max: 64, ttl: MINUTE });

export function publicFigures(db: Db, country: Country, year: number, years: number[]): Promise<PublicFigures> {
  return remembered(recent, `${country}:${year}:${years.join(",")}`, () =>
    computePublicFigures(db, country, year, years),
  );
}

/** Uncached, for the tests that compare the public figures with the officers' (and the bench, with `count` a recount of the rows). */
export async function computePublicFigures(
  db: Db,
  country: Country,
  year: number,
  years: number[],
  now = new Date(),
  count = requestFigures,
): Promise<PublicFigures> {
  const figures = await count(db, { from: `${year}-01-01`, to: `${year}-12-31`, country }, now);
  return {
    country,
    year,
    years,
    yearToDate: year >= now.getUTCFullYear(),
    ...publishedFigures(figures, (right) => rightOfferedIn(right, country)),
  };
}
