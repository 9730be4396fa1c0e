/**
 * The officers' figures for a period, server-rendered: the totals,
 * then each view as a table with bars under its counts (the register at a
 * glance's pattern: the table is what a screen reader reads; the bars are
 * hidden from it). The same figures as the page's CSV.
 */
import { href, Link } from "react-router";

import { FigureBar } from "~/components/figures/figure-bar";
import { useFigureFormat } from "~/components/figures/figure-format";
import { FigureTable } from "~/components/figures/figure-table";
import { COMPLAINT_STATES } from "~/domain/complaint";
import { shareWithinDeadline, type RequestFigureRow, type TeamFigures } from "~/domain/request-figures";
import { useTranslation } from "~/i18n/use-translation";
import { useSite } from "~/utils/site";
import { COMPLAINT_REASONS } from "~/validation/complaint-reasons";

const COLUMNS = [
  "received",
  "extended",
  "overdueNow",
  "answered",
  "completed",
  "rejected",
  "withinDeadline",
  "medianDays",
  "p90Days",
] as const;

/** One row of request figures: its header cell, then a cell per column; bars under received and answered. */
function RequestRow({
  label,
  row,
  max,
  total = false,
}: {
  label: string;
  row: RequestFigureRow;
  max: RequestFigureRow;
  total?: boolean;
}) {
  const format = useFigureFormat();
  const share = shareWithinDeadline(row);
  return (
    <tr className={total ? "app-figure-table__total" : undefined}>
      <th scope="row">{label}</th>
      <td>
        {format.count(row.received)}
        {total ? null : <FigureBar value={row.received} max={max.received} />}
      </td>
      <td>{format.count(row.extended)}</td>
      <td>{format.count(row.overdueNow)}</td>
      <td>
        {format.count(row.answered)}
        {total ? null : <FigureBar value={row.answered} max={max.answered} />}
      </td>
      <td>{format.count(row.completed)}</td>
      <td>{format.count(row.rejected)}</td>
      <td>
        {format.count(row.answeredWithinDeadline)}
        {share === null ? "" : ` (${format.share(share)})`}
      </td>
      <td>{format.days(row.medianDays)}</td>
      <td>{format.days(row.p90Days)}</td>
    </tr>
  );
}

/** The largest received and answered counts of the rows, which their bars are drawn against. */
function largest(rows: RequestFigureRow[]): RequestFigureRow {
  return {
    ...rows[0],
    received: Math.max(0, ...rows.map((row) => row.received)),
    answered: Math.max(0, ...rows.map((row) => row.answered)),
  };
}

function RequestTables({ figures }: { figures: TeamFigures["requests"] }) {
  const { t } = useTranslation();
  const head = COLUMNS.map((column) => t(`backOffice.figures.columns.${column}`));
  const { month } = useFigureFormat();
  return (
    <>
      <FigureTable
        id="requests-by-right"
        caption={t("backOffice.figures.byRight")}
        head={[t("backOffice.figures.right"), ...head]}
      >
        {figures.byRight.map((row) => (
          <RequestRow
            key={row.right}
            label={t(`backOffice.rights.${row.right}`)}
            row={row}
            max={largest(figures.byRight)}
          />
        ))}
        <RequestRow label={t("backOffice.figures.total")} row={figures.total} max={figures.total} total />
      </FigureTable>
      <FigureTable
        id="requests-by-month"
        caption={t("backOffice.figures.byMonth")}
        head={[t("backOffice.figures.month"), ...head]}
      >
        {figures.byMonth.map((row) => (
          <RequestRow key={row.month} label={month(row.month)} row={row} max={largest(figures.byMonth)} />
        ))}
        <RequestRow label={t("backOffice.figures.total")} row={figures.total} max={figures.total} total />
      </FigureTable>
    </>
  );
}

