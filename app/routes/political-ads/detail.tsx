import { useTranslation } from "react-i18next";
import { Link, data } from "react-router";
import type { Route } from "./+types/detail";
import { ReportAd } from "~/components/political-ads/report-ad-button";
import { usePeriodText } from "~/components/political-ads/campaign-card";
import { siteContext } from "~/context";
import { getDb } from "~/db/instance.server";
import { findCampaign } from "~/services/campaigns.server";
import { formatCount, formatEuro, formatRange, reachKind } from "~/utils/campaign-format";
import { getLogger } from "~/utils/logger.server";
import { SITE_NAME, rootTranslations } from "~/utils/meta";
import { lookup } from "~/i18n/translations";
import { useLocalizedPath, usePageLanguageTag, useSite } from "~/utils/site";
import { type CampaignItem } from "~/domain/campaign-item";

/** Unknown id: a 404 page saying the ad could not be loaded (spec 8). */
export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    const item = await findCampaign(await getDb(), context.get(siteContext).country, params.id);
    return item ? { item } : data({ item: null }, { status: 404 });
  } catch (error) {
    getLogger().error({ err: error }, "campaign could not be read");
    return data({ item: null }, { status: 503 });
  }
}

function Party({ titleKey, name, email, address }: { titleKey: string; name: string; email: string; address: string }) {
  const { t } = useTranslation();
  return (
    <section className="app-ad-party" aria-label={t(titleKey)}>
      <h3 className="app-ad-party__title">{t(titleKey)}</h3>
      <p className="app-ad-party__name">{name}</p>
      {email ? (
        <p>
          <a href={`mailto:${email}`}>{email}</a>
        </p>
      ) : null}
      {address ? <p>{address}</p> : null}
    </section>
  );
}

function Detail({ item }: { item: CampaignItem }) {
  const { t } = useTranslation();
  const { language } = useSite();
  const languageTag = usePageLanguageTag();
  const periodText = usePeriodText();
  const note = language === "fr" ? item.campaignContextNoteFr || item.campaignContextNoteNl : item.campaignContextNoteNl || item.campaignContextNoteFr;
  const fact = (labelKey: string, value: string) => (
    <div>
      <dt>{t(labelKey)}</dt>
      <dd>{value || t("politicalAds.unknown")}</dd>
    </div>
  );
  return (
    <>
      <header className="app-page-header">
        <p className="app-ad-detail__kicker">{t("pages.politicalAdDetail.title")}</p>
        <h1 className="app-heading-1">{item.sponsorName}</h1>
        <p className="app-campaign-card__meta">
          <span className={`app-status app-status--${item.status.toLowerCase()}`}>{t(`politicalAds.status.${item.status}`)}</span>
        </p>
      </header>
      <section className="app-section" aria-labelledby="ad-facts">
        <h2 id="ad-facts" className="app-visually-hidden">
          {t("politicalAds.factsTitle")}
        </h2>
        <dl className="app-ad-facts">
          {fact("politicalAds.reference", item.id)}
          {fact("politicalAds.channel", t(`politicalAds.channels.${item.channel}`))}
          {fact("politicalAds.period", periodText(item, languageTag))}
          {fact(`politicalAds.reach.${reachKind(item.channel)}`, formatRange(item.reachLowerBound, item.reachUpperBound, formatCount))}
          {fact("politicalAds.spending", formatRange(item.budgetLowerBound, item.budgetUpperBound, formatEuro))}
        </dl>
        <div className="app-ad-actions">
          <ReportAd item={item} />
          <a className="app-button app-button--secondary" href={`/api/campaign-items/${encodeURIComponent(item.id)}?countryCode=${item.country}`} download={`politieke-advertentie-${item.id}.json`}>
            {t("politicalAds.download")}
          </a>
        </div>
      </section>
      <section className="app-section" aria-labelledby="ad-about">
        <h2 id="ad-about">{t("politicalAds.aboutTitle")}</h2>
        <dl className="app-ad-facts">
          {fact("politicalAds.fundingOrigin", t(`politicalAds.fundingOrigins.${item.fundingOriginType}`))}
          {fact("politicalAds.fundingRegion", t(`politicalAds.fundingRegions.${item.fundingRegion}`))}
          {fact("politicalAds.contextType", t(`politicalAds.contextTypes.${item.country}.${item.campaignContextType}`))}
          {item.campaignContextUrl ? (
            <div>
              <dt>{t("politicalAds.contextUrl")}</dt>
              <dd>
                <a href={item.campaignContextUrl} rel="noopener nofollow">
                  {item.campaignContextUrl}
                </a>
              </dd>
            </div>
          ) : null}
          {note ? fact("politicalAds.contextNote", note) : null}
        </dl>
        {item.previousPublicationSuspended ? (
          <p className="app-ad-notice" role="note">
            {t("politicalAds.previouslySuspended")}
          </p>
        ) : null}
      </section>
      <section className="app-section" aria-labelledby="ad-parties">
        <h2 id="ad-parties">{t("politicalAds.partiesTitle")}</h2>
        <div className="app-ad-parties">
          <Party titleKey="politicalAds.sponsor" name={item.sponsorName} email={item.sponsorEmail} address={item.sponsorAddress} />
          {item.payerName ? (
            <Party titleKey="politicalAds.payer" name={item.payerName} email={item.payerEmail} address={item.payerAddress} />
          ) : null}
          {item.ultimateBeneficiaryOwnerName ? (
            <Party
              titleKey="politicalAds.beneficiary"
              name={item.ultimateBeneficiaryOwnerName}
              email={item.ultimateBeneficiaryOwnerEmail}
              address={item.ultimateBeneficiaryOwnerAddress}
            />
          ) : null}
        </div>
      </section>
    </>
  );
}

export default function PoliticalAdDetailPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  return (
    <>
      <p className="app-back-link">
        <Link to={to("/political-ads")}>{t("politicalAds.back")}</Link>
      </p>
      {loaderData.item ? (
        <Detail item={loaderData.item} />
      ) : (
        <section className="app-section">
          <h1 className="app-heading-1">{t("pages.politicalAdDetail.title")}</h1>
          <p className="app-empty app-empty--error" role="alert">
            {t("politicalAds.detailLoadError")}
          </p>
        </section>
      )}
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const texts = rootTranslations(matches);
  const title = loaderData?.item
    ? `${lookup(texts, "pages.politicalAdDetail.title")} ${loaderData.item.id}: ${loaderData.item.sponsorName}`
    : lookup(texts, "pages.politicalAdDetail.title");
  return [{ title: `${title} | ${SITE_NAME}` }, { name: "description", content: lookup(texts, "pages.politicalAds.description") }];
};
