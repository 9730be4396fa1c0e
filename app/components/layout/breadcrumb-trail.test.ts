import { describe, expect, it } from "vitest";

import { breadcrumbTrail } from "~/components/layout/breadcrumb-trail";

describe("breadcrumbTrail", () => {
  it("is empty on home", () => {
    expect(breadcrumbTrail("")).toEqual([]);
    expect(breadcrumbTrail("/")).toEqual([]);
  });

  it("uses the fixed privacy-rights trail", () => {
    expect(breadcrumbTrail("/privacy-rights/direct-marketing/brands")).toEqual([
      { labelKey: "breadcrumbs.home", path: "/" },
      { labelKey: "breadcrumbs.privacyRights", path: "/privacy-rights" },
      { labelKey: "breadcrumbs.directMarketingBrands" },
    ]);
    expect(breadcrumbTrail("/privacy-rights")).toEqual([
      { labelKey: "breadcrumbs.home", path: "/" },
      { labelKey: "breadcrumbs.privacyRights" },
    ]);
  });

  it("labels documents and ads", () => {
    expect(breadcrumbTrail("/document/cookie-policy").at(-1)).toEqual({
      labelKey: "documents.titles.cookie-policy",
    });
    expect(breadcrumbTrail("/political-ads/AB-12").map((crumb) => crumb.text ?? crumb.labelKey)).toEqual([
      "breadcrumbs.home",
      "breadcrumbs.politicalAds",
      "AB-12",
    ]);
  });

  it("leads from home to the accessibility statement", () => {
    expect(breadcrumbTrail("/accessibility")).toEqual([
      { labelKey: "breadcrumbs.home", path: "/" },
      { labelKey: "breadcrumbs.accessibility" },
    ]);
  });

  it("leads from an earlier version of a document back to the document", () => {
    expect(breadcrumbTrail("/document/privacy-policy/versions/2024-01-01")).toEqual([
      { labelKey: "breadcrumbs.home", path: "/" },
      { labelKey: "documents.titles.privacy-policy", path: "/document/privacy-policy" },
      { labelKey: "documents.versions.crumb" },
    ]);
  });
});
