import { data, Form, Link } from "react-router";

import { CampaignCard } from "~/components/political-ads/campaign-card";
import { RegisterSummaryView } from "~/components/political-ads/register-summary";
import { getConfig } from "~/config.server";
import { siteContext } from "~/context";
import { getDb } from "~/db/instance.server";
import { CHANNELS_BY_COUNTRY, PERIOD_FILTERS, TEXT_FILTER_MAX } from "~/domain/campaign-item";
import { countryCode } from "~/domain/country";
import { useTranslation } from "~/i18n/use-translation";
import { listCampaigns } from "~/services/campaign/register.server";
import { summarise } from "~/services/campaign/summary.server";
import { dateTimeFormat } from "~/utils/intl-formats";
import { getLogger } from "~/utils/logger.server";
import { pageMeta } from "~/utils/meta";
import { loadAsDocument, STATIC_PAGE } from "~/utils/page-handle";
import { useLocalizedPath, usePageLanguageTag, useSite } from "~/utils/site";
import { readCampaignQuery, type CampaignQuery } from "~/validation/campaign";

import type { Route } from "./+types/list";

const PAGE_SIZE = 10;
/** Spec 9: the rules on political advertising apply from this day. */
const RULES_APPLY_FROM = "2025-10-10";

/**
 * The list follows the filters of a GET form, so every result has a URL that
 * works without JavaScript. A hand-edited bad filter shows the whole list.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { country } = context.get(siteContext);
  const params = new URL(request.url).searchParams;
  const read = readCampaignQuery(params, country);
  const query: CampaignQuery = read.ok ? read.query : { period: "ALL", channel: "ALL", text: "" };
  const requestedPage = Number.parseInt(params.get("page") ?? "1", 10);
  const shared = {
    query,
    channels: ["ALL", ...CHANNELS_BY_COUNTRY[country]],
    broadcastUrl: getConfig().BROADCAST_ADS_URL,
  };
  try {
    const items = await listCampaigns(await getDb(), { country, ...query });
    const pageCount = Math.max(1, Math.ceil(items.length / PAGE_SIZE));
    const page = Number.isFinite(requestedPage) ? Math.min(Math.max(requestedPage, 1), pageCount) : 1;
    const summary = summarise(items, country);
    return {
      ...shared,
      error: false,
      items: items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
      total: items.length,
      page,
      pageCount,
      summary,
    };
  } catch (error) {
    getLogger().error({ err: error }, "campaign list could not be read");
    return data({ ...shared, error: true, items: [], total: 0, page: 1, pageCount: 1, summary: null }, { status: 503 });
  }
}

/**
 * No React on this page: app/enhance/ad-filters.ts follows the
 * filters as they change, with the loading state and a cache per filter
 * combination (spec 4, 9).
 * `queryParameters`: the query the loader reads, and so the page cache's key
 * (server/cache-key.ts).
 */
export const handle = { ...STATIC_PAGE, queryParameters: ["period", "channel", "text", "page"] };
export const clientLoader = loadAsDocument;

