import type { RegisterSummary } from "~/domain/campaign-item";
import { useTranslation } from "~/i18n/use-translation";
import { formatCount, formatEuro } from "~/utils/campaign-format";

/**
 * A bar drawn to scale under its figure, in the table's cell: the row's text (label and figure)
 * is HTML, so it reflows and grows with the text size; the bar is SVG,
 * hidden from screen readers, which read the same figure in the row. Under
 * forced colours it is drawn in the system's text colour (CSS).
 */
function Bar({ value, max }: { value: number; max: number }) {
  const width = max > 0 ? Math.round((value / max) * 1000) / 10 : 0;
  return (
    <svg className="app-bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <rect className="app-bar__fill" x="0" y="0" width={width} height="10" data-value={value} />
    </svg>
  );
}

/** Euro as a range: 'from … to …', 'at least …' when the top is open. */
function useSpendingText() {
  const { t } = useTranslation();
  return (lower: number, upper: number | null) =>
    upper === null
      ? t("politicalAds.summary.atLeast", { lower: formatEuro(lower) })
      : t("politicalAds.summary.range", { lower: formatEuro(lower), upper: formatEuro(upper) });
}

/**
 * The filtered set at a glance, server-rendered, the same
 * figures as the list call's `summary`. Each chart is a table with its bars:
 * readable without JavaScript, by a screen reader (a caption and header
 * cells), in forced colours and at 320 px with 200 % text: two columns, the
 * bar under the figure it draws.
 */
export function RegisterSummaryView({ summary }: { summary: RegisterSummary }) {
  const { t } = useTranslation();
  const spending = useSpendingText();
  const channelMax = Math.max(0, ...summary.perChannel.map((row) => row.count));
  const sponsorMax = Math.max(0, ...summary.topSponsors.map((row) => row.lower));
  return (
    <section className="app-section app-ad-summary" aria-labelledby="ad-summary-title">
      <h2 id="ad-summary-title">{t("politicalAds.summary.title")}</h2>
      <p>{t("politicalAds.summary.intro")}</p>
      <dl className="app-ad-summary__totals">
        <div>
          <dt>{t("politicalAds.summary.count")}</dt>
          <dd data-summary="count">{formatCount(summary.count)}</dd>
        </div>
        <div>
          <dt>{t("politicalAds.summary.spending")}</dt>
          <dd data-summary="spending">
            {spending(summary.spending.lower, summary.spending.upper)}
            {summary.spending.withoutFigure > 0
              ? ` (${t("politicalAds.summary.withoutFigure", { count: summary.spending.withoutFigure })})`
              : ""}
          </dd>
        </div>
      </dl>
      <div className="app-ad-summary__charts">
        <table className="app-chart" data-chart="channels">
          <caption>{t("politicalAds.summary.perChannel")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("politicalAds.channel")}</th>
              <th scope="col">{t("politicalAds.summary.ads")}</th>
            </tr>
          </thead>
          <tbody>
            {summary.perChannel.map((row) => (
              <tr key={row.channel}>
                <th scope="row">{t(`politicalAds.channels.${row.channel}`)}</th>
                <td>
                  {formatCount(row.count)}
                  <Bar value={row.count} max={channelMax} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {summary.topSponsors.length > 0 ? (
          <table className="app-chart" data-chart="sponsors">
            <caption>{t("politicalAds.summary.topSponsors")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("politicalAds.sponsor")}</th>
                <th scope="col">{t("politicalAds.spending")}</th>
              </tr>
            </thead>
            <tbody>
              {summary.topSponsors.map((row) => (
                <tr key={row.name}>
                  <th scope="row">{row.name}</th>
                  <td>
                    {spending(row.lower, row.upper)}
                    <Bar value={row.lower} max={sponsorMax} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </div>
    </section>
  );
}
