import { useTranslation } from "~/i18n/use-translation";
import { NavLink, Outlet } from "react-router";
import { useLocalizedPath } from "~/utils/site";

/** Spec 2: the transparency centre pages share a side menu. */
export default function PoliticalAdsLayout() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  return (
    <div className="app-side-layout">
      <nav className="app-side-menu" aria-label={t("politicalAds.sideMenuLabel")}>
        <ul className="app-side-menu__list">
          <li>
            <NavLink to={to("/political-ads")} className="app-side-menu__link">
              {t("nav.politicalAds")}
            </NavLink>
          </li>
          <li>
            <NavLink to={to("/privacy-rights")} className="app-side-menu__link">
              {t("nav.privacyRights")}
            </NavLink>
          </li>
        </ul>
      </nav>
      <div className="app-side-layout__content">
        <Outlet />
      </div>
    </div>
  );
}
