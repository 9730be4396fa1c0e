import { Link, redirect } from "react-router";

import { DocumentText, longDate, useLongDate } from "~/components/document-text";
import { isDocumentKey } from "~/content/documents";
import { siteContext } from "~/context";
import { htmlLang, localizedPath } from "~/i18n/locale";
import { lookup } from "~/i18n/translations";
import { resolvedTranslations } from "~/i18n/translations.server";
import { useTranslation } from "~/i18n/use-translation";
import { documentVersion, documentVersions } from "~/services/site/document-versions.server";
import { SITE_NAME } from "~/utils/meta";
import { notFound } from "~/utils/not-found";
import { STATIC_PAGE } from "~/utils/page-handle";
import { useLocalizedPath } from "~/utils/site";
import { labelTableRegions } from "~/utils/table-regions";

import type { Route } from "./+types/document-version";

/** An earlier version of a legal document, kept at its own address with a notice that it no longer applies. */
export function loader({ params, context, request }: Route.LoaderArgs) {
  const { language, locale } = context.get(siteContext);
  const key = params.key;
  if (!isDocumentKey(key)) notFound(request);
  const versions = documentVersions(key, locale);
  const position = versions.findIndex((version) => version.effective === params.date);
  // An unknown date, or one still ahead (its text is not published before its day).
  if (position < 0) notFound(request);
  // The version in effect has one address: the document page.
  if (position === 0) throw redirect(localizedPath(language, `/document/${key}`));
  const version = documentVersion(key, locale, versions[position].effective)!;
  return {
    key,
    title: version.shown.title,
    description: version.description,
    effective: version.effective,
    until: versions[position - 1].effective,
    html: labelTableRegions(version.shown.html),
    contents: version.sections.filter((section) => section.level === 2),
    // The browser tab and a screen reader's first words already say this version no longer applies.
    pageTitle: lookup(resolvedTranslations(locale), "documents.versions.archivedTitle")
      .replace("{{title}}", version.title)
      .replace("{{date}}", longDate(htmlLang(locale), version.effective)),
  };
}

export default function DocumentVersionPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const longDate = useLongDate();
  const { key, title, effective, until, html, contents } = loaderData;
  return (
    <article className="app-document">
      <header className="app-document__header">
        <h1 className="app-heading-1">{title}</h1>
        {/* Right under the title, in the reading order: a screen reader reads it before the text. */}
        <div className="app-document__archived" role="note">
          <p>
            <strong>{t("documents.versions.archivedNotice")}</strong>{" "}
            {t("documents.versions.archivedPeriod", { from: longDate(effective), until: longDate(until) })}
          </p>
          <p>
            <Link to={to(`/document/${key}`)}>{t("documents.versions.toCurrent")}</Link>
          </p>
        </div>
      </header>
      <DocumentText contents={contents} html={html} />
    </article>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [{ title: `${loaderData.pageTitle} | ${SITE_NAME}` }, { name: "description", content: loaderData.description }]
    : [];

// Links only: no React in the browser.
export const handle = STATIC_PAGE;
