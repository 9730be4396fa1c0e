import { Link, redirect } from "react-router";

import { getConfig } from "~/config.server";
import { documentRedirect } from "~/content/document-redirects";
import { isDocumentKey, isPrivacyPolicy, privacyPolicyPills } from "~/content/documents";
import { siteContext } from "~/context";
import { localizedPath } from "~/i18n/locale";
import { withoutSoftHyphens } from "~/i18n/translations";
import { useTranslation } from "~/i18n/use-translation";
import { getDocument } from "~/services/site/documents.server";
import { dateTimeFormat } from "~/utils/intl-formats";
import { SITE_NAME } from "~/utils/meta";
import { STATIC_PAGE } from "~/utils/page-handle";
import { useLocalizedPath } from "~/utils/site";
import { labelTableRegions, splitSectionNumber } from "~/utils/table-regions";

import type { Route } from "./+types/document";

export function loader({ params, context }: Route.LoaderArgs) {
  const { language, locale } = context.get(siteContext);
  const key = params.key;
  if (!isDocumentKey(key)) {
    // Spec 2: legacy paths and corporate documents redirect; the rest is not found.
    const target = documentRedirect(locale, key);
    if (target?.kind === "document") {
      throw redirect(localizedPath(language, `/document/${target.key}`), 301);
    }
    if (target?.kind === "external") {
      throw redirect(new URL(target.path, getConfig().CORPORATE_SITE_URL).toString(), 301);
    }
    throw redirect(localizedPath(language, "/not-found"));
  }
  const document = getDocument(key, locale);
  return {
    key,
    title: document.shown.title,
    description: document.description,
    updated: document.updated,
    html: labelTableRegions(document.shown.html),
    contents: document.sections.filter((section) => section.level === 2),
    pills: isPrivacyPolicy(key) ? privacyPolicyPills(locale) : [],
  };
}

export default function DocumentPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const to = useLocalizedPath();
  const { key, title, updated, html, contents, pills } = loaderData;
  const updatedOn = dateTimeFormat(i18n.language, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${updated}T00:00:00Z`),
  );
  return (
    <article className="app-document">
      <header className="app-document__header">
        <h1 className="app-heading-1">{title}</h1>
        <p className="app-document__updated">{t("documents.updated", { date: updatedOn })}</p>
      </header>
      {pills.length > 0 ? (
        <nav className="app-pills" aria-label={t("documents.pillsLabel")}>
          <ul className="app-pills__list">
            {pills.map((pill) => (
              <li key={pill}>
                <Link
                  to={to(`/document/${pill}`)}
                  className={`app-pills__pill${pill === key ? " app-pills__pill--active" : ""}`}
                  aria-current={pill === key ? "page" : undefined}
                >
                  {t(`documents.pills.${pill}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <div className="app-document__layout">
        {contents.length > 0 ? (
          <nav className="app-document__toc" aria-labelledby="document-toc-title">
            <h2 id="document-toc-title" className="app-document__toc-title">
              {t("documents.contents")}
            </h2>
            <ol className="app-document__toc-list" role="list">
              {contents.map((section) => {
                // The titles carry their number: shown once, wrapped lines aligned after it.
                const { number, text } = splitSectionNumber(section.title);
                return (
                  <li key={section.id}>
                    <a href={`#${section.id}`} className="app-document__toc-link">
                      {number ? <span className="app-document__toc-number">{number}</span> : null}
                      <span>{text}</span>
                    </a>
                  </li>
                );
              })}
            </ol>
          </nav>
        ) : null}
        <div className="app-document__body" dangerouslySetInnerHTML={{ __html: html }} />
      </div>
    </article>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        { title: `${withoutSoftHyphens(loaderData.title)} | ${SITE_NAME}` },
        { name: "description", content: loaderData.description },
      ]
    : [];

// Links only: no React in the browser.
export const handle = STATIC_PAGE;
