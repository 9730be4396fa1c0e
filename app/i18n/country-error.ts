/** Spec 8: a host that ends in neither .nl nor .be. */
export const COUNTRY_ERROR = "Cannot determine country";

/** Body of the 400 answer for a host without a country. */
export type CountryError = { message: typeof COUNTRY_ERROR; localUrls: string[] };

export function isCountryError(value: unknown): value is CountryError {
  return typeof value === "object" && value !== null && (value as CountryError).message === COUNTRY_ERROR;
}
