import { Form, Link } from "react-router";

import { SEARCH_BOX_MAX_LENGTH } from "~/content/limits";
import { siteContext } from "~/context";
import { lookup } from "~/i18n/translations";
import { useTranslation } from "~/i18n/use-translation";
import { search } from "~/services/site/search.server";
import { pageMeta, rootTranslations, SITE_NAME } from "~/utils/meta";
import { loadAsDocument, STATIC_PAGE } from "~/utils/page-handle";
import { useLocalizedPath } from "~/utils/site";

import type { Route } from "./+types/search";

export function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = context.get(siteContext);
  const query = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, SEARCH_BOX_MAX_LENGTH);
  return { query, results: query ? search(locale, query) : [] };
}

/**
 * No React on this page: app/enhance/site-search.ts shows each
 * search in place, with the focus left in the field.
 * `queryParameters`: the query the loader reads, and so the page cache's key
 * (server/cache-key.ts).
 */
export const handle = { ...STATIC_PAGE, queryParameters: ["q"] };
export const clientLoader = loadAsDocument;

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const { query, results } = loaderData;
  return (
    <>
      <header className="app-page-header">
        <h1 className="app-heading-1">{t("search.title")}</h1>
      </header>
      <Form id="site-search" method="get" role="search" className="app-search-form">
        <label htmlFor="search-q">{t("search.label")}</label>
        <div className="app-search-form__row">
          <input
            id="search-q"
            name="q"
            type="search"
            defaultValue={query}
            maxLength={SEARCH_BOX_MAX_LENGTH}
            autoComplete="off"
          />
          <button type="submit" className="app-button">
            {t("search.submit")}
          </button>
        </div>
      </Form>
      {/* The live region exists from page load, so each new count is announced. */}
      <div id="search-status" aria-live="polite" aria-atomic="true">
        {query ? (
          <h2 id="search-count" className="app-search-results__count">
            {t("search.resultsCount", { count: results.length, query })}
          </h2>
        ) : null}
      </div>
      <div id="search-results">
        {query ? (
          <section aria-labelledby="search-count" className="app-search-results">
            <ol className="app-search-results__list">
              {results.map((result) => (
                <li key={result.id} className="app-search-result">
                  <p className="app-search-result__kind">{t(`search.kinds.${result.kind}`)}</p>
                  <Link to={to(result.path)} className="app-search-result__title">
                    {result.title}
                  </Link>
                  <p className="app-search-result__snippet">{result.snippet}</p>
                </li>
              ))}
            </ol>
          </section>
        ) : (
          <p>{t("search.hint")}</p>
        )}
      </div>
    </>
  );
}

/** The title names the query, so the tab and history tell searches apart. */
export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const tags = pageMeta(matches, "pages.search.title", "pages.search.description");
  if (!loaderData?.query) return tags;
  const title = lookup(rootTranslations(matches), "pages.search.titleWithQuery").replace("{{query}}", loaderData.query);
  return [{ title: `${title} | ${SITE_NAME}` }, ...tags.filter((tag) => !("title" in tag))];
};
