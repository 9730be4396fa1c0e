import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, data, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/political-ads";
import { CampaignCard } from "~/components/political-ads/campaign-card";
import { getConfig } from "~/config.server";
import { siteContext } from "~/context";
import { getDb } from "~/db/instance.server";
import { listCampaigns } from "~/services/campaigns.server";
import { getLogger } from "~/utils/logger.server";
import { pageMeta } from "~/utils/meta";
import { useLocalizedPath, usePageLanguageTag, useSite } from "~/utils/site";
import {
  CHANNELS_BY_COUNTRY,
  PERIOD_FILTERS,
  TEXT_FILTER_MAX,
  readCampaignQuery,
  type CampaignCountry,
  type CampaignQuery,
} from "~/validation/campaign";

const PAGE_SIZE = 10;
/** Spec 9: the rules on political advertising apply from this day. */
const RULES_APPLY_FROM = "2025-10-10";

/**
 * The list follows the filters of a GET form, so every result has a URL that
 * works without JavaScript. A hand-edited bad filter shows the whole list.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { country } = context.get(siteContext);
  const code = country.toUpperCase() as CampaignCountry;
  const params = new URL(request.url).searchParams;
  const read = readCampaignQuery(params, code);
  const query: CampaignQuery = read.ok ? read.query : { period: "ALL", channel: "ALL", text: "" };
  const requestedPage = Number.parseInt(params.get("page") ?? "1", 10);
  const shared = { query, channels: ["ALL", ...CHANNELS_BY_COUNTRY[code]], broadcastUrl: getConfig().BROADCAST_ADS_URL };
  try {
    const items = await listCampaigns(await getDb(), { country: code, ...query });
    const pageCount = Math.max(1, Math.ceil(items.length / PAGE_SIZE));
    const page = Number.isFinite(requestedPage) ? Math.min(Math.max(requestedPage, 1), pageCount) : 1;
    return { ...shared, error: false, items: items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE), total: items.length, page, pageCount };
  } catch (error) {
    getLogger().error({ err: error }, "campaign list could not be read");
    return data({ ...shared, error: true, items: [], total: 0, page: 1, pageCount: 1 }, { status: 503 });
  }
}

// Spec 4: results are kept per filter combination, so going back to one is instant.
const cache = new Map<string, Awaited<ReturnType<Route.ClientLoaderArgs["serverLoader"]>>>();
const CACHE_LIMIT = 50;

export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const key = new URL(request.url).search;
  const kept = cache.get(key);
  if (kept) return kept;
  const fresh = await serverLoader();
  if (!fresh.error) {
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(key, fresh);
  }
  return fresh;
}

/** Spec 9: text changes are followed after 500 ms of quiet. */
const TEXT_DEBOUNCE_MS = 500;

function Filters({ query, channels }: { query: CampaignQuery; channels: string[] }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const follow = (delay: number) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      if (formRef.current) submit(formRef.current, { replace: true, preventScrollReset: true });
    }, delay);
  };
  return (
    <Form
      ref={formRef}
      method="get"
      className="app-ad-filters"
      role="search"
      aria-label={t("politicalAds.filtersLabel")}
      onChange={(event) => follow((event.target as HTMLElement).tagName === "SELECT" ? 0 : TEXT_DEBOUNCE_MS)}
    >
      <div className="app-ad-filters__field">
        <label htmlFor="ad-period">{t("politicalAds.filters.period")}</label>
        <select id="ad-period" name="period" defaultValue={query.period} key={`period-${query.period}`}>
          {PERIOD_FILTERS.map((period) => (
            <option key={period} value={period}>
              {t(`politicalAds.periods.${period}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="app-ad-filters__field">
        <label htmlFor="ad-channel">{t("politicalAds.filters.channel")}</label>
        <select id="ad-channel" name="channel" defaultValue={query.channel} key={`channel-${query.channel}`}>
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
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname.endsWith("/political-ads");
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
        <p>{t("politicalAds.rulesApply", { date: new Intl.DateTimeFormat(languageTag, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${RULES_APPLY_FROM}T00:00:00Z`)) })}</p>
        {country === "nl" ? <p>{t("politicalAds.rulesNl")}</p> : null}
        <p>
          {t("politicalAds.broadcast")}{" "}
          <a href={loaderData.broadcastUrl} rel="noopener">
            {t("politicalAds.broadcastLink")}
          </a>
        </p>
        <p>
          <a href={`/api/campaign-items/export?countryCode=${country.toUpperCase()}&format=csv`} download>
            {t("politicalAds.exportCsv")}
          </a>
          {" · "}
          <a href={`/api/campaign-items/export?countryCode=${country.toUpperCase()}&format=json`} download>
            {t("politicalAds.exportJson")}
          </a>
        </p>
      </section>
      <section className="app-section" aria-labelledby="ad-list-title">
        <h2 id="ad-list-title">{t("politicalAds.listTitle")}</h2>
        <Filters query={query} channels={loaderData.channels} />
        <p className="app-ad-results__count" role="status">
          {loading ? t("politicalAds.loading") : error ? "" : t("politicalAds.count", { count: total })}
        </p>
        <div className="app-ad-results" aria-busy={loading || undefined}>
          {error ? (
            <p className="app-empty app-empty--error" role="alert">
              {t("politicalAds.loadError")}
            </p>
          ) : items.length === 0 ? (
            <p className="app-empty">{t("politicalAds.empty")}</p>
          ) : (
            <div className="app-campaign-list">
              {items.map((item) => (
                <CampaignCard key={item.id} item={item} languageTag={languageTag} detailPath={to(`/political-ads/${encodeURIComponent(item.id)}`)} />
              ))}
            </div>
          )}
        </div>
        <Pagination page={page} pageCount={pageCount} query={query} />
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "pages.politicalAds.title", "pages.politicalAds.description");
