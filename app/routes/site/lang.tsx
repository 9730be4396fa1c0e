import { isRouteErrorResponse, Outlet, type ShouldRevalidateFunctionArgs } from "react-router";

import { NotFoundPage } from "~/components/not-found-page";
import { isLanguage } from "~/i18n/locale";
import { lookup } from "~/i18n/translations";
import { useTranslation } from "~/i18n/use-translation";
import { rootTranslations } from "~/utils/meta";
import { notFound } from "~/utils/not-found";
import { BUILD_ID, useReloadOnNewVersion } from "~/utils/version";

import type { Route } from "./+types/lang";

export function loader({ params, request }: Route.LoaderArgs) {
  // Spec 5: the language path parameter matches only nl, fr or en.
  if (!isLanguage(params.lang)) notFound(request);
  return null;
}

// The loader depends on the language segment only.
export function shouldRevalidate({ currentParams, nextParams, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentParams.lang === nextParams.lang ? false : defaultShouldRevalidate;
}

export default function LanguageRoute() {
  return <Outlet />;
}

export const meta: Route.MetaFunction = ({ error, matches }) => {
  if (!error) return [];
  const texts = rootTranslations(matches);
  const is404 = isRouteErrorResponse(error) && error.status === 404;
  return [{ title: lookup(texts, is404 ? "notFound.title" : "error.title") }];
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  useReloadOnNewVersion();
  // Names this page's deployment for the check of a page React does not run (app/enhance/page.ts).
  const marker = <span hidden data-error-build={BUILD_ID} />;
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        {marker}
        <NotFoundPage />
      </>
    );
  }
  return (
    <section className="app-section">
      {marker}
      <h1 className="app-heading-1">{t("error.heading")}</h1>
      <p>{t("error.text")}</p>
    </section>
  );
}