function AdReportTable({ adReports }: { adReports: TeamFigures["adReports"] }) {
  const { t } = useTranslation();
  const format = useFigureFormat();
  const max = Math.max(0, ...adReports.byReason.map((row) => row.total));
  // A reason the form no longer offers has no text: its code.
  const reasonLabel = (reason: string) =>
    (COMPLAINT_REASONS as readonly string[]).includes(reason)
      ? t(`politicalAds.report.reasons.${reason}.title`)
      : reason;
  return (
    <FigureTable
      id="ad-reports"
      caption={t("backOffice.figures.adReportsTitle")}
      head={[
        t("backOffice.reports.reason"),
        t("backOffice.figures.total"),
        ...COMPLAINT_STATES.map((state) => t(`backOffice.complaintStates.${state}`)),
      ]}
    >
      {adReports.byReason.map((row) => (
        <tr key={row.reason}>
          <th scope="row">{reasonLabel(row.reason)}</th>
          <td>
            {format.count(row.total)}
            <FigureBar value={row.total} max={max} />
          </td>
          {COMPLAINT_STATES.map((state) => (
            <td key={state}>{format.count(row[state])}</td>
          ))}
        </tr>
      ))}
    </FigureTable>
  );
}

function SystemTable({ systems }: { systems: TeamFigures["systems"] }) {
  const { t } = useTranslation();
  const format = useFigureFormat();
  if (systems.length === 0) return <p>{t("backOffice.figures.noSystems")}</p>;
  const max = Math.max(0, ...systems.map((row) => row.medianDays ?? 0));
  const head = [
    t("backOffice.figures.system"),
    t("backOffice.figures.tasks"),
    t("backOffice.figures.columns.answered"),
    t("backOffice.figures.stillOpen"),
    t("backOffice.figures.columns.medianDays"),
  ];
  return (
    <FigureTable id="systems" caption={t("backOffice.figures.systemsTitle")} head={head}>
      {systems.map((row) => (
        <tr key={row.systemId}>
          <th scope="row">{row.name}</th>
          <td>{format.count(row.tasks)}</td>
          <td>{format.count(row.answered)}</td>
          <td>{format.count(row.stillOpen)}</td>
          <td>
            {format.days(row.medianDays)}
            <FigureBar value={row.medianDays} max={max} />
          </td>
        </tr>
      ))}
    </FigureTable>
  );
}

export function TeamFiguresView({ figures }: { figures: TeamFigures }) {
  const { t } = useTranslation();
  const format = useFigureFormat();
  const { language: lang } = useSite();
  const { total } = figures.requests;
  const share = shareWithinDeadline(total);
  return (
    <>
      <section className="app-section" aria-labelledby="figures-requests">
        <h2 id="figures-requests">{t("backOffice.figures.requestsTitle")}</h2>
        <dl className="app-figures__totals">
          <div>
            <dt>{t("backOffice.figures.columns.received")}</dt>
            <dd data-total="received">{format.count(total.received)}</dd>
          </div>
          <div>
            <dt>{t("backOffice.figures.columns.answered")}</dt>
            <dd data-total="answered">{format.count(total.answered)}</dd>
          </div>
          <div>
            <dt>{t("backOffice.figures.columns.withinDeadline")}</dt>
            <dd data-total="within-deadline">{format.share(share)}</dd>
          </div>
          <div>
            <dt>{t("backOffice.figures.overdueAnyPeriod")}</dt>
            <dd data-total="overdue-any-period">
              {format.count(figures.overdueNowAnyPeriod)}{" "}
              <Link to={`${href("/:lang/internal-privacy-rights/requests", { lang })}?overdue=on`}>
                {t("backOffice.figures.overdueLink")}
              </Link>
            </dd>
          </div>
        </dl>
        <p>{t("backOffice.figures.definitions")}</p>
        <RequestTables figures={figures.requests} />
      </section>
      <section className="app-section" aria-labelledby="figures-ad-reports">
        <h2 id="figures-ad-reports">{t("backOffice.figures.adReportsHeading")}</h2>
        <p>{t("backOffice.figures.adReportsIntro", { count: figures.adReports.total })}</p>
        <AdReportTable adReports={figures.adReports} />
      </section>
      <section className="app-section" aria-labelledby="figures-systems">
        <h2 id="figures-systems">{t("backOffice.figures.systemsHeading")}</h2>
        <p>{t("backOffice.figures.systemsIntro")}</p>
        <SystemTable systems={figures.systems} />
      </section>
    </>
  );
}
