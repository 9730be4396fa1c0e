import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useMatches,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";

import type { Route } from "./+types/root";
import { isPublicPath } from "./components/layout/navigation";
import { PageLayout } from "./components/layout/page-layout";
import { ReactTakesOver } from "./components/layout/react-takes-over";
import { siteContext } from "./context";
import { cacheControlMiddleware } from "./http/cache-control.server";
import { takeBanner } from "./http/flash.server";
import { isCountryError } from "./i18n/country-error";
import { I18nProvider } from "./i18n/i18n-provider";
import {
  firstSegment,
  htmlLang,
  partialTextLanguage,
  switchableLanguages,
  textLanguageTag,
  type Country,
} from "./i18n/locale";
import { siteMiddleware } from "./i18n/site.server";
import { loadTexts, textsAt } from "./i18n/texts-store";
import { ownTextKeys, textsUrl } from "./i18n/translations.server";
import { featuresFor } from "./services/site/features.server";
import siteCss from "./styles/site.css?url";
import { enhanceScriptUrl } from "./utils/enhance-script.server";
import { isForbiddenPage } from "./utils/forbidden-page";
import type { PageHandle } from "./utils/page-handle";
import { mayRunThirdParties, THIRD_PARTY_MARK } from "./utils/personal-data";
import { publicOrigin } from "./utils/public-origin.server";
import { redirectLimit, useRedirectCountReset } from "./utils/redirect-limit";
import type { Features, RootData } from "./utils/root-data";
import { useReloadOnNewVersion } from "./utils/version";

export const middleware: Route.MiddlewareFunction[] = [cacheControlMiddleware, siteMiddleware];
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [redirectLimit];

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const { banner, headers } = await takeBanner(request);
  const partialLanguage = partialTextLanguage(site.locale);
  const rootData: RootData = {
    site,
    languageTag: htmlLang(site.locale),
    // `<html lang>` names the language of the text shown (en_be shows Dutch);
    // the few texts of a partial locale are marked with their own language.
    pageLanguageTag: textLanguageTag(site.locale),
    ownTexts: partialLanguage ? { language: partialLanguage, keys: ownTextKeys(site.locale) } : null,
    texts: textsUrl(site.locale, !isPublicPath(new URL(request.url).pathname)),
    origin: publicOrigin(site.country, new URL(request.url).origin),
    features: featuresFor(new URL(request.url).host),
    enhanceScript: enhanceScriptUrl(),
    banner,
    submissionId: crypto.randomUUID(),
  };
  return data(rootData, { headers });
}

/**
 * A navigation that brings other texts (another language, the staff area)
 * waits for them before it shows the page; on the first page they are
 * loaded before React takes over (entry.client.tsx).
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const rootData = await serverLoader();
  await loadTexts(rootData.texts);
  return rootData;
}

/**
 * The texts change with the language segment and between public and staff
 * pages; a banner only arrives after a form post. Other navigations keep
 * the root data.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  // A staff page needs the staff texts, which public pages leave out.
  if (
    firstSegment(currentUrl.pathname) !== firstSegment(nextUrl.pathname) ||
    isPublicPath(currentUrl.pathname) !== isPublicPath(nextUrl.pathname)
  ) {
    return defaultShouldRevalidate;
  }
  return false;
}

/**
 * All of the site's CSS as one stylesheet named by its content (about 6.5 KB
 * compressed): kept by the browser across pages and visits instead of
 * repeated, compressed and hashed for its CSP in every page.
 */
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: siteCss },
  { rel: "icon", href: "/favicon.ico", sizes: "any" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  // Decided by the server's render only: once React runs (a page that
  // hydrated, navigating to one that would not), it keeps its scripts and
  // scroll restoration for every page it shows.
  const matches = useMatches();
  const staticPage = matches.some((match) => (match.handle as PageHandle | undefined)?.hydrate === false);
  const hydrate = typeof document !== "undefined" || !staticPage;
  const publicPage = isPublicPath(useLocation().pathname);
  // Never on a page with a token or personal data. Decided per
  // document, like its CSP (entry.server.tsx): React does not add it on a
  // later navigation, where that document's policy might refuse it.
  const analyticsScript =
    typeof document === "undefined" && mayRunThirdParties(matches.map((match) => match.handle))
      ? rootData?.features.analyticsScript
      : null;
  // Says that React runs the page now, an error page too (it starts after
  // the first paint: app/utils/hydrate-after-paint.server.ts); the
  // end-to-end tests wait for it.
  useEffect(() => document.documentElement.setAttribute("data-hydrated", ""), []);
  return (
    <html
      lang={rootData?.pageLanguageTag ?? "nl-NL"}
      data-features={featureNames(rootData?.features)}
      data-texts={hydrate ? rootData?.texts : undefined}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {rootData ? <AlternateLinks origin={rootData.origin} country={rootData.site.country} /> : null}
        {analyticsScript ? <script src={analyticsScript} async {...{ [THIRD_PARTY_MARK]: "" }} /> : null}
        <Links />
      </head>
      <body>
        <ReactTakesOver />
        {children}
        {/* A public page React runs has it too, until the visitor's first intent starts React. */}
        {rootData && (!hydrate || publicPage) ? <script type="module" src={rootData.enhanceScript} /> : null}
        {hydrate ? (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        ) : null}
      </body>
    </html>
  );
}

