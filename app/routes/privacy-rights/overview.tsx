import { Link } from "react-router";

import type { Country } from "~/domain/country";
import { rightsOfferedIn } from "~/domain/rights";
import { useTranslation } from "~/i18n/use-translation";
import { pageMeta } from "~/utils/meta";
import { STATIC_PAGE } from "~/utils/page-handle";
import { useLocalizedPath, useSite } from "~/utils/site";

import type { Route } from "./+types/overview";

/** Spec 2: the rights offered in the country as clickable blocks, then how to turn off push notifications. */
function blocksFor(country: Country) {
  return [
    ...rightsOfferedIn(country).map((right) => ({
      key: right.key,
      path: `/privacy-rights/${right.slug}`,
      article: right.article,
    })),
    { key: "pushNotifications", path: "/privacy-rights/push-notifications", article: null },
  ];
}

export default function PrivacyRightsPage() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const { country } = useSite();
  const rights = blocksFor(country);
  return (
    <>
      <header className="app-page-header">
        <h1 className="app-heading-1">{t("pages.privacyRights.title")}</h1>
        <p>{t("privacyRights.overview.intro")}</p>
      </header>
      <section className="app-section" aria-labelledby="rights-title">
        <h2 id="rights-title">{t("privacyRights.overview.rightsTitle")}</h2>
        <ul className="app-rights">
          {rights.map((right) => (
            <li key={right.key} className="app-rights__item">
              {/* The whole block is the link: one name, one target (spec 2 "clickable blocks"). */}
              <Link className="app-rights__link" to={to(right.path)}>
                <span className="app-rights__title">{t(`privacyRights.overview.rights.${right.key}.title`)}</span>
                <span className="app-rights__text">{t(`privacyRights.overview.rights.${right.key}.text`)}</span>
                {right.article ? (
                  <span className="app-rights__article">
                    {t("privacyRights.overview.article", { article: right.article })}
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section className="app-section" aria-labelledby="rights-how">
        <h2 id="rights-how">{t("privacyRights.overview.howTitle")}</h2>
        <p>{t("privacyRights.overview.howText")}</p>
        <p>{t("privacyRights.overview.timeText")}</p>
        {/* A request made earlier can be followed. */}
        <p>
          <Link to={to("/privacy-rights/status")}>{t("privacyRights.status.link")}</Link>
        </p>
        {/* How the group answered such requests, per year. */}
        <p>
          <Link to={to("/privacy-rights/figures")}>{t("privacyRights.figures.link")}</Link>
        </p>
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "pages.privacyRights.title", "pages.privacyRights.description");

// Links only: no React in the browser.
export const handle = STATIC_PAGE;
