import { Link } from "react-router";

import { ACCESSIBILITY_STATEMENT, lastCheckedText } from "~/content/accessibility";
import { contactFormHref } from "~/content/contact-topics";
import { useTranslation } from "~/i18n/use-translation";
import { pageMeta } from "~/utils/meta";
import { STATIC_PAGE } from "~/utils/page-handle";
import { useLocalizedPath, usePageLanguageTag } from "~/utils/site";

import type { Route } from "./+types/accessibility";

/**
 * The accessibility statement, on the model of the Dutch government's
 * (status, scope, what was checked and how, known limits with what we do
 * about them, how to report a problem, the last check, the enforcement
 * route). Its facts come from app/content/accessibility.ts, its wording
 * from the locales.
 */
export default function AccessibilityPage() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const languageTag = usePageLanguageTag();
  const { standard, status, lastChecked, checks, limits } = ACCESSIBILITY_STATEMENT;
  const lastCheck = lastCheckedText(lastChecked, languageTag);
  return (
    <>
      <header className="app-page-header">
        <h1 className="app-heading-1">{t("accessibility.title")}</h1>
        <p>{t("accessibility.intro")}</p>
      </header>

      <section className="app-section app-accessibility" aria-labelledby="accessibility-status">
        <h2 id="accessibility-status">{t("accessibility.statusTitle")}</h2>
        <p>{t(`accessibility.status.${status}`, standard)}</p>
        <p>{t("accessibility.scope")}</p>
        <p>{t("accessibility.law")}</p>
        <p>{t("accessibility.lastChecked", { date: lastCheck })}</p>
      </section>

      <section className="app-section app-accessibility" aria-labelledby="accessibility-checks">
        <h2 id="accessibility-checks">{t("accessibility.checksTitle")}</h2>
        <p>{t("accessibility.checksIntro", standard)}</p>
        <ul className="app-accessibility__list">
          {checks.map((check) => (
            <li key={check.key}>
              <h3 className="app-accessibility__item-title">{t(`accessibility.checks.${check.key}.title`)}</h3>
              <p>{t(`accessibility.checks.${check.key}.text`)}</p>
              <p>
                {t("accessibility.suites")}{" "}
                {check.suites.map((suite, index) => (
                  <span key={suite}>
                    {index > 0 ? ", " : null}
                    <code className="app-accessibility__suite">{suite}</code>
                  </span>
                ))}
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section className="app-section app-accessibility" aria-labelledby="accessibility-limits">
        <h2 id="accessibility-limits">{t("accessibility.limitsTitle")}</h2>
        <ul className="app-accessibility__list">
          {limits.map((limit) => (
            <li key={limit}>
              <h3 className="app-accessibility__item-title">{t(`accessibility.limits.${limit}.title`)}</h3>
              <p>{t(`accessibility.limits.${limit}.text`)}</p>
              <p>{t(`accessibility.limits.${limit}.action`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="app-section app-accessibility" aria-labelledby="accessibility-report">
        <h2 id="accessibility-report">{t("accessibility.reportTitle")}</h2>
        <p>{t("accessibility.reportText")}</p>
        <p>
          <Link className="app-accessibility__report" to={contactFormHref(to("/"), "accessibility")}>
            {t("accessibility.reportLink")}
          </Link>
        </p>
      </section>

      <section className="app-section app-accessibility" aria-labelledby="accessibility-enforcement">
        <h2 id="accessibility-enforcement">{t("accessibility.enforcementTitle")}</h2>
        <p>{t("accessibility.enforcement")}</p>
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "pages.accessibility.title", "pages.accessibility.description");

// Links only: no React in the browser.
export const handle = STATIC_PAGE;
