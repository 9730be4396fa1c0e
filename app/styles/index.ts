/**
 * The site's CSS, one file per area or component, in cascade order: the
 * order of this list is the order of the rules in the page (root.tsx puts
 * them, joined, in one inline <style>). A rule that must win over another
 * comes after it; a new file goes where its rules belong in that order.
 * BEM with the `app-` prefix (STYLE.md).
 */
import baseCss from "./base.css?inline";
import layoutHeaderCss from "./layout-header.css?inline";
import layoutMobileMenuCss from "./layout-mobile-menu.css?inline";
import breadcrumbsCss from "./breadcrumbs.css?inline";
import bannerCss from "./banner.css?inline";
import layoutFooterCss from "./layout-footer.css?inline";
import scrollToTopCss from "./scroll-to-top.css?inline";
import sideMenuCss from "./side-menu.css?inline";
import errorPagesCss from "./error-pages.css?inline";
import homeAndAboutCss from "./home-and-about.css?inline";
import filtersAndInputsCss from "./filters-and-inputs.css?inline";
import phoneDirectoryCss from "./phone-directory.css?inline";
import stepsCss from "./steps.css?inline";
import documentsCss from "./documents.css?inline";
import searchResultsCss from "./search-results.css?inline";
import formsCss from "./forms.css?inline";
import errorSummaryCss from "./error-summary.css?inline";
import formSubmissionCss from "./form-submission.css?inline";
import printCss from "./print.css?inline";
import staffCss from "./staff.css?inline";
import backOfficeCss from "./back-office.css?inline";
import privacyCss from "./privacy.css?inline";
import politicalAdsListCss from "./political-ads-list.css?inline";
import politicalAdsSummaryCss from "./political-ads-summary.css?inline";
import politicalAdsDetailCss from "./political-ads-detail.css?inline";
import politicalAdsReportCss from "./political-ads-report.css?inline";

export const SITE_CSS_PARTS: readonly string[] = [
  baseCss,
  layoutHeaderCss,
  layoutMobileMenuCss,
  breadcrumbsCss,
  bannerCss,
  layoutFooterCss,
  scrollToTopCss,
  sideMenuCss,
  errorPagesCss,
  homeAndAboutCss,
  filtersAndInputsCss,
  phoneDirectoryCss,
  stepsCss,
  documentsCss,
  searchResultsCss,
  formsCss,
  errorSummaryCss,
  formSubmissionCss,
  printCss,
  staffCss,
  backOfficeCss,
  privacyCss,
  politicalAdsListCss,
  politicalAdsSummaryCss,
  politicalAdsDetailCss,
  politicalAdsReportCss,
];
