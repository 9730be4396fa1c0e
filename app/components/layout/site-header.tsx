import { useRef } from "react";
import { Link, NavLink as RouterNavLink } from "react-router";

import { useTranslation } from "~/i18n/use-translation";
import { useLocalizedPath, useTextLanguage } from "~/utils/site";

import { LanguageSwitcher } from "./language-switcher";
import { LogoMark } from "./logo-mark";
import { MobileMenu } from "./mobile-menu";
import { isNavGroup, NAV_ITEMS, type NavGroup } from "./navigation";
import { useDismissableDetails } from "./use-dismissable-details";
import { useHeaderFit } from "./use-header-fit";

export function SiteHeader() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const textLanguage = useTextLanguage();
  const innerRef = useRef<HTMLDivElement>(null);
  useHeaderFit(innerRef);
  return (
    <header className="app-header">
      <div className="app-header__inner" ref={innerRef}>
        {/* The accessible name starts with the visible text (WCAG 2.5.3). */}
        <Link to={to("/")} className="app-header__logo">
          <LogoMark />
          <span className="app-header__logo-text">Veldhaven Media</span>
          <span className="app-visually-hidden">, {t("nav.logoHome")}</span>
        </Link>
        <nav className="app-nav" aria-label={t("nav.label")}>
          <ul className="app-nav__list">
            {NAV_ITEMS.map((item) =>
              isNavGroup(item) ? (
                <li key={item.id} className="app-nav__item">
                  <NavDropdown group={item} />
                </li>
              ) : (
                <li key={item.path} className="app-nav__item">
                  <RouterNavLink to={to(item.path)} end className="app-nav__link" lang={textLanguage(item.labelKey)}>
                    {t(item.labelKey)}
                  </RouterNavLink>
                </li>
              ),
            )}
          </ul>
        </nav>
        <div className="app-header__tools">
          {/* A NavLink: aria-current="page" on the search page. */}
          <RouterNavLink to={to("/search")} className="app-header__search">
            <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
              <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2" />
            </svg>
            <span>{t("nav.search")}</span>
          </RouterNavLink>
          <LanguageSwitcher />
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}

function NavDropdown({ group }: { group: NavGroup }) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const textLanguage = useTextLanguage();
  const ref = useRef<HTMLDetailsElement>(null);
  useDismissableDetails(ref);
  return (
    <details className="app-nav__dropdown" ref={ref}>
      <summary className="app-nav__link app-nav__summary">{t(group.labelKey)}</summary>
      <ul className="app-nav__menu" data-details-panel>
        {group.links.map((link) => (
          <li key={link.path}>
            <RouterNavLink to={to(link.path)} className="app-nav__menu-link" lang={textLanguage(link.labelKey)}>
              {t(link.labelKey)}
            </RouterNavLink>
          </li>
        ))}
      </ul>
    </details>
  );
}
