/**
 * How the register's figures read (spec 9): ranges as '< upper', '> lower'
 * or 'lower - upper', numbers in nl-NL format, money in euro without
 * decimals (the budget is the whole campaign's value).
 */
import { dateTimeFormat } from "~/utils/intl-formats";

const COUNT = new Intl.NumberFormat("nl-NL", { maximumFractionDigits: 0 });
const EURO = new Intl.NumberFormat("nl-NL", {
  style: "currency",
  currency: "EUR",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

export const formatCount = (value: number) => COUNT.format(value);
export const formatEuro = (value: number) => EURO.format(value);

/** '' when neither bound is known. */
export function formatRange(lower: number | null, upper: number | null, format: (value: number) => string): string {
  if (lower === null && upper === null) return "";
  if (lower === null) return `< ${format(upper!)}`;
  if (upper === null) return `> ${format(lower)}`;
  return `${format(lower)} - ${format(upper)}`;
}

/** Spec 3 "Display figures": what the reach counts, by channel. */
export function reachKind(channel: string): "impressions" | "circulation" | "grp" {
  if (channel === "PRINT") return "circulation";
  if (channel === "DIGITAL") return "impressions";
  return "grp";
}

/** A day (yyyy-mm-dd) as the page's language writes it: "3 februari 2026", "3 février 2026". */
export function formatDay(isoDay: string, htmlLang: string): string {
  const [year, month, day] = isoDay.split("-").map(Number);
  return dateTimeFormat(htmlLang, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}

/** A moment (ISO timestamp) as the page's language writes it, in the countries' time zone: "24 november 2026 om 10:30". */
export function formatMoment(isoTimestamp: string, htmlLang: string): string {
  return dateTimeFormat(htmlLang, { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Brussels" }).format(
    new Date(isoTimestamp),
  );
}
