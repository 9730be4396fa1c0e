import { data, redirect, type MiddlewareFunction } from "react-router";

import { getConfig } from "~/config.server";
import { serverContext, siteContext, type Site } from "~/context";
import { publicOrigin } from "~/utils/public-origin.server";

import { isAllowedHost } from "./allowed-hosts.server";
import { COUNTRY_ERROR, type CountryError } from "./country-error";
import { countryFromHost, DEFAULT_LANGUAGE, languageFromPath, resolveLocale } from "./locale";

/** The error, with links to the sites: the public origins when configured, else the local names. */
function countryError(url: URL): CountryError {
  const port = url.port ? `:${url.port}` : "";
  return {
    message: COUNTRY_ERROR,
    localUrls: [
      `${publicOrigin("nl", `http://nl.localhost${port}`)}/`,
      `${publicOrigin("be", `http://be.localhost${port}`)}/`,
    ],
  };
}

/** Country, language and locale of a request; null when the host has no country. */
export function siteFromUrl(url: URL): Site | null {
  const country = countryFromHost(url.host);
  if (!country) return null;
  const language = languageFromPath(url.pathname) ?? DEFAULT_LANGUAGE;
  return { country, language, locale: resolveLocale(language, country) };
}

/**
 * The same path and query prefixed with /nl, when the path has no language
 * segment and the prefixed path is a page (spec 2); otherwise null.
 */
export function missingLanguageRedirect(url: URL, isKnownPage: (pathname: string) => boolean): string | null {
  if (languageFromPath(url.pathname)) return null;
  const candidate = `/${DEFAULT_LANGUAGE}${url.pathname === "/" ? "" : url.pathname}`;
  return isKnownPage(candidate) ? `${candidate}${url.search}` : null;
}

/**
 * Root middleware: rejects hosts this deployment does not serve or that have
 * no country, adds the language prefix, sets the site. The URL's host is the
 * one every link of this request is built from (the Host header, or a trusted
 * proxy's X-Forwarded-Host), so it is the one checked.
 */
export const siteMiddleware: MiddlewareFunction<Response> = ({ request, context }) => {
  const url = new URL(request.url);
  const site = isAllowedHost(url.host, getConfig()) ? siteFromUrl(url) : null;
  if (!site) throw data(countryError(url), { status: 400, statusText: COUNTRY_ERROR });
  const target = missingLanguageRedirect(url, context.get(serverContext).isKnownPage);
  if (target) throw redirect(target);
  context.set(siteContext, site);
};
