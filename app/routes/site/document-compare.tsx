import { Form, Link } from "react-router";

import { longDate, useLongDate } from "~/components/document-text";
import { DocumentComparisonView } from "~/components/documents/document-comparison";
import { isDocumentKey } from "~/content/documents";
import { siteContext } from "~/context";
import { hyphenated } from "~/i18n/hyphenation.server";
import { htmlLang, linkLanguage } from "~/i18n/locale";
import { lookup } from "~/i18n/translations";
import { resolvedTranslations } from "~/i18n/translations.server";
import { useTranslation } from "~/i18n/use-translation";
import { compareDocuments, comparisonShown } from "~/services/site/document-diff.server";
import { documentVersion, documentVersions } from "~/services/site/document-versions.server";
import { SITE_NAME } from "~/utils/meta";
import { notFound } from "~/utils/not-found";
import { STATIC_PAGE } from "~/utils/page-handle";
import { useLocalizedPath } from "~/utils/site";

import type { Route } from "./+types/document-compare";

/**
 * Two versions of a legal document compared, paragraph by paragraph and
 * word by word: by default the version before the current one against the
 * current one; any two through the form (a GET, so it works without
 * JavaScript and a comparison has an address to share). An unknown or
 * future date is no page.
 */
export function loader({ params, context, request }: Route.LoaderArgs) {
  const { locale } = context.get(siteContext);
  const key = params.key;
  if (!isDocumentKey(key)) notFound(request);
  const versions = documentVersions(key, locale);
  if (versions.length < 2) notFound(request);
  const query = new URL(request.url).searchParams;
  const from = query.get("from") ?? versions[1].effective;
  const to = query.get("to") ?? versions[0].effective;
  const known = new Set(versions.map((version) => version.effective));
  if (!known.has(from) || !known.has(to)) notFound(request);
  const [older, newer] = from <= to ? [from, to] : [to, from];
  const title = versions[0].title;
  return {
    key,
    title,
    from: older,
    to: newer,
    versions: versions.map(({ effective, summary }) => ({ effective, summary })),
    // As the documents' own texts: soft hyphens at the syllables of long words, for narrow screens.
    shownTitle: hyphenated(title, linkLanguage(locale)),
    comparison: comparisonShown(
      compareDocuments(documentVersion(key, locale, older)!, documentVersion(key, locale, newer)!),
      (text) => hyphenated(text, linkLanguage(locale)),
    ),
    description: lookup(resolvedTranslations(locale), "documents.compare.description")
      .replace("{{title}}", title)
      .replace("{{from}}", longDate(htmlLang(locale), older))
      .replace("{{to}}", longDate(htmlLang(locale), newer)),
    pageTitle: lookup(resolvedTranslations(locale), "documents.compare.pageTitle")
      .replace("{{title}}", title)
      .replace("{{from}}", longDate(htmlLang(locale), older))
      .replace("{{to}}", longDate(htmlLang(locale), newer)),
  };
}

export default function DocumentComparePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const longDate = useLongDate();
  const { key, shownTitle, versions, comparison } = loaderData;
  const options = versions.map((version) => (
    <option key={version.effective} value={version.effective}>
      {longDate(version.effective)}
    </option>
  ));
  return (
    <article className="app-document app-document--compare">
      <header className="app-document__header">
        <h1 className="app-heading-1">{t("documents.compare.title", { title: shownTitle })}</h1>
        <p>{t("documents.compare.between", { from: longDate(loaderData.from), to: longDate(loaderData.to) })}</p>
        <p>
          <Link to={to(`/document/${key}`)}>{t("documents.versions.toCurrent")}</Link>
        </p>
      </header>
      <Form method="get" className="app-form app-document__compare-form">
        <div className="app-field">
          <label className="app-field__label" htmlFor="compare-from">
            {t("documents.compare.from")}
          </label>
          <select id="compare-from" name="from" className="app-field__input" defaultValue={loaderData.from}>
            {options}
          </select>
        </div>
        <div className="app-field">
          <label className="app-field__label" htmlFor="compare-to">
            {t("documents.compare.to")}
          </label>
          <select id="compare-to" name="to" className="app-field__input" defaultValue={loaderData.to}>
            {options}
          </select>
        </div>
        <button type="submit" className="app-button">
          {t("documents.compare.submit")}
        </button>
      </Form>
      <DocumentComparisonView comparison={comparison} />
    </article>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [{ title: `${loaderData.pageTitle} | ${SITE_NAME}` }, { name: "description", content: loaderData.description }]
    : [];

/** A form of selects and links: no React in the browser. `queryParameters`: the two dates, and so the page cache's key. */
export const handle = { ...STATIC_PAGE, queryParameters: ["from", "to"] };