function Filters({ query, channels }: { query: CampaignQuery; channels: string[] }) {
  const { t } = useTranslation();
  return (
    <Form
      id="ad-filters"
      method="get"
      className="app-ad-filters"
      role="search"
      aria-label={t("politicalAds.filtersLabel")}
    >
      <div className="app-ad-filters__field">
        <label htmlFor="ad-period">{t("politicalAds.filters.period")}</label>
        <select id="ad-period" name="period" defaultValue={query.period}>
          {PERIOD_FILTERS.map((period) => (
            <option key={period} value={period}>
              {t(`politicalAds.periods.${period}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="app-ad-filters__field">
        <label htmlFor="ad-channel">{t("politicalAds.filters.channel")}</label>
        <select id="ad-channel" name="channel" defaultValue={query.channel}>
          {channels.map((channel) => (
            <option key={channel} value={channel}>
              {t(channel === "ALL" ? "politicalAds.allChannels" : `politicalAds.channels.${channel}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="app-ad-filters__field app-ad-filters__field--text">
        <label htmlFor="ad-text">{t("politicalAds.filters.text")}</label>
        <input id="ad-text" type="search" name="text" defaultValue={query.text} maxLength={TEXT_FILTER_MAX} />
      </div>
      <button type="submit" className="app-button">
        {t("politicalAds.filters.submit")}
      </button>
    </Form>
  );
}

function Pagination({ page, pageCount, query }: { page: number; pageCount: number; query: CampaignQuery }) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  const href = (target: number) => {
    const params = new URLSearchParams();
    if (query.period !== "ALL") params.set("period", query.period);
    if (query.channel !== "ALL") params.set("channel", query.channel);
    if (query.text) params.set("text", query.text);
    if (target > 1) params.set("page", String(target));
    const search = params.toString();
    return search ? `?${search}` : ".";
  };
  return (
    <nav className="app-pagination" aria-label={t("politicalAds.pagination.label")}>
      <ul className="app-pagination__list">
        {page > 1 ? (
          <li>
            <Link to={href(page - 1)} rel="prev">
              {t("politicalAds.pagination.previous")}
            </Link>
          </li>
        ) : null}
        {Array.from({ length: pageCount }, (_, index) => index + 1).map((number) => (
          <li key={number}>
            {number === page ? (
              <span aria-current="page" className="app-pagination__current">
                <span className="app-visually-hidden">{t("politicalAds.pagination.page")} </span>
                {number}
              </span>
            ) : (
              <Link to={href(number)}>
                <span className="app-visually-hidden">{t("politicalAds.pagination.page")} </span>
                {number}
              </Link>
            )}
          </li>
        ))}
        {page < pageCount ? (
          <li>
            <Link to={href(page + 1)} rel="next">
              {t("politicalAds.pagination.next")}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

export default function PoliticalAdsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const { country } = useSite();
  const languageTag = usePageLanguageTag();
  const { items, total, page, pageCount, query, error } = loaderData;
  return (
    <>
      <header className="app-page-header">
        <h1 className="app-heading-1">{t("pages.politicalAds.title")}</h1>
        <p>{t("politicalAds.intro")}</p>
      </header>
      <section className="app-section app-ad-info" aria-labelledby="ad-rules">
        <h2 id="ad-rules">{t("politicalAds.rulesTitle")}</h2>
        <p>
          {t("politicalAds.rulesApply", {
            date: dateTimeFormat(languageTag, {
              day: "numeric",
              month: "long",
              year: "numeric",
              timeZone: "UTC",
            }).format(new Date(`${RULES_APPLY_FROM}T00:00:00Z`)),
          })}
        </p>
        {country === "nl" ? <p>{t("politicalAds.rulesNl")}</p> : null}
        <p>
          {t("politicalAds.broadcast")}{" "}
          <a href={loaderData.broadcastUrl} rel="noopener">
            {t("politicalAds.broadcastLink")}
          </a>
        </p>
        <p>
          <a href={`/api/campaign-items/export?countryCode=${countryCode(country)}&format=csv`} download>
            {t("politicalAds.exportCsv")}
          </a>
          {" · "}
          <a href={`/api/campaign-items/export?countryCode=${countryCode(country)}&format=json`} download>
            {t("politicalAds.exportJson")}
          </a>
          {" · "}
          <a href="/api/openapi.json">{t("politicalAds.openApi")}</a>
        </p>
      </section>
      <section className="app-section" aria-labelledby="ad-list-title">
        <h2 id="ad-list-title">{t("politicalAds.listTitle")}</h2>
        <Filters query={query} channels={loaderData.channels} />
        <p className="app-ad-results__count" role="status" data-loading-text={t("politicalAds.loading")}>
          {error ? "" : t("politicalAds.count", { count: total })}
        </p>
        <div className="app-ad-results" data-error-text={t("politicalAds.loadError")}>
          {error ? (
            <p className="app-empty app-empty--error" role="alert">
              {t("politicalAds.loadError")}
            </p>
          ) : items.length === 0 ? (
            <p className="app-empty">{t("politicalAds.empty")}</p>
          ) : (
            <div className="app-campaign-list">
              {items.map((item) => (
                <CampaignCard
                  key={item.id}
                  item={item}
                  languageTag={languageTag}
                  detailPath={to(`/political-ads/${encodeURIComponent(item.id)}`)}
                />
              ))}
            </div>
          )}
        </div>
        <div className="app-ad-pagination">
          <Pagination page={page} pageCount={pageCount} query={query} />
        </div>
      </section>
      {/* Follows the filters with them (app/enhance/ad-filters.ts swaps it with the list). */}
      <div className="app-ad-summary-slot">
        {loaderData.summary ? <RegisterSummaryView summary={loaderData.summary} /> : null}
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "pages.politicalAds.title", "pages.politicalAds.description");
