/**
 * The two countries (spec 1), in one case end to end: `Country` ("nl", "be")
 * is what the host says, what every table stores and what the code passes
 * around. `CountryCode` ("NL", "BE", ISO 3166-1) is only the exchange format
 * of the outside world: the calls' `countryCode` (spec 7), the ad register's
 * files and ids, postal addresses, exports. Conversions live here only.
 */
export const COUNTRIES = ["nl", "be"] as const;
export type Country = (typeof COUNTRIES)[number];

export type CountryCode = "NL" | "BE";

function isCountry(value: unknown): value is Country {
  return typeof value === "string" && (COUNTRIES as readonly string[]).includes(value);
}

/** The ISO code the outside world reads. */
export function countryCode(country: Country): CountryCode {
  return country === "nl" ? "NL" : "BE";
}

/** A country named in either case ("NL", "be"), or undefined for anything else (spec 7: upper case; lower case is accepted). */
export function parseCountry(value: string | null | undefined): Country | undefined {
  const lower = value?.trim().toLowerCase();
  return isCountry(lower) ? lower : undefined;
}
