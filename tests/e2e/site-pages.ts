import type { Host } from "./fixtures";

/**
 * Every page type of the route table (spec 2), for checks that must hold on
 * all of them (reflow in layout-reflow.spec.ts). A new route adds its page
 * here; `only` limits a page to one country.
 */
export type SitePage = { name: string; path: string; only?: Host };

export const SITE_PAGES: SitePage[] = [
  { name: "home", path: "" },
  { name: "about", path: "/about" },
  { name: "privacy policy", path: "/document/privacy-policy" },
  { name: "cookie policy", path: "/document/cookie-policy" },
  { name: "terms of use", path: "/document/terms-of-use" },
  { name: "privacy policy participants", path: "/document/privacy-policy-participants" },
  { name: "privacy policy applicants", path: "/document/privacy-policy-applicants" },
  { name: "privacy policy events", path: "/document/privacy-policy-events" },
  { name: "phone directory", path: "/phone" },
  { name: "search", path: "/search" },
  { name: "search results", path: "/search?q=cookies" },
  { name: "privacy rights", path: "/privacy-rights" },
  { name: "access", path: "/privacy-rights/access" },
  { name: "objection: brands", path: "/privacy-rights/direct-marketing/brands" },
  { name: "objection: communication types", path: "/privacy-rights/direct-marketing/communication-types" },
  { name: "forgotten overview", path: "/privacy-rights/forgotten-overview" },
  { name: "forgotten", path: "/privacy-rights/forgotten" },
  { name: "processed", path: "/privacy-rights/processed" },
  { name: "publication", path: "/privacy-rights/publication", only: "be" },
  { name: "push notifications", path: "/privacy-rights/push-notifications" },
  { name: "rectification", path: "/privacy-rights/rectification" },
  { name: "political ads", path: "/political-ads" },
  { name: "political ad", path: "/political-ads/1" },
  { name: "e-mail verified", path: "/email-verified" },
  { name: "verification failed", path: "/email-verification-failed" },
  { name: "verification expired", path: "/email-verification-expired" },
  { name: "not found", path: "/not-found" },
  { name: "internal: confirm login", path: "/internal-privacy-rights/confirm-login" },
  { name: "internal: direct marketing", path: "/internal-privacy-rights/direct-marketing" },
  { name: "internal: processed", path: "/internal-privacy-rights/processed" },
];

/** The locales with texts of their own, as a visitor reaches them. */
export const SITES: { locale: string; host: Host; lang: string }[] = [
  { locale: "nl_nl", host: "nl", lang: "nl" },
  { locale: "nl_be", host: "be", lang: "nl" },
  { locale: "fr_be", host: "be", lang: "fr" },
];

/** The pages of one site: `/{lang}{path}`. */
export function pagesOf(site: (typeof SITES)[number]): { name: string; path: string }[] {
  return SITE_PAGES.filter((page) => !page.only || page.only === site.host).map((page) => ({
    name: page.name,
    path: `/${site.lang}${page.path}`,
  }));
}
