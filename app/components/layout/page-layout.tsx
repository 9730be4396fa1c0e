import type { ReactNode } from "react";
import { useLocation } from "react-router";

import { useTranslation } from "~/i18n/use-translation";
import type { BannerMessage } from "~/utils/root-data";

import { FlashBanner } from "../banner";
import { Breadcrumbs } from "./breadcrumbs";
import { LogoMark } from "./logo-mark";
import { isPublicPath } from "./navigation";
import { RouteFocus } from "./route-focus";
import { ScrollToTop } from "./scroll-to-top";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/** Public pages get navigation and footer; internal pages only the page itself. */
export function PageLayout(props: { banner: BannerMessage | null; children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const isPublic = isPublicPath(pathname);
  return (
    <div className="app-page" id="top">
      <a href="#main" className="app-skip-link">
        {t("skipLink")}
      </a>
      {isPublic ? <SiteHeader /> : <InternalHeader />}
      {/* The live region exists from page load, so a banner added later is announced. */}
      <div className="app-banner-region" role="status">
        {props.banner ? <FlashBanner key={props.banner.id} message={props.banner} /> : null}
      </div>
      <main id="main" tabIndex={-1} className="app-main">
        {isPublic ? <Breadcrumbs /> : null}
        {props.children}
      </main>
      {isPublic ? <SiteFooter /> : null}
      <ScrollToTop />
      <RouteFocus />
    </div>
  );
}

function InternalHeader() {
  const { t } = useTranslation();
  return (
    <header className="app-header app-header--internal">
      <div className="app-header__inner">
        <span className="app-header__logo">
          <LogoMark />
          <span className="app-header__logo-text">{t("internal.headerTitle")}</span>
        </span>
      </div>
    </header>
  );
}
