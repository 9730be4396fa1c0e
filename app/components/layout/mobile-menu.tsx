import { useRef } from "react";
import { NavLink } from "react-router";

import { useTranslation } from "~/i18n/use-translation";
import { useLocalizedPath, useTextLanguage } from "~/utils/site";

import { isNavGroup, NAV_ITEMS } from "./navigation";
import { useDismissableDetails } from "./use-dismissable-details";

/**
 * The mobile menu is a `<details>`: it opens and closes without JavaScript.
 * The veil fades in over 200 ms (CSS); JavaScript adds Escape, outside click,
 * closing when focus leaves it (Tab never wanders behind the veil) and
 * closing when the desktop navigation returns (wider than 1000 px, spec 9).
 */
export function MobileMenu() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const textLanguage = useTextLanguage();
  const ref = useRef<HTMLDetailsElement>(null);
  useDismissableDetails(ref, { closeWhenHidden: true });
  return (
    <details className="app-mobile-menu" ref={ref}>
      <summary className="app-mobile-menu__toggle">
        <span className="app-mobile-menu__icon" aria-hidden="true" />
        <span className="app-mobile-menu__label">{t("nav.menu")}</span>
      </summary>
      <div className="app-mobile-menu__veil" aria-hidden="true" />
      <nav className="app-mobile-menu__panel" aria-label={t("nav.mobileLabel")} data-details-panel>
        <ul className="app-mobile-menu__list">
          {NAV_ITEMS.map((item) =>
            isNavGroup(item) ? (
              <li key={item.id} className="app-mobile-menu__group">
                <span className="app-mobile-menu__group-title">{t(item.labelKey)}</span>
                <ul>
                  {item.links.map((link) => (
                    <li key={link.path}>
                      <NavLink to={to(link.path)} className="app-mobile-menu__link" lang={textLanguage(link.labelKey)}>
                        {t(link.labelKey)}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </li>
            ) : (
              <li key={item.path}>
                <NavLink to={to(item.path)} end className="app-mobile-menu__link" lang={textLanguage(item.labelKey)}>
                  {t(item.labelKey)}
                </NavLink>
              </li>
            ),
          )}
          <li>
            <NavLink to={to("/search")} className="app-mobile-menu__link">
              {t("nav.search")}
            </NavLink>
          </li>
        </ul>
      </nav>
    </details>
  );
}