/** The toggles switched on for this host, for anyone checking a deployment (spec 6). */
function featureNames(features: Features | undefined): string | undefined {
  if (!features) return undefined;
  const names = [features.test ? "test" : null, features.analyticsScript ? "analytics" : null].filter(Boolean);
  return names.length ? names.join(" ") : undefined;
}

/**
 * The page's canonical address, and on .be its other language (hreflang),
 * so search engines show one page per language and never two copies.
 */
function AlternateLinks({ origin, country }: { origin: string; country: Country }) {
  const { pathname } = useLocation();
  if (!isPublicPath(pathname)) return null;
  const rest = pathname.replace(/^\/[^/]+/, "");
  const languages = switchableLanguages(country);
  return (
    <>
      <link rel="canonical" href={`${origin}${pathname}`} />
      {languages.map((language) => (
        <link key={language} rel="alternate" hrefLang={`${language}-BE`} href={`${origin}/${language}${rest}`} />
      ))}
      {languages.length ? (
        <link rel="alternate" hrefLang="x-default" href={`${origin}/${languages[0]}${rest}`} />
      ) : null}
    </>
  );
}

export default function App() {
  const { languageTag, texts, banner } = useLoaderData<typeof loader>();
  useRedirectCountReset();
  const translations = textsAt(texts);
  if (!translations) throw new Error(`texts not loaded: ${texts}`);
  return (
    <I18nProvider languageTag={languageTag} translations={translations}>
      <PageLayout banner={banner}>
        <Outlet />
      </PageLayout>
    </I18nProvider>
  );
}

/**
 * Errors before any texts are known: an unknown host (spec 8, 'Cannot
 * determine country'), a failure of the root itself, or an error thrown by a
 * middleware (React Router renders those here). Texts stay in English
 * unless the error brings its own.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useReloadOnNewVersion();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const body: unknown = isRouteErrorResponse(error) ? error.data : undefined;
  const countryError = isCountryError(body) ? body : null;
  if (isForbiddenPage(body)) {
    // An agent on a back-office page (the staff guard's middleware, before any loader ran).
    return (
      <main className="app-error-page" id="main" lang={body.languageTag}>
        <title>{body.title}</title>
        <div className="app-staff-bar">
          <p className="app-staff-bar__who">{body.staff.signedInAs}</p>
          {/* A plain post: no loader ran, so this page has no router data to keep. */}
          <form method="post" action={body.staff.signOutAction} className="app-staff-bar__form">
            <button type="submit" className="app-button app-button--secondary">
              {body.staff.signOut}
            </button>
          </form>
        </div>
        <h1 className="app-error-page__title">{body.title}</h1>
        <p>{body.text}</p>
        <p>
          <a href={body.staff.formHref}>{body.staff.toForm}</a>
        </p>
      </main>
    );
  }
  // Spec 7: the message of the answer when it has one ('Redirect loop'), else the status's.
  const message =
    countryError?.message ??
    (typeof body === "string" && body ? body : status === 404 ? "Not Found" : "Internal Error");
  return (
    <main className="app-error-page" id="main">
      <title>{`${status} - ${message}`}</title>
      <h1 className="app-error-page__title">{message}</h1>
      {countryError && import.meta.env.DEV ? (
        <>
          <p>Open the site on a host that ends in .nl or .be, for example:</p>
          <ul>
            {countryError.localUrls.map((url) => (
              <li key={url}>
                <a href={url}>{url}</a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </main>
  );
}
