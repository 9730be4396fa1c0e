/** The current document's date, what changed, a version announced for later and the earlier versions. */
import { Link } from "react-router";

import { useTranslation } from "~/i18n/use-translation";
import { useLocalizedPath } from "~/utils/site";

import { useLongDate } from "./document-text";

type Version = { effective: string; summary: string; material: boolean };

export function DocumentEffective({ effective, summary }: Version) {
  const { t } = useTranslation();
  const longDate = useLongDate();
  return (
    <>
      <p className="app-document__updated">{t("documents.versions.effectiveSince", { date: longDate(effective) })}</p>
      <p className="app-document__summary">
        <strong>{t("documents.versions.changes")}</strong> {summary}
      </p>
    </>
  );
}

/** A material change in the version now in effect, pointed out for its first days, with what changed word by word. */
export function MaterialChange({
  documentKey,
  change,
}: {
  documentKey: string;
  change: { effective: string; previous: string };
}) {
  const { t } = useTranslation();
  const longDate = useLongDate();
  const to = useLocalizedPath();
  return (
    <div className="app-document__material-change" role="note">
      <p>
        <strong>{t("documents.versions.materialNotice", { date: longDate(change.effective) })}</strong>
      </p>
      <p>
        <Link to={to(`/document/${documentKey}/compare?from=${change.previous}&to=${change.effective}`)}>
          {t("documents.versions.materialLink")}
        </Link>
      </p>
    </div>
  );
}

/** A new version is announced with its date and summary only: its text is published on its day. */
export function UpcomingVersion({ effective, summary }: Version) {
  const { t } = useTranslation();
  const longDate = useLongDate();
  return (
    <div className="app-document__upcoming" role="note">
      <p>
        <strong>{t("documents.versions.upcoming", { date: longDate(effective) })}</strong>
      </p>
      <p>
        {t("documents.versions.upcomingChanges")} {summary}
      </p>
    </div>
  );
}

export function PreviousVersions({ documentKey, versions }: { documentKey: string; versions: Version[] }) {
  const { t } = useTranslation();
  const longDate = useLongDate();
  const to = useLocalizedPath();
  if (versions.length === 0) return null;
  return (
    <section className="app-document__versions" aria-labelledby="document-versions-title">
      <h2 id="document-versions-title" className="app-document__toc-title">
        {t("documents.versions.previous")}
      </h2>
      <ul className="app-document__versions-list" role="list">
        {versions.map((version) => (
          <li key={version.effective}>
            <Link to={to(`/document/${documentKey}/versions/${version.effective}`)}>
              {t("documents.versions.versionOf", { date: longDate(version.effective) })}
            </Link>
            {version.material ? (
              <span className="app-document__material"> ({t("documents.versions.material")})</span>
            ) : null}
            <span className="app-document__version-summary">{version.summary}</span>
          </li>
        ))}
      </ul>
      {/* What changed in the version now in effect, word by word. */}
      <p>
        <Link to={to(`/document/${documentKey}/compare`)}>{t("documents.compare.link")}</Link>
      </p>
    </section>
  );
}
