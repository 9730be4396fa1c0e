/**
 * The officers' figures as one CSV, the same tables as the page,
 * one after the other, each under its own header row and apart by an empty
 * line. Formula-safe as every export (csv.server.ts); a system's name is
 * typed by an officer.
 */
import { COMPLAINT_STATES } from "~/domain/complaint";
import { countryCode, type Country } from "~/domain/country";
import { shareWithinDeadline, type RequestFigureRow, type TeamFigures } from "~/domain/request-figures";
import { toCsv, type CsvValue } from "~/services/csv.server";

const REQUEST_HEAD = [
  "received",
  "extended",
  "overdueNow",
  "answered",
  "completed",
  "rejected",
  "answeredWithinDeadline",
  "shareWithinDeadline",
  "medianDays",
  "p90Days",
];

const requestCells = (row: RequestFigureRow): CsvValue[] => [
  row.received,
  row.extended,
  row.overdueNow,
  row.answered,
  row.completed,
  row.rejected,
  row.answeredWithinDeadline,
  shareWithinDeadline(row),
  row.medianDays,
  row.p90Days,
];

export function figuresCsv(figures: TeamFigures, country: Country | null): string {
  const { requests, adReports, systems } = figures;
  const rows: CsvValue[][] = [
    ["period", figures.period.from, figures.period.to, country ? countryCode(country) : "NL+BE"],
    ["overdueNowAnyPeriod", figures.overdueNowAnyPeriod],
    [],
    ["right", ...REQUEST_HEAD],
    ...requests.byRight.map((row) => [row.right, ...requestCells(row)]),
    ["total", ...requestCells(requests.total)],
    [],
    ["month", ...REQUEST_HEAD],
    ...requests.byMonth.map((row) => [row.month, ...requestCells(row)]),
    ["total", ...requestCells(requests.total)],
    [],
    ["adReportReason", "total", ...COMPLAINT_STATES],
    ...adReports.byReason.map((row) => [row.reason, row.total, ...COMPLAINT_STATES.map((state) => row[state])]),
    [],
    ["system", "systemId", "tasks", "answered", "stillOpen", "medianDays"],
    ...systems.map((row) => [row.name, row.systemId, row.tasks, row.answered, row.stillOpen, row.medianDays]),
  ];
  return toCsv(rows, { bom: true });
}
