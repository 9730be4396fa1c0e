import { index, layout, prefix, route, type RouteConfig, type RouteConfigEntry } from "@react-router/dev/routes";

/**
 * The staff area answers its exact spelling only: React Router
 * matches paths in any case by default, so `/nl/Internal-Privacy-Rights/login`
 * would be the login page under a spelling nothing else recognises. Now it is
 * a 404 (which the caching rules still treat as staff: server/route-matchers.ts).
 */
function exactCase(entries: RouteConfigEntry[]): RouteConfigEntry[] {
  return entries.map((entry) => ({
    ...entry,
    ...(entry.path === undefined ? {} : { caseSensitive: true }),
    ...(entry.children ? { children: exactCase(entry.children) } : {}),
  }));
}

/**
 * Mirrors the route table of spec section 2; every page sits under /{lang}.
 * Files are grouped by area (docs/architecture.md); each route has an
 * explicit id, so no code depends on where its file lives.
 */
export default [
  // `/` has no language segment: the root loader redirects it to /nl.
  index("routes/site/root-index.tsx", { id: "root-index" }),
  // Single sign-on's return address: one per host, whatever the language (kept in the sign-in's cookie).
  route("auth/oidc/callback", "routes/resources/oidc-callback.ts", { id: "oidc-callback" }),
  // Per host: what crawlers may read, and every public page in each language.
  route("robots.txt", "routes/resources/robots.ts", { id: "robots" }),
  route("sitemap.xml", "routes/resources/sitemap.ts", { id: "sitemap" }),
  // The live deployment, checked by a page after an error (spec 4).
  route("version.json", "routes/resources/version.ts", { id: "version" }),
  // A locale's texts for the browser, named by their content.
  route("texts/:bundle", "routes/resources/texts.ts", { id: "texts" }),
  // Spec 7: the calls.
  ...prefix("api", [
    route("contact", "routes/api/contact.ts", { id: "api-contact" }),
    route("plainhtml/:documentKey", "routes/api/plainhtml.ts", { id: "api-plainhtml" }),
    route("privacy-rights/request", "routes/api/privacy-rights.request.ts", { id: "api-privacy-request" }),
    // The public figures of a year.
    route("privacy-rights/figures", "routes/api/privacy-rights.figures.ts", { id: "api-privacy-figures" }),
    route("campaign-items", "routes/api/campaign-items.ts", { id: "api-campaign-items" }),
    route("campaign-items/export", "routes/api/campaign-items.export.ts", { id: "api-campaign-items-export" }),
    route("campaign-items/:id", "routes/api/campaign-items.detail.ts", { id: "api-campaign-item" }),
    route("political-ad-complaint", "routes/api/political-ad-complaint.ts", { id: "api-political-ad-complaint" }),
    // The public calls as OpenAPI 3.1.
    route("openapi.json", "routes/api/openapi.ts", { id: "api-openapi" }),
    ...exactCase([
      route("internal-privacy-rights/request", "routes/api/internal-privacy-rights.request.ts", {
        id: "api-staff-privacy-request",
      }),
    ]),
    route("internal/suppressions", "routes/api/internal.suppressions.ts", { id: "api-suppressions" }),
    // A system answers the task a webhook gave it.
    route("systems/:system/tasks/:task", "routes/api/systems.tasks.ts", { id: "api-system-task" }),
  ]),
  route(":lang", "routes/site/lang.tsx", { id: "lang" }, [
    index("routes/site/home.tsx", { id: "home" }),
    route("about", "routes/site/about.tsx", { id: "about" }),
    route("document/:key", "routes/site/document.tsx", { id: "document" }),
    route("document/:key/versions/:date", "routes/site/document-version.tsx", { id: "document-version" }),
    // Two versions compared, by paragraph and word (a GET form picks them).
    route("document/:key/compare", "routes/site/document-compare.tsx", { id: "document-compare" }),
    route("phone", "routes/site/phone.tsx", { id: "phone" }),
    route("search", "routes/site/search.tsx", { id: "search" }),
    // The accessibility statement, linked in the footer.
    route("accessibility", "routes/site/accessibility.tsx", { id: "accessibility" }),

    route("email-verification", "routes/privacy-rights/email-verification.tsx", { id: "email-verification" }),
    route("email-verification-expired", "routes/privacy-rights/email-verification-expired.tsx", {
      id: "email-verification-expired",
    }),
    route("email-verification-failed", "routes/privacy-rights/email-verification-failed.tsx", {
      id: "email-verification-failed",
    }),
    route("email-verified", "routes/privacy-rights/email-verified.tsx", { id: "email-verified" }),
    ...prefix("privacy-rights", [
      index("routes/privacy-rights/overview.tsx", { id: "privacy-rights" }),
      route("access", "routes/privacy-rights/access.tsx", { id: "privacy-access" }),
      route("direct-marketing/brands", "routes/privacy-rights/objection-brands.tsx", { id: "objection-brands" }),
      route("direct-marketing/communication-types", "routes/privacy-rights/objection-channels.tsx", {
        id: "objection-channels",
      }),
      route("forgotten-overview", "routes/privacy-rights/forgotten-overview.tsx", { id: "forgotten-overview" }),
      route("forgotten", "routes/privacy-rights/forgotten.tsx", { id: "privacy-forgotten" }),
      route("processed", "routes/privacy-rights/processed.tsx", { id: "privacy-processed" }),
      // The delivered answer, behind the mailed link; its files by POST only.
      route("answer", "routes/privacy-rights/answer.tsx", { id: "privacy-answer" }),
      route("answer/download", "routes/privacy-rights/answer-download.ts", { id: "privacy-answer-download" }),
      // Where a request stands, behind a link mailed to its address.
      route("status", "routes/privacy-rights/status.tsx", { id: "privacy-status" }),
      route("status/view", "routes/privacy-rights/status-view.tsx", { id: "privacy-status-view" }),
      route("status/view/download", "routes/privacy-rights/status-download.ts", { id: "privacy-status-download" }),
      // The person answers an officer's question, behind the mailed link.
      route("reply", "routes/privacy-rights/reply.tsx", { id: "privacy-reply" }),
      // The contact of a system without an API answers its task, behind the mailed link.
      route("system-task", "routes/privacy-rights/system-task.tsx", { id: "privacy-system-task" }),
      route("publication", "routes/privacy-rights/publication.tsx", { id: "privacy-publication" }),
      route("push-notifications", "routes/privacy-rights/push-notifications.tsx", { id: "push-notifications" }),
      route("rectification", "routes/privacy-rights/rectification.tsx", { id: "privacy-rectification" }),
      // How the group answered people's requests, per year.
      route("figures", "routes/privacy-rights/figures.tsx", { id: "privacy-figures" }),
      // A right whose form is its list of fields, at the slug of its row (domain/rights.ts).
      route(":right", "routes/privacy-rights/right-request.tsx", { id: "privacy-right-request" }),
    ]),

    // An ad's print label (one module, two formats).
    route("political-ads/:id/label.svg", "routes/political-ads/label.ts", { id: "political-ad-label-svg" }),
    route("political-ads/:id/label.png", "routes/political-ads/label.ts", { id: "political-ad-label-png" }),
    layout("routes/political-ads/layout.tsx", { id: "political-ads-layout" }, [
      route("political-ads", "routes/political-ads/list.tsx", { id: "political-ads" }),
      route("political-ads/:id", "routes/political-ads/detail.tsx", { id: "political-ad" }),
      route("political-ads/:id/report", "routes/political-ads/report.tsx", { id: "political-ad-report" }),
      route("political-ads/:id/v/:version", "routes/political-ads/version.tsx", { id: "political-ad-version" }),
    ]),

    // Staff (spec 2 "internal pages"): who is signed in is read once, by the layout's middleware.
    ...exactCase(
      prefix("internal-privacy-rights", [
        layout("routes/staff/layout.tsx", { id: "staff-layout" }, [
          route("login", "routes/staff/login.tsx", { id: "staff-login" }),
          route("logout", "routes/staff/logout.ts", { id: "staff-logout" }),
          // "stay signed in", from the warning before the idle limit (posts only).
          route("keep-alive", "routes/staff/keep-alive.ts", { id: "staff-keep-alive" }),
          route("sso", "routes/staff/sso.ts", { id: "staff-sso" }),
          // The second factor of local accounts, after the password (the pending cookie) or signed in (enrolling).
          route("two-factor", "routes/staff/two-factor.tsx", { id: "staff-two-factor" }),
          route("two-factor/setup", "routes/staff/two-factor-setup.tsx", { id: "staff-two-factor-setup" }),
          // Shown signed out too: the notice offers the login (spec 2); its post answers 401.
          route("direct-marketing", "routes/staff/direct-marketing.tsx", { id: "staff-direct-marketing" }),
          layout("routes/staff/signed-in.tsx", { id: "staff-signed-in" }, [
            route("confirm-login", "routes/staff/confirm-login.tsx", { id: "staff-confirm-login" }),
            route("processed", "routes/staff/processed.tsx", { id: "staff-processed" }),
          ]),
          // Requests are every staff member's who owns one (an agent sees theirs only), and so is the search.
          layout("routes/staff/back-office/case-layout.tsx", { id: "case-work" }, [
            route("requests", "routes/staff/back-office/requests.tsx", { id: "back-office-requests" }),
            route("requests/:reference", "routes/staff/back-office/request.tsx", { id: "back-office-request" }),
            route("search", "routes/staff/back-office/search.tsx", { id: "back-office-search" }),
          ]),
          // The back office: officers only.
          layout("routes/staff/back-office/layout.tsx", { id: "back-office" }, [
            // The answer's files, uploaded and checked (posts only; no page of their own).
            route("requests/:reference/files", "routes/staff/back-office/request-files.ts", {
              id: "back-office-request-files",
            }),
            route("requests/:reference/files/:fileId", "routes/staff/back-office/request-file.ts", {
              id: "back-office-request-file",
            }),
            // Ad reports moved here from /reports, which is now the team's figures.
            route("ad-reports", "routes/staff/back-office/complaints.tsx", { id: "back-office-complaints" }),
            route("ad-reports/:reference", "routes/staff/back-office/complaint.tsx", { id: "back-office-complaint" }),
            // The print labels of a campaign period, as one ZIP.
            route("ad-labels", "routes/staff/back-office/ad-labels.tsx", { id: "back-office-ad-labels" }),
            // The systems that carry requests out.
            route("systems", "routes/staff/back-office/systems.tsx", { id: "back-office-systems" }),
            // The team's figures for a period.
            route("reports", "routes/staff/back-office/reports.tsx", { id: "back-office-reports" }),
          ]),
          // Downloads answer 401/403 as JSON instead of a page (their own guard).
          route("requests/export", "routes/staff/back-office/requests.export.ts", {
            id: "back-office-requests-export",
          }),
          route("ad-reports/export", "routes/staff/back-office/complaints.export.ts", {
            id: "back-office-complaints-export",
          }),
          route("suppressions/export", "routes/staff/back-office/suppressions.export.ts", {
            id: "back-office-suppressions-export",
          }),
          route("ad-labels/download", "routes/staff/back-office/ad-labels.download.ts", {
            id: "back-office-ad-labels-download",
          }),
          route("reports/export", "routes/staff/back-office/reports.export.ts", { id: "back-office-reports-export" }),
        ]),
      ]),
    ),

    // Anything else under a language (including /{lang}/not-found) is the 404 page.
    route("*", "routes/site/not-found.tsx", { id: "not-found" }),
  ]),
] satisfies RouteConfig;
