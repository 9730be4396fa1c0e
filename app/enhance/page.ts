/**
 * The only script of a page that has nothing but links and GET forms
 * (issue 14): what the spec asks of such a page without React. Everything
 * here also works without it; this adds the conveniences.
 */
import { enhanceAdFilters } from "./ad-filters";
import { enhanceDismissableDetails } from "./dismissable-details";
import { fitHeader } from "./header-fit";
import { prefetchOnHover } from "./hover-prefetch";
import { enhancePhoneFilter } from "./phone-filter";
import { enhanceScrollToTop } from "./scroll-to-top";
import { enhanceSiteSearch } from "./site-search";
import { reloadOnNewVersion } from "~/utils/version-check";

const inner = document.querySelector<HTMLElement>(".app-header__inner");
if (inner) fitHeader(inner);
const menu = document.querySelector<HTMLDetailsElement>("details.app-mobile-menu");
if (menu) enhanceDismissableDetails(menu, { closeWhenHidden: true });
for (const dropdown of document.querySelectorAll<HTMLDetailsElement>("details.app-nav__dropdown")) {
  enhanceDismissableDetails(dropdown);
}
const toTop = document.querySelector<HTMLButtonElement>(".app-scroll-to-top");
if (toTop) enhanceScrollToTop(toTop);
prefetchOnHover();
const phoneDirectory = document.querySelector<HTMLTemplateElement>("template#phone-directory");
if (phoneDirectory) enhancePhoneFilter(phoneDirectory);
const adFilters = document.getElementById("ad-filters") as HTMLFormElement | null;
if (adFilters) enhanceAdFilters(adFilters);
const siteSearch = document.getElementById("site-search") as HTMLFormElement | null;
if (siteSearch) enhanceSiteSearch(siteSearch);
const errorPage = document.querySelector<HTMLElement>("[data-error-build]");
if (errorPage?.dataset.errorBuild) reloadOnNewVersion(errorPage.dataset.errorBuild);
