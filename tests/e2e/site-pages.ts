import type { APIRequestContext } from "@playwright/test";

import type { Host } from "./fixtures";

/**
 * Every page type of the route table (spec 2), for checks that must hold on
 * all of them (reflow in layout-reflow.spec.ts). A new route adds its page
 * here; `only` limits a page to one country. `{campaign}` stands for the
 * newest ad of the country's register (ids follow the seed's dates), resolved
 * by `resolvePath`.
 */
export type SitePage = { name: string; path: string; only?: Host };

export const SITE_PAGES: SitePage[] = [
  { name: "home", path: "" },
  { name: "about", path: "/about" },
  { name: "accessibility statement", path: "/accessibility" },
  { name: "privacy policy", path: "/document/privacy-policy" },
  { name: "cookie policy", path: "/document/cookie-policy" },
  { name: "terms of use", path: "/document/terms-of-use" },
  { name: "privacy policy: what changed", path: "/document/privacy-policy/compare" },
  { name: "privacy policy participants", path: "/document/privacy-policy-participants" },
  { name: "privacy policy applicants", path: "/document/privacy-policy-applicants" },
  { name: "privacy policy events", path: "/document/privacy-policy-events" },
  { name: "privacy policy: earlier version", path: "/document/privacy-policy/versions/2025-05-15" },
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
  { name: "restriction", path: "/privacy-rights/restriction" },
  { name: "portability", path: "/privacy-rights/portability" },
  { name: "objection to processing", path: "/privacy-rights/objection-to-processing" },
  { name: "political ads", path: "/political-ads" },
  { name: "political ad", path: "/political-ads/{campaign}" },
  { name: "report an ad: reason", path: "/political-ads/{campaign}/report" },
  { name: "report an ad: form", path: "/political-ads/{campaign}/report?reason=INCORRECT" },
  { name: "report an ad: sent", path: "/political-ads/{campaign}/report?result=sent" },
  { name: "e-mail verified", path: "/email-verified" },
  { name: "verification failed", path: "/email-verification-failed" },
  { name: "verification expired", path: "/email-verification-expired" },
  { name: "verification expired: new link sent", path: "/email-verification-expired?sent=1" },
  { name: "e-mail verified: link used before", path: "/email-verified?already=1" },
  { name: "answer: link not valid", path: "/privacy-rights/answer" },
  { name: "status", path: "/privacy-rights/status" },
  { name: "privacy figures", path: "/privacy-rights/figures" },
  { name: "status: link sent", path: "/privacy-rights/status?sent=1" },
  { name: "status: link not valid", path: "/privacy-rights/status/view" },
  { name: "reply: link not valid", path: "/privacy-rights/reply" },
  { name: "not found", path: "/not-found" },
  { name: "internal: login", path: "/internal-privacy-rights/login" },
  { name: "internal: confirm login", path: "/internal-privacy-rights/confirm-login" },
  { name: "internal: second factor", path: "/internal-privacy-rights/two-factor" },
  { name: "internal: second factor setup", path: "/internal-privacy-rights/two-factor/setup" },
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

export type RegisterItem = {
  id: string;
  sponsorName: string;
  payerName: string;
  ultimateBeneficiaryOwnerName: string;
  channel: string;
  campaignContextNoteNl: string;
  campaignContextNoteFr: string;
};

/** The country's register as the list call returns it (newest first), optionally filtered. */
export async function registerItems(request: APIRequestContext, host: Host, filters = ""): Promise<RegisterItem[]> {
  // Node does not resolve *.localhost: the loopback address with the site's Host header.
  const response = await request.get(
    `http://127.0.0.1:${process.env.E2E_PORT}/api/campaign-items?countryCode=${host.toUpperCase()}${filters}`,
    {
      headers: { Host: `${host}.localhost` },
    },
  );
  return ((await response.json()) as { campaignItems: RegisterItem[] }).campaignItems;
}

/** The newest ad of a country's register. */
export async function newestCampaignId(request: APIRequestContext, host: Host): Promise<string> {
  const [newest] = await registerItems(request, host);
  if (!newest) throw new Error(`the ${host} register is empty`);
  return newest.id;
}

/** A page path with its `{campaign}` placeholder filled in. */
export async function resolvePath(request: APIRequestContext, host: Host, path: string): Promise<string> {
  return path.includes("{campaign}")
    ? path.replace("{campaign}", encodeURIComponent(await newestCampaignId(request, host)))
    : path;
}
