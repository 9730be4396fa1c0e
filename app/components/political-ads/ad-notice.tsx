import type { ReactNode } from "react";

import { usePeriodText } from "~/components/political-ads/campaign-card";
import { ReportAd } from "~/components/political-ads/report-ad-button";
import type { CampaignItem } from "~/domain/campaign-item";
import { useTranslation } from "~/i18n/use-translation";
import { formatCount, formatEuro, formatRange, reachKind } from "~/utils/campaign-format";
import { useLocalizedPath, usePageLanguageTag, useSite } from "~/utils/site";

/** The JSON download (spec 7: the detail call); a version's own when the page shows one. */
const downloadHref = (item: CampaignItem, versioned: boolean) =>
  `/api/campaign-items/${encodeURIComponent(item.id)}?countryCode=${item.country}${versioned ? `&version=${item.version}` : ""}`;
const downloadName = (item: CampaignItem, versioned: boolean) =>
  `politieke-advertentie-${item.id}${versioned ? `-v${item.version}` : ""}.json`;

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

/**
 * An ad's notice (TTPA Art. 12): the current one on its page, or a kept
 * version on its permanent address, with a `banner` saying which.
 */
export function AdNotice({
  item,
  banner,
  versioned = false,
}: {
  item: CampaignItem;
  banner?: ReactNode;
  versioned?: boolean;
}) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const { language } = useSite();
  const languageTag = usePageLanguageTag();
  const periodText = usePeriodText();
  const note =
    language === "fr"
      ? item.campaignContextNoteFr || item.campaignContextNoteNl
      : item.campaignContextNoteNl || item.campaignContextNoteFr;
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
          <span className={`app-status app-status--${item.status.toLowerCase()}`}>
            {t(`politicalAds.status.${item.status}`)}
          </span>
        </p>
      </header>
      {banner}
      <section className="app-section" aria-labelledby="ad-facts">
        <h2 id="ad-facts" className="app-visually-hidden">
          {t("politicalAds.factsTitle")}
        </h2>
        <dl className="app-ad-facts">
          {fact("politicalAds.reference", item.id)}
          {fact("politicalAds.channel", t(`politicalAds.channels.${item.channel}`))}
          {fact("politicalAds.period", periodText(item, languageTag))}
          {fact(
            `politicalAds.reach.${reachKind(item.channel)}`,
            formatRange(item.reachLowerBound, item.reachUpperBound, formatCount),
          )}
          {fact("politicalAds.spending", formatRange(item.budgetLowerBound, item.budgetUpperBound, formatEuro))}
        </dl>
        <div className="app-ad-actions">
          <ReportAd item={item} />
          <a
            className="app-button app-button--secondary"
            href={downloadHref(item, versioned)}
            download={downloadName(item, versioned)}
          >
            {t("politicalAds.download")}
          </a>
        </div>
        {/* The label a print ad carries, pointing here. */}
        <p className="app-ad-label-links">
          {t("politicalAds.labelLinks")} <a href={to(`/political-ads/${encodeURIComponent(item.id)}/label.svg`)}>SVG</a>
          {" · "}
          <a href={to(`/political-ads/${encodeURIComponent(item.id)}/label.png`)}>PNG</a>
        </p>
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
          <Party
            titleKey="politicalAds.sponsor"
            name={item.sponsorName}
            email={item.sponsorEmail}
            address={item.sponsorAddress}
          />
          {item.payerName ? (
            <Party
              titleKey="politicalAds.payer"
              name={item.payerName}
              email={item.payerEmail}
              address={item.payerAddress}
            />
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
