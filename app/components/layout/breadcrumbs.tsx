import { Link, useLocation } from "react-router";

import { useTranslation } from "~/i18n/use-translation";
import { useLocalizedPath, useTextLanguage } from "~/utils/site";

import { breadcrumbTrail } from "./breadcrumb-trail";

export function Breadcrumbs() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const textLanguage = useTextLanguage();
  const { pathname } = useLocation();
  const trail = breadcrumbTrail(pathname.replace(/^\/[^/]+/, ""));
  if (trail.length === 0) return null;
  return (
    <nav className="app-breadcrumbs" aria-label={t("breadcrumbs.label")}>
      <ol className="app-breadcrumbs__list">
        {trail.map((crumb, index) => {
          const label = crumb.text ?? t(crumb.labelKey ?? "");
          const isCurrent = index === trail.length - 1;
          const lang = crumb.labelKey ? textLanguage(crumb.labelKey) : undefined;
          return (
            <li key={`${index}-${label}`} className="app-breadcrumbs__item">
              {crumb.path && !isCurrent ? (
                <Link to={to(crumb.path)} className="app-breadcrumbs__link" lang={lang}>
                  {label}
                </Link>
              ) : (
                <span aria-current={isCurrent ? "page" : undefined} lang={lang}>
                  {label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
