import { foldText } from "~/utils/fold";
import { SEARCH_BOX_MAX_LENGTH } from "./limits";
import { PHONE_BRAND_TYPES, type PhoneBrandType, type PhoneDirectoryEntry } from "./types";

export type PhoneFilter = { q: string; type: PhoneBrandType | "all" };

export function isPhoneBrandType(value: string | null | undefined): value is PhoneBrandType {
  return (PHONE_BRAND_TYPES as readonly string[]).includes(value ?? "");
}

/** Reads the filter from the query string; unknown values fall back to "everything". */
export function phoneFilterFromSearchParams(params: URLSearchParams): PhoneFilter {
  const type = params.get("type");
  return {
    q: (params.get("q") ?? "").slice(0, SEARCH_BOX_MAX_LENGTH),
    type: isPhoneBrandType(type) ? type : "all",
  };
}

/**
 * Spec 2 "Phone directory": filter by brand type and by title search. The
 * server filters entries with it, and app/enhance/phone-filter.ts the
 * entries it reads back from the page, so it asks only for what both have.
 */
export function phoneFilterMatcher(filter: PhoneFilter): (entry: { brandName: string; brandType: string }) => boolean {
  const words = foldText(filter.q.trim()).split(/\s+/).filter(Boolean);
  return (entry) => {
    if (filter.type !== "all" && entry.brandType !== filter.type) return false;
    const name = foldText(entry.brandName);
    return words.every((word) => name.includes(word));
  };
}

export function filterPhoneDirectory(entries: PhoneDirectoryEntry[], filter: PhoneFilter): PhoneDirectoryEntry[] {
  return entries.filter(phoneFilterMatcher(filter));
}

/** Entries grouped by brand type, in the menu's order, without empty groups. */
export function groupByBrandType(entries: PhoneDirectoryEntry[]) {
  return PHONE_BRAND_TYPES.map((type) => ({
    type,
    entries: entries
      .filter((entry) => entry.brandType === type)
      .sort((a, b) => a.brandName.localeCompare(b.brandName)),
  })).filter((group) => group.entries.length > 0);
}

/** `tel:` link target: digits only, with the country code. */
export function telHref(phoneNumber: string, countryCallingCode: "31" | "32"): string {
  const digits = phoneNumber.replace(/\D/g, "");
  return `tel:+${countryCallingCode}${digits.replace(/^0/, "")}`;
}
