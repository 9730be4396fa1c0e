import { NavLink, Outlet } from "react-router";

import { useTranslation } from "~/i18n/use-translation";
import { READS_REGISTER } from "~/utils/register-pages";
import { useLocalizedPath } from "~/utils/site";

// Every page below shows the register: kept by version.
export const handle = READS_REGISTER;

/**
 * A shared cache (a CDN) may keep these pages but asks every time whether
 * they are still current (a 304 from the page cache when they are): a
 * suspended notice is gone at once there too.
 */
export const headers = () => ({ "Cache-Control": "public, no-cache", Vary: "Cookie" });

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
