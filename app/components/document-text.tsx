/** The text of a legal document with its table of contents: the current version and archived ones alike. */
import { useTranslation } from "~/i18n/use-translation";
import { dateTimeFormat } from "~/utils/intl-formats";
import { splitSectionNumber } from "~/utils/table-regions";

type Section = { id: string; title: string };

/** A YYYY-MM-DD date as the language writes it ("1 oktober 2026"). */
export function longDate(languageTag: string, date: string): string {
  return dateTimeFormat(languageTag, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
}

export function useLongDate(): (date: string) => string {
  const { i18n } = useTranslation();
  return (date) => longDate(i18n.language, date);
}

export function DocumentText({ contents, html }: { contents: Section[]; html: string }) {
  const { t } = useTranslation();
  return (
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
  );
}
