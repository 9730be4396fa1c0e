import {
  type RouteConfig,
  index,
  layout,
  prefix,
  route,
} from "@react-router/dev/routes";

/** Mirrors the route table of spec section 2; every page sits under /{lang}. */
export default [
  // `/` has no language segment: the root loader redirects it to /nl.
  index("routes/root-index.tsx"),
  // Single sign-on's return address: one per host, whatever the language (kept in the sign-in's cookie).
  route("auth/oidc/callback", "routes/auth.oidc.callback.ts"),
  // Per host: what crawlers may read, and every public page in each language.
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  // The live deployment, checked by a page after an error (spec 4).
  route("version.json", "routes/version.ts"),
  ...prefix("api", [
    route("contact", "routes/api.contact.ts"),
    route("plainhtml/:documentKey", "routes/api.plainhtml.ts"),
    route("privacy-rights/request", "routes/api.privacy-rights.request.ts"),
    route("campaign-items", "routes/api.campaign-items.ts"),
    route("campaign-items/export", "routes/api.campaign-items.export.ts"),
    route("campaign-items/:id", "routes/api.campaign-items.detail.ts"),
    route("political-ad-complaint", "routes/api.political-ad-complaint.ts"),
    route("internal-privacy-rights/request", "routes/api.internal-privacy-rights.request.ts"),
    route("internal/suppressions", "routes/api.internal.suppressions.ts"),
  ]),
  route(":lang", "routes/lang.tsx", [
    index("routes/home.tsx"),
    route("about", "routes/about.tsx"),
    route("document/:key", "routes/document.tsx"),
    route("email-verification", "routes/email-verification.tsx"),
    route("email-verification-expired", "routes/email-verification-expired.tsx"),
    route("email-verification-failed", "routes/email-verification-failed.tsx"),
    route("email-verified", "routes/email-verified.tsx"),
    ...prefix("internal-privacy-rights", [
      layout("routes/internal-privacy-rights.layout.tsx", [
        route("login", "routes/internal-privacy-rights.login.tsx"),
        route("logout", "routes/internal-privacy-rights.logout.ts"),
        route("sso", "routes/internal-privacy-rights.sso.ts"),
        route("confirm-login", "routes/internal-privacy-rights.confirm-login.tsx"),
        route("direct-marketing", "routes/internal-privacy-rights.direct-marketing.tsx"),
        route("processed", "routes/internal-privacy-rights.processed.tsx"),
        // The back office (officers).
        route("requests", "routes/internal-privacy-rights.requests.tsx"),
        route("requests/export", "routes/internal-privacy-rights.requests.export.ts"),
        route("requests/:reference", "routes/internal-privacy-rights.request.tsx"),
        route("reports", "routes/internal-privacy-rights.reports.tsx"),
        route("reports/export", "routes/internal-privacy-rights.reports.export.ts"),
        route("reports/:reference", "routes/internal-privacy-rights.report.tsx"),
        route("suppressions/export", "routes/internal-privacy-rights.suppressions.export.ts"),
      ]),
    ]),
    route("phone", "routes/phone.tsx"),
    layout("routes/political-ads.layout.tsx", [
      route("political-ads", "routes/political-ads.tsx"),
      route("political-ads/:id", "routes/political-ads.detail.tsx"),
      route("political-ads/:id/report", "routes/political-ads.report.tsx"),
    ]),
    ...prefix("privacy-rights", [
      index("routes/privacy-rights.tsx"),
      route("access", "routes/privacy-rights.access.tsx"),
      route("direct-marketing/brands", "routes/privacy-rights.direct-marketing.brands.tsx"),
      route(
        "direct-marketing/communication-types",
        "routes/privacy-rights.direct-marketing.communication-types.tsx",
      ),
      route("forgotten-overview", "routes/privacy-rights.forgotten-overview.tsx"),
      route("forgotten", "routes/privacy-rights.forgotten.tsx"),
      route("processed", "routes/privacy-rights.processed.tsx"),
      route("publication", "routes/privacy-rights.publication.tsx"),
      route("push-notifications", "routes/privacy-rights.push-notifications.tsx"),
      route("rectification", "routes/privacy-rights.rectification.tsx"),
    ]),
    route("search", "routes/search.tsx"),
    // Anything else under a language (including /{lang}/not-found) is the 404 page.
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
