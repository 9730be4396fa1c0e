/**
 * The only script of a page that has nothing but links and GET forms:
 * what the spec asks of such a page without React. Everything
 * here also works without it; this adds the conveniences. On a page React
 * runs it is the page's script until the visitor's first intent.
 */
import { reloadOnNewVersion } from "~/utils/version-check";

import { enhanceAdFilters } from "./ad-filters";
import { enhanceDismissableDetails } from "./dismissable-details";
import { fitHeader } from "./header-fit";
import { prefetchOnHover } from "./hover-prefetch";
import { enhancePhoneFilter } from "./phone-filter";
import { REACT_TAKES_OVER } from "./react-takes-over";
import { enhanceScrollToTop } from "./scroll-to-top";
import { enhanceSiteSearch } from "./site-search";

/** What React does itself on a page it runs: given back when it takes the page over. */
const conveniences: Array<() => void> = [];
const inner = document.querySelector<HTMLElement>(".app-header__inner");
if (inner) conveniences.push(fitHeader(inner));
const menu = document.querySelector<HTMLDetailsElement>("details.app-mobile-menu");
if (menu) conveniences.push(enhanceDismissableDetails(menu, { closeWhenHidden: true }));
for (const dropdown of document.querySelectorAll<HTMLDetailsElement>("details.app-nav__dropdown")) {
  conveniences.push(enhanceDismissableDetails(dropdown));
}
const toTop = document.querySelector<HTMLButtonElement>(".app-scroll-to-top");
if (toTop) conveniences.push(enhanceScrollToTop(toTop));
conveniences.push(prefetchOnHover());
// A page React runs starts it at the visitor's first intent (app/utils/hydrate-after-paint.server.ts);
// until then this script serves it as it serves a page without React.
document.addEventListener(REACT_TAKES_OVER, () => conveniences.splice(0).forEach((giveBack) => giveBack()), {
  once: true,
});
const phoneDirectory = document.querySelector<HTMLTemplateElement>("template#phone-directory");
if (phoneDirectory) enhancePhoneFilter(phoneDirectory);
const adFilters = document.getElementById("ad-filters") as HTMLFormElement | null;
if (adFilters) enhanceAdFilters(adFilters);
const siteSearch = document.getElementById("site-search") as HTMLFormElement | null;
if (siteSearch) enhanceSiteSearch(siteSearch);
const errorPage = document.querySelector<HTMLElement>("[data-error-build]");
if (errorPage?.dataset.errorBuild) reloadOnNewVersion(errorPage.dataset.errorBuild);
