import { data, Link } from "react-router";

import { AdNotice } from "~/components/political-ads/ad-notice";
import { NoticeHistory } from "~/components/political-ads/notice-history";
import { siteContext } from "~/context";
import { getDb } from "~/db/instance.server";
import { lookup } from "~/i18n/translations";
import { useTranslation } from "~/i18n/use-translation";
import { findCampaign } from "~/services/campaign/register.server";
import { noticeHistory } from "~/services/campaign/versions.server";
import { getLogger } from "~/utils/logger.server";
import { rootTranslations, SITE_NAME } from "~/utils/meta";
import { leaveThirdPartyDocument, PERSONAL_DATA } from "~/utils/personal-data";
import { useLocalizedPath } from "~/utils/site";

import type { Route } from "./+types/detail";

// With JavaScript the report form (name, e-mail address, explanation) opens in a dialog on this page.
export const handle = PERSONAL_DATA;
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [leaveThirdPartyDocument];

/** Unknown id: a 404 page saying the ad could not be loaded (spec 8). The notice's history comes with it. */
export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    const db = await getDb();
    const { country } = context.get(siteContext);
    const [item, history] = await Promise.all([
      findCampaign(db, country, params.id),
      noticeHistory(db, country, params.id),
    ]);
    return item ? { item, history } : data({ item: null, history: [] }, { status: 404 });
  } catch (error) {
    getLogger().error({ err: error }, "campaign could not be read");
    return data({ item: null, history: [] }, { status: 503 });
  }
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
        <>
          <AdNotice item={loaderData.item} />
          <NoticeHistory id={loaderData.item.id} history={loaderData.history} shown={loaderData.item.version} />
        </>
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
  return [
    { title: `${title} | ${SITE_NAME}` },
    { name: "description", content: lookup(texts, "pages.politicalAds.description") },
  ];
};
