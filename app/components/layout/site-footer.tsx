import { Link } from "react-router";

import { useTranslation } from "~/i18n/use-translation";
import { useLocalizedPath, useTextLanguage } from "~/utils/site";

import { FOOTER_LINKS } from "./navigation";

export function SiteFooter() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const textLanguage = useTextLanguage();
  return (
    <footer className="app-footer">
      <div className="app-footer__inner">
        <nav aria-label={t("footer.label")}>
          <ul className="app-footer__links">
            {FOOTER_LINKS.map((link) => (
              <li key={link.path}>
                <Link to={to(link.path)} className="app-footer__link" lang={textLanguage(link.labelKey)}>
                  {t(link.labelKey)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="app-footer__copyright">{t("footer.copyright", { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
