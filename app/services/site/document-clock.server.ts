import { getConfig } from "~/config.server";

const brusselsDate = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Brussels",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/**
 * The day the documents take as today (YYYY-MM-DD): a version takes effect at
 * the start of its day on the Belgian and Dutch calendar. The one place that
 * reads the clock for documents; DOCUMENTS_TODAY moves it in tests only.
 */
export function documentsToday(now: Date = new Date()): string {
  return getConfig().DOCUMENTS_TODAY ?? brusselsDate.format(now);
}

/** The date `days` after a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const moved = new Date(`${date}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}
