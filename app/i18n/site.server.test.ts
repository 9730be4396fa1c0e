import { describe, expect, it } from "vitest";

import { missingLanguageRedirect, siteFromUrl } from "~/i18n/site.server";

// The real server asks the route table; here a set of page paths stands in.
const pages = new Set(["/nl", "/nl/about", "/nl/privacy-rights/access"]);
const isKnownPage = (path: string) => pages.has(path);

describe("missingLanguageRedirect", () => {
  it("prefixes /nl and keeps the query", () => {
    expect(missingLanguageRedirect(new URL("http://nl.localhost/about?x=1&y=2"), isKnownPage)).toBe(
      "/nl/about?x=1&y=2",
    );
    expect(missingLanguageRedirect(new URL("http://be.localhost/"), isKnownPage)).toBe("/nl");
    expect(missingLanguageRedirect(new URL("http://be.localhost/?q=a"), isKnownPage)).toBe("/nl?q=a");
  });

  it("leaves paths with a language alone", () => {
    expect(missingLanguageRedirect(new URL("http://nl.localhost/fr/about"), isKnownPage)).toBeNull();
  });

  it("does not redirect when the prefixed path is no page (404 instead)", () => {
    expect(missingLanguageRedirect(new URL("http://nl.localhost/unknown"), isKnownPage)).toBeNull();
  });
});

describe("siteFromUrl", () => {
  it("reads country from the host and language from the path", () => {
    expect(siteFromUrl(new URL("http://be.localhost:3000/fr/about"))).toEqual({
      country: "be",
      language: "fr",
      locale: "fr_be",
    });
    expect(siteFromUrl(new URL("https://www.veldhavenmedia.nl/about"))).toEqual({
      country: "nl",
      language: "nl",
      locale: "nl_nl",
    });
  });

  it("returns null for a host without a country", () => {
    expect(siteFromUrl(new URL("http://localhost:3000/nl"))).toBeNull();
  });
});
