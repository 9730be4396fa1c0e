import { Link } from "react-router";

import { type CampaignItem } from "~/domain/campaign-item";
import { useTranslation } from "~/i18n/use-translation";
import { formatCount, formatDay, formatEuro, formatRange, reachKind } from "~/utils/campaign-format";

/** The publication period: "3 februari 2026 – 10 maart 2026", or from a day on. */
export function usePeriodText() {
  const { t } = useTranslation();
  return (item: Pick<CampaignItem, "publicationStartDate" | "publicationEndDate">, languageTag: string) =>
    item.publicationEndDate
      ? `${formatDay(item.publicationStartDate, languageTag)} – ${formatDay(item.publicationEndDate, languageTag)}`
      : t("politicalAds.periodFrom", { start: formatDay(item.publicationStartDate, languageTag) });
}

/** Spec 2 "Cards": reference, sponsor, period, spending and reach ranges, status, link to details. */
export function CampaignCard({
  item,
  languageTag,
  detailPath,
}: {
  item: CampaignItem;
  languageTag: string;
  detailPath: string;
}) {
  const { t } = useTranslation();
  const periodText = usePeriodText();
  const titleId = `campaign-${item.id}`;
  const spending = formatRange(item.budgetLowerBound, item.budgetUpperBound, formatEuro);
  const reach = formatRange(item.reachLowerBound, item.reachUpperBound, formatCount);
  return (
    <article className="app-campaign-card" aria-labelledby={titleId}>
      <p className="app-campaign-card__meta">
        <span className={`app-status app-status--${item.status.toLowerCase()}`}>
          {t(`politicalAds.status.${item.status}`)}
        </span>
        <span>{t(`politicalAds.channels.${item.channel}`)}</span>
      </p>
      <h3 id={titleId} className="app-campaign-card__title">
        {item.sponsorName}
      </h3>
      <dl className="app-campaign-card__facts">
        <div>
          <dt>{t("politicalAds.reference")}</dt>
          <dd>{item.id}</dd>
        </div>
        <div>
          <dt>{t("politicalAds.period")}</dt>
          <dd>{periodText(item, languageTag)}</dd>
        </div>
        <div>
          <dt>{t("politicalAds.spending")}</dt>
          <dd>{spending || t("politicalAds.unknown")}</dd>
        </div>
        <div>
          <dt>{t(`politicalAds.reach.${reachKind(item.channel)}`)}</dt>
          <dd>{reach || t("politicalAds.unknown")}</dd>
        </div>
      </dl>
      <Link className="app-campaign-card__link" to={detailPath}>
        {t("politicalAds.details")}
        <span className="app-visually-hidden">
          : {item.sponsorName}, {item.id}
        </span>
      </Link>
    </article>
  );
}
