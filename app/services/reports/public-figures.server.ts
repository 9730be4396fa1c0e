/**
 * Issue 42: the yearly figures the group publishes (the public page and
 * `GET /api/privacy-rights/figures`), computed by the same service as the
 * officers' reports for the same year and country, then reduced to what may
 * be published (app/domain/public-figures.ts).
 */
import { LRUCache } from "lru-cache";
import type { Db } from "~/db/db.server";
import type { Country } from "~/domain/country";
import { publicRow, type PublicFigures } from "~/domain/public-figures";
import { flowAllowedIn } from "~/validation/privacy-request";
import { requestFigures } from "./request-figures.server";

/** The years with figures: from the year of the country's first received request to this one (UTC). */
export async function figureYears(db: Db, country: Country, now = new Date()): Promise<number[]> {
  const first = await db
    .selectFrom("privacy_request")
    .select((eb) => [eb.fn.min("verified_at").as("verified"), eb.fn.min("closed_at").as("closed")])
    .where("country", "=", country)
    .executeTakeFirst();
  const thisYear = now.getUTCFullYear();
  const earliest = [first?.verified, first?.closed].filter((at): at is string => typeof at === "string").sort()[0];
  const from = Math.min(thisYear, earliest ? Number(earliest.slice(0, 4)) : thisYear);
  return Array.from({ length: thisYear - from + 1 }, (_, index) => from + index);
}

/** The year shown when none is asked for: the last full year when it has figures, else this one. */
export function defaultYear(years: number[], now = new Date()): number {
  const lastFull = now.getUTCFullYear() - 1;
  return years.includes(lastFull) ? lastFull : now.getUTCFullYear();
}

/**
 * A year's figures cost about 0.1–0.2 s of the database with 100,000
 * requests (npm run bench:reports), and on SQLite that time blocks the
 * event loop: the public call, open to anyone, reads them once a minute per
 * country and year, as long as its answers may be cached anyway.
 */
const recent = new LRUCache<string, Promise<PublicFigures>>({ max: 64, ttl: 60_000 });

export function publicFigures(db: Db, country: Country, year: number, years: number[]): Promise<PublicFigures> {
  const key = `${country}:${year}:${years.join(",")}`;
  const cached = recent.get(key);
  if (cached) return cached;
  const computed = computePublicFigures(db, country, year, years);
  recent.set(key, computed);
  // A failure is not kept: the next visitor asks the database again.
  computed.catch(() => recent.delete(key));
  return computed;
}

/** Uncached, for the tests that compare the public figures with the officers'. */
export async function computePublicFigures(db: Db, country: Country, year: number, years: number[], now = new Date()): Promise<PublicFigures> {
  const figures = await requestFigures(db, { from: `${year}-01-01`, to: `${year}-12-31`, country }, now);
  return {
    country,
    year,
    years,
    yearToDate: year >= now.getUTCFullYear(),
    rights: figures.byRight.filter(({ right }) => flowAllowedIn(right, country)).map(({ right, ...row }) => ({ right, ...publicRow(row) })),
    total: publicRow(figures.total),
  };
}
