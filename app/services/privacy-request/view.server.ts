/**
 * A stored privacy request as the code reads it (one view of a
 * row): its JSON columns parsed in one place, and its parts written out the
 * same way on every page and in every identifier.
 */
import type { PrivacyRequestTable, SuppressionChannel } from "~/db/schema/privacy-requests";
import type { Country } from "~/domain/country";
import { normaliseEmail } from "~/domain/email";
import type { RightDetails, UserInfo } from "~/validation/privacy-request";

import { brandsFor } from "../site/content.server";

type Address = NonNullable<UserInfo["address"]>;

/** The brand keys (objection) and the person's details, as written by `submitPrivacyRequest`. */
export function storedDetails(row: Pick<PrivacyRequestTable, "brand_keys" | "user_info">): {
  brandKeys: string[];
  userInfo: UserInfo | null;
} {
  return {
    brandKeys: row.brand_keys ? (JSON.parse(row.brand_keys) as string[]) : [],
    userInfo: row.user_info ? (JSON.parse(row.user_info) as UserInfo) : null,
  };
}

/** The right's own answers (its form's fields: a restriction's ground, where a package goes), when it has any. */
export function rightDetailsOf(row: Pick<PrivacyRequestTable, "right_details">): RightDetails | null {
  return row.right_details ? (JSON.parse(row.right_details) as RightDetails) : null;
}

/** The names of the country's brands that the keys belong to. */
export function brandNames(country: Country, brandKeys: readonly string[]): string[] {
  const keys = new Set(brandKeys);
  return brandsFor(country)
    .filter((brand) => brand.keys.some((key) => keys.has(key)))
    .map((brand) => brand.description);
}

/** "Anna de Vries", with the salutation first when asked and given. */
export function personName(userInfo: UserInfo, options: { salutation?: boolean } = {}): string {
  const salutation =
    options.salutation && userInfo.salutation && userInfo.salutation !== "NONE" ? userInfo.salutation : "";
  return [salutation, userInfo.firstName, userInfo.lastName].filter(Boolean).join(" ");
}

/** "Kerkstraat 12 b, 2000 Antwerpen", with " (BE)" when asked and known. */
export function addressLine(address: Address, options: { country?: boolean } = {}): string {
  const street = `${address.street} ${address.houseNumber}${address.houseNumberExtension ? ` ${address.houseNumberExtension}` : ""}`;
  return `${street}, ${address.postalCode} ${address.city}${options.country && address.country ? ` (${address.country})` : ""}`;
}

/** The normalised identifier a marketing system matches on. */
export function suppressionIdentifier(
  channel: SuppressionChannel,
  request: { email?: string | null; phone?: string | null; userInfo?: UserInfo | null },
): string | null {
  if (channel === "EMAIL") return request.email ? normaliseEmail(request.email) : null;
  if (channel === "PHONE") return request.phone ? request.phone.replace(/[^\d+]/g, "") : null;
  const info = request.userInfo;
  const address = info?.address;
  if (!info || !address) return null;
  const part = (value: string | undefined) => (value ?? "").normalize("NFC").trim().replace(/\s+/g, " ").toUpperCase();
  return [
    part(info.lastName),
    part(info.firstName),
    part(address.street),
    part(address.houseNumber) + (address.houseNumberExtension ? ` ${part(address.houseNumberExtension)}` : ""),
    part(address.postalCode).replace(/\s/g, ""),
    part(address.city),
    part(address.country),
  ].join("|");
}
