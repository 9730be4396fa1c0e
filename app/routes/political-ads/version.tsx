import { data, Link } from "react-router";

import { AdNotice } from "~/components/political-ads/ad-notice";
import { NoticeHistory } from "~/components/political-ads/notice-history";
import { siteContext } from "~/context";
import { getDb } from "~/db/instance.server";
import { noticePath } from "~/domain/campaign-item";
import { lookup } from "~/i18n/translations";
import { useTranslation } from "~/i18n/use-translation";
import { findNoticeVersion, noticeHistory } from "~/services/campaign/versions.server";
import { formatMoment } from "~/utils/campaign-format";
import { getLogger } from "~/utils/logger.server";
import { rootTranslations, SITE_NAME } from "~/utils/meta";
import { useLocalizedPath, usePageLanguageTag, useSite } from "~/utils/site";

import type { Route } from "./+types/version";

/**
 * One version of a notice on its permanent address
 * (`/{lang}/political-ads/{id}/v/{n}`), as it was published, with the whole
 * history. Not a number, or no such version: 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const version = /^[1-9]\d{0,5}$/.test(params.version) ? Number(params.version) : null;
  if (version === null) return data({ item: null, history: [] }, { status: 404 });
  try {
    const db = await getDb();
    const { country } = context.get(siteContext);
    const [item, history] = await Promise.all([
      findNoticeVersion(db, country, params.id, version),
      noticeHistory(db, country, params.id),
    ]);
    return item ? { item, history } : data({ item: null, history: [] }, { status: 404 });
  } catch (error) {
    getLogger().error({ err: error }, "campaign version could not be read");
    return data({ item: null, history: [] }, { status: 503 });
  }
}

export default function PoliticalAdVersionPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const { language } = useSite();
  const languageTag = usePageLanguageTag();
  const { item, history } = loaderData;
  const isCurrent = item !== null && history[0]?.version === item.version;
  return (
    <>
      <p className="app-back-link">
        <Link to={to("/political-ads")}>{t("politicalAds.back")}</Link>
      </p>
      {item ? (
        <>
          <AdNotice
            item={item}
            versioned
            banner={
              <div className="app-ad-notice app-ad-version-banner">
                <p>
                  {t("politicalAds.history.viewing", {
                    version: item.version,
                    date: formatMoment(item.versionDate, languageTag),
                  })}
                </p>
                <p>
                  {isCurrent ? t("politicalAds.history.isCurrent") : t("politicalAds.history.notCurrent")}{" "}
                  {isCurrent ? null : (
                    <Link to={noticePath(language, item.id)}>{t("politicalAds.history.toCurrent")}</Link>
                  )}
                </p>
              </div>
            }
          />
          <NoticeHistory id={item.id} history={history} shown={item.version} />
        </>
      ) : (
        <section className="app-section">
          <h1 className="app-heading-1">{t("pages.politicalAdDetail.title")}</h1>
          <p className="app-empty app-empty--error" role="alert">
            {t("politicalAds.history.notFound")}
          </p>
        </section>
      )}
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const texts = rootTranslations(matches);
  const heading = lookup(texts, "pages.politicalAdDetail.title");
  const item = loaderData?.item;
  // A version that does not exist says so in the title too, as its page does.
  const title = item
    ? `${heading} ${item.id}, ${lookup(texts, "politicalAds.history.pageTitle").replace("{{version}}", String(item.version))}: ${item.sponsorName}`
    : lookup(texts, "politicalAds.history.notFound");
  return [{ title: `${title} | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];
};
