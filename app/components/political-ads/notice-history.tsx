import { Link } from "react-router";

import { noticePath, type CampaignVersionEntry } from "~/domain/campaign-item";
import { useTranslation } from "~/i18n/use-translation";
import { formatMoment } from "~/utils/campaign-format";
import { usePageLanguageTag, useSite } from "~/utils/site";

/**
 * What changed in a notice, version by version, newest
 * first, each with its permanent address. `shown` is the version the page
 * shows (marked as the current page).
 */
export function NoticeHistory({ id, history, shown }: { id: string; history: CampaignVersionEntry[]; shown: number }) {
  const { t } = useTranslation();
  const { language } = useSite();
  const languageTag = usePageLanguageTag();
  const current = history[0]?.version;
  return (
    <section className="app-section" aria-labelledby="ad-history">
      <h2 id="ad-history">{t("politicalAds.history.title")}</h2>
      <p>{t("politicalAds.history.intro")}</p>
      <ol className="app-ad-history">
        {history.map((entry) => {
          const date = formatMoment(entry.recordedAt, languageTag);
          const fields = entry.changedFields.map((field) => t(`politicalAds.fieldNames.${field}`)).join(", ");
          return (
            <li key={entry.version} className="app-ad-history__entry">
              <p className="app-ad-history__title">
                <strong>{t("politicalAds.history.version", { version: entry.version })}</strong>
                {entry.version === current ? ` (${t("politicalAds.history.current")})` : ""}
                {" · "}
                {t(entry.version === 1 ? "politicalAds.history.published" : "politicalAds.history.changed", { date })}
              </p>
              {entry.version > 1 ? <p>{t(`politicalAds.history.kinds.${entry.kind}`)}</p> : null}
              {fields ? <p>{t("politicalAds.history.fieldsChanged", { fields })}</p> : null}
              {entry.reason ? <p>{t("politicalAds.history.reason", { reason: entry.reason })}</p> : null}
              <p>
                <Link
                  to={noticePath(language, id, entry.version)}
                  aria-current={entry.version === shown ? "page" : undefined}
                >
                  {t("politicalAds.history.view", { version: entry.version })}
                </Link>
              </p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
