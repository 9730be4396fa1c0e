import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/phone";
import {
  filterPhoneDirectory,
  groupByBrandType,
  isPhoneBrandType,
  phoneFilterFromSearchParams,
  telHref,
  type PhoneFilter,
} from "~/content/phone-filter";
import { SEARCH_BOX_MAX_LENGTH } from "~/content/limits";
import { siteContext } from "~/context";
import { phoneDirectoryFor } from "~/services/content.server";
import { islandJson } from "~/enhance/phone-filter";
import { pageMeta } from "~/utils/meta";
import { STATIC_PAGE } from "~/utils/page-handle";
import { useLocalizedPath, useSite } from "~/utils/site";

export function loader({ context }: Route.LoaderArgs) {
  const { country } = context.get(siteContext);
  const entries = phoneDirectoryFor(country);
  // Only the types this country has entries for (the Netherlands has no tv).
  const types = ["all" as const, ...groupByBrandType(entries).map((group) => group.type)];
  return { entries, types };
}

// The filter runs in the browser; a changed query string needs no new data.
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

export default function PhonePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const { country } = useSite();
  const [searchParams, setSearchParams] = useSearchParams();
  // The filter lives in the URL (a GET form without JavaScript); with
  // JavaScript the list follows every keystroke and the URL stays shareable.
  const [filter, setFilter] = useState<PhoneFilter>(() => phoneFilterFromSearchParams(searchParams));
  useEffect(() => setFilter(phoneFilterFromSearchParams(searchParams)), [searchParams]);

  const update = (next: PhoneFilter) => {
    setFilter(next);
    const params = new URLSearchParams();
    if (next.q) params.set("q", next.q);
    if (next.type !== "all") params.set("type", next.type);
    setSearchParams(params, { replace: true, preventScrollReset: true });
  };

  const groups = groupByBrandType(filterPhoneDirectory(loaderData.entries, filter));
  const callingCode = country === "nl" ? "31" : "32";

  return (
    <>
      <header className="app-page-header">
        <h1 className="app-heading-1">{t("phone.title")}</h1>
        <p>{t("phone.intro")}</p>
      </header>
      <Form method="get" className="app-filter" role="search" onSubmit={(event) => event.preventDefault()}>
        <div className="app-filter__field">
          <label htmlFor="phone-q">{t("phone.searchLabel")}</label>
          <input
            id="phone-q"
            name="q"
            type="search"
            maxLength={SEARCH_BOX_MAX_LENGTH}
            value={filter.q}
            onChange={(event) => update({ ...filter, q: event.target.value })}
            autoComplete="off"
          />
        </div>
        <div className="app-filter__field">
          <label htmlFor="phone-type">{t("phone.typeLabel")}</label>
          <select
            id="phone-type"
            name="type"
            value={filter.type}
            onChange={(event) =>
              update({ ...filter, type: isPhoneBrandType(event.target.value) ? event.target.value : "all" })
            }
          >
            {loaderData.types.map((type) => (
              <option key={type} value={type}>
                {t(`phone.types.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <noscript>
          <button type="submit" className="app-button">{t("phone.submit")}</button>
        </noscript>
      </Form>

      <p className="app-visually-hidden" role="status" data-phone-count>
        {t("phone.resultsCount", { count: groups.reduce((total, group) => total + group.entries.length, 0) })}
      </p>
      <div className="app-phone__results">
        {groups.length === 0 ? (
          <p className="app-empty">{t("phone.empty")}</p>
        ) : (
          groups.map((group) => (
            <section key={group.type} className="app-phone__group" aria-labelledby={`phone-group-${group.type}`}>
              <h2 id={`phone-group-${group.type}`} className="app-phone__group-title">
                {t(`phone.types.${group.type}`)}
              </h2>
              <ul className="app-phone__list">
                {group.entries.map((entry) => (
                  <li key={entry.brandName} className="app-phone__entry">
                    <span className="app-phone__brand">{entry.brandName}</span>
                    <a className="app-phone__number" href={telHref(entry.phoneNumber, callingCode)}>
                      {entry.phoneNumber}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ))
        )}
      </div>
      <p className="app-phone__hours">{t("contact.hours")}</p>
      {/* For the live filter of app/enhance/page.ts when React does not run this page. */}
      <script
        type="application/json"
        id="phone-directory"
        dangerouslySetInnerHTML={{
          __html: islandJson({
            entries: loaderData.entries,
            callingCode,
            typeLabels: Object.fromEntries(loaderData.types.map((type) => [type, t(`phone.types.${type}`)])),
            counts: Array.from({ length: loaderData.entries.length + 1 }, (_, count) => t("phone.resultsCount", { count })),
            empty: t("phone.empty"),
          }),
        }}
      />
      <Link to={to("/")} className="app-button app-button--secondary">
        {t("phone.back")}
      </Link>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "pages.phone.title", "pages.phone.description");

// Links and a GET filter: no React in the browser; app/enhance/page.ts filters live (issue 14).
export const handle = STATIC_PAGE;
