import { Link, redirect } from "react-router";

import { DocumentEffective, MaterialChange, PreviousVersions, UpcomingVersion } from "~/components/document-history";
import { DocumentText } from "~/components/document-text";
import { getConfig } from "~/config.server";
import { documentRedirect } from "~/content/document-redirects";
import { isDocumentKey, isPrivacyPolicy, privacyPolicyPills } from "~/content/documents";
import { siteContext } from "~/context";
import { hyphenated } from "~/i18n/hyphenation.server";
import { linkLanguage, localizedPath } from "~/i18n/locale";
import { withoutSoftHyphens } from "~/i18n/translations";
import { useTranslation } from "~/i18n/use-translation";
import { documentVersions, recentMaterialChange, upcomingVersion } from "~/services/site/document-versions.server";
import { currentDocument } from "~/services/site/documents.server";
import { SITE_NAME } from "~/utils/meta";
import { notFound } from "~/utils/not-found";
import { STATIC_PAGE } from "~/utils/page-handle";
import { useLocalizedPath } from "~/utils/site";
import { labelTableRegions } from "~/utils/table-regions";

import type { Route } from "./+types/document";

export function loader({ params, context, request }: Route.LoaderArgs) {
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
  const document = currentDocument(key, locale);
  // Its first version is still ahead: not published yet.
  if (!document) notFound(request);
  // As the text itself: soft hyphens at the syllables of long words, for narrow screens.
  const shown = <T extends { summary: string }>(version: T): T => ({
    ...version,
    summary: hyphenated(version.summary, linkLanguage(document.locale)),
  });
  const upcoming = upcomingVersion(key, locale);
  const materialChange = recentMaterialChange(key, locale);
  return {
    key,
    title: document.shown.title,
    description: document.description,
    effective: document.effective,
    summary: shown(document).summary,
    material: document.material,
    upcoming: upcoming ? shown(upcoming) : null,
    materialChange: materialChange ?? null,
    previous: documentVersions(key, locale)
      .filter((version) => !version.current)
      .map(shown),
    html: labelTableRegions(document.shown.html),
    contents: document.sections.filter((section) => section.level === 2),
    pills: isPrivacyPolicy(key) ? privacyPolicyPills(locale) : [],
  };
}

export default function DocumentPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const { key, title, html, contents, pills, upcoming, previous, materialChange } = loaderData;
  return (
    <article className="app-document">
      <header className="app-document__header">
        <h1 className="app-heading-1">{title}</h1>
        <DocumentEffective {...loaderData} />
        {materialChange ? <MaterialChange documentKey={key} change={materialChange} /> : null}
        {upcoming ? <UpcomingVersion {...upcoming} /> : null}
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
      <DocumentText contents={contents} html={html} />
      <PreviousVersions documentKey={key} versions={previous} />
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
