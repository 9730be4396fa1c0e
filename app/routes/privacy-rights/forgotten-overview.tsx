import { Link } from "react-router";

import { accountDeletionOptions } from "~/content/account-deletion";
import { siteContext } from "~/context";
import { hyphenated, hyphenatedTexts } from "~/i18n/hyphenation.server";
import { fallbackChain, linkLanguage } from "~/i18n/locale";
import { useTranslation } from "~/i18n/use-translation";
import { pageMeta } from "~/utils/meta";
import { STATIC_PAGE } from "~/utils/page-handle";
import { useLocalizedPath } from "~/utils/site";

import type { Route } from "./+types/forgotten-overview";

/** The country's account-deletion options, in the page's language. */
export function loader({ context }: Route.LoaderArgs) {
  const { country, locale, language } = context.get(siteContext);
  const chain = fallbackChain(locale);
  return {
    options: accountDeletionOptions[country].map((option) => {
      const textsLocale = chain.find((candidate) => candidate in option.texts) as keyof typeof option.texts;
      const texts = option.texts[textsLocale]!;
      const target = option.target;
      return {
        id: option.id,
        ...hyphenatedTexts(texts, linkLanguage(locale)),
        target:
          target.kind === "partner"
            ? {
                kind: target.kind,
                partner: hyphenated(target.partner, linkLanguage(locale)),
                url: (language === "fr" ? target.url.fr : undefined) ?? target.url.nl!,
              }
            : target,
      };
    }),
  };
}

export default function ForgottenOverviewPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  return (
    <>
      <header className="app-page-header">
        <h1 className="app-heading-1">{t("pages.forgottenOverview.title")}</h1>
        <p>{t("privacyRights.forgottenOverview.intro")}</p>
      </header>
      <section className="app-section" aria-labelledby="deletion-options">
        <h2 id="deletion-options">{t("privacyRights.forgottenOverview.optionsTitle")}</h2>
        <ul className="app-rights">
          {loaderData.options.map((option) => (
            <li key={option.id} className="app-rights__item">
              {option.target.kind === "forgotten-form" ? (
                <Link className="app-rights__link" to={to("/privacy-rights/forgotten")}>
                  <span className="app-rights__title">{option.title}</span>
                  <span className="app-rights__text">{option.text}</span>
                  <span className="app-rights__action">{t("privacyRights.forgottenOverview.toForm")}</span>
                </Link>
              ) : (
                <a className="app-rights__link" href={option.target.url} rel="noopener">
                  <span className="app-rights__title">{option.title}</span>
                  <span className="app-rights__text">{option.text}</span>
                  <span className="app-rights__action">
                    {t("privacyRights.forgottenOverview.toPartner", { partner: option.target.partner })}
                  </span>
                </a>
              )}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "pages.forgottenOverview.title", "pages.forgottenOverview.description");

// Links only: no React in the browser.
export const handle = STATIC_PAGE;
