import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";

import { isPublicPath } from "~/utils/public-path";

import { routeMatchers } from "./route-matchers";

const action = async () => null;

/** A build's flat manifest, shaped like app/routes.ts: a language layout with an index page and a form. */
const build = {
  routes: {
    root: { id: "root", path: "", module: {} },
    "api-contact": { id: "api-contact", parentId: "root", path: "api/contact", module: { action } },
    lang: { id: "lang", parentId: "root", path: ":lang", module: {} },
    home: { id: "home", parentId: "lang", index: true, module: { action } },
    about: { id: "about", parentId: "lang", path: "about", module: {} },
    contact: { id: "contact", parentId: "lang", path: "contact", module: { action } },
    "not-found": { id: "not-found", parentId: "root", path: "*", module: {} },
  },
} as unknown as ServerBuild;

describe("route matchers from the build's manifest", () => {
  const { isKnownPage, acceptsSubmission } = routeMatchers(build);
  const url = (path: string) => new URL(path, "http://nl.localhost");

  it("knows a page when a route other than the catch-all matches", () => {
    expect(isKnownPage("/nl/about")).toBe(true);
    expect(isKnownPage("/nl")).toBe(true);
    expect(isKnownPage("/nl/about/more")).toBe(false);
  });

  it("sends a submission to the deepest route with a path, an index route only with ?index", () => {
    expect(acceptsSubmission(url("/nl/contact"))).toBe(true);
    expect(acceptsSubmission(url("/api/contact"))).toBe(true);
    expect(acceptsSubmission(url("/nl/about"))).toBe(false);
    expect(acceptsSubmission(url("/nl?index"))).toBe(true);
    expect(acceptsSubmission(url("/nl"))).toBe(false);
    expect(acceptsSubmission(url("/nl/nothing-here"))).toBe(false);
  });

  it("reads a single-fetch data URL as the page it is for", () => {
    expect(acceptsSubmission(url("/nl/contact.data"))).toBe(true);
    expect(acceptsSubmission(url("/nl/about.data"))).toBe(false);
    expect(acceptsSubmission(url("/nl/contact/"))).toBe(true);
  });

  it("is made once per build", () => {
    expect(routeMatchers(build)).toBe(routeMatchers(build));
  });

  it("tells a resource (no page: a label) from a page and its data, which the page cache may keep", () => {
    const page = () => null;
    const { isResource } = routeMatchers({
      routes: {
        root: { id: "root", path: "", module: { default: page } },
        ad: { id: "ad", parentId: "root", path: ":lang/political-ads/:id", module: { default: page } },
        label: { id: "label", parentId: "root", path: ":lang/political-ads/:id/label.png", module: {} },
      },
    } as unknown as ServerBuild);
    expect(isResource("/nl/political-ads/NL-1/label.png")).toBe(true);
    expect(isResource("/nl/political-ads/NL-1")).toBe(false);
    expect(isResource("/nl/political-ads/NL-1.data")).toBe(false);
  });
});

describe("isPublicPath (spec 2)", () => {
  it("is public unless the path contains internal-privacy-rights", () => {
    expect(isPublicPath("/nl/privacy-rights")).toBe(true);
    expect(isPublicPath("/nl/internal-privacy-rights/requests")).toBe(false);
    expect(isPublicPath("/api/internal-privacy-rights/request")).toBe(false);
  });
});
