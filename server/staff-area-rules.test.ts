/**
 * The staff area is decided by the route a path
 * matches, in any spelling; the exact-case staff routes answer their own
 * spelling only; the back office's page number stays within what a database
 * binds.
 */
import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";

import { cacheHeaders } from "~/http/cache-control.server";
import { readComplaintFilter, readRequestFilter } from "~/routes/staff/back-office/filters.server";
import { isPublicPath } from "~/utils/public-path";

import { routeMatchers } from "./route-matchers";

const action = async () => null;
const Page = () => null;

/** A build's flat manifest shaped like app/routes.ts: the staff area exact-case (`caseSensitive`), as routes.ts declares it. */
const build = {
  routes: {
    root: { id: "root", path: "", module: { default: Page } },
    "api-contact": { id: "api-contact", parentId: "root", path: "api/contact", module: { action } },
    "api-staff-privacy-request": {
      id: "api-staff-privacy-request",
      parentId: "root",
      path: "api/internal-privacy-rights/request",
      caseSensitive: true,
      module: { action },
    },
    lang: { id: "lang", parentId: "root", path: ":lang", module: { default: Page } },
    about: { id: "about", parentId: "lang", path: "about", module: { default: Page } },
    contact: { id: "contact", parentId: "lang", path: "contact", module: { default: Page, action } },
    "staff-layout": { id: "staff-layout", parentId: "lang", module: { default: Page } },
    "staff-login": {
      id: "staff-login",
      parentId: "staff-layout",
      path: "internal-privacy-rights/login",
      caseSensitive: true,
      module: { default: Page, action },
    },
    "staff-logout": {
      id: "staff-logout",
      parentId: "staff-layout",
      path: "internal-privacy-rights/logout",
      caseSensitive: true,
      module: { action },
    },
    "not-found": { id: "not-found", parentId: "lang", path: "*", module: { default: Page } },
  },
} as unknown as ServerBuild;

const { isKnownPage, isStaffArea, acceptsSubmission, submitsToCall } = routeMatchers(build);
const url = (path: string) => new URL(path, "http://nl.localhost");

describe("the staff area, from the route table", () => {
  it("is every path that matches a staff route, in any case and with its escapes undone", () => {
    for (const pathname of [
      "/nl/internal-privacy-rights/login",
      "/nl/Internal-Privacy-Rights/login",
      "/fr/INTERNAL-PRIVACY-RIGHTS/LOGOUT",
      "/nl/internal%2Dprivacy%2Drights/login",
      "/nl/internal-privacy-rights/login.data",
      "/nl/internal-privacy-rights/login/",
      "/api/internal-privacy-rights/request",
      "/API/Internal-Privacy-Rights/Request",
    ]) {
      expect(isStaffArea(pathname), pathname).toBe(true);
    }
  });

  it("is no public page, whatever it is called", () => {
    for (const pathname of ["/nl", "/nl/about", "/nl/About", "/api/contact", "/nl/not-a-page", "/nl/privacy-rights"]) {
      expect(isStaffArea(pathname), pathname).toBe(false);
    }
  });

  it("answers the exact spelling only, as React Router matches the exact-case routes", () => {
    expect(isKnownPage("/nl/internal-privacy-rights/login")).toBe(true);
    expect(isKnownPage("/nl/Internal-Privacy-Rights/login")).toBe(false);
    expect(isKnownPage("/nl/internal%2Dprivacy%2Drights/login")).toBe(true);
    expect(acceptsSubmission(url("/nl/internal-privacy-rights/login"))).toBe(true);
    expect(acceptsSubmission(url("/nl/internal-privacy-rights/LOGIN"))).toBe(false);
    // Other routes keep React Router's default.
    expect(isKnownPage("/nl/About")).toBe(true);
  });

  it("tells a call's action (no page: React Router checks no Origin) from a page's", () => {
    expect(submitsToCall(url("/api/contact"))).toBe(true);
    expect(submitsToCall(url("/api/internal-privacy-rights/request"))).toBe(true);
    expect(submitsToCall(url("/nl/internal-privacy-rights/logout"))).toBe(true);
    expect(submitsToCall(url("/nl/contact"))).toBe(false);
    expect(submitsToCall(url("/nl/internal-privacy-rights/login"))).toBe(false);
    expect(submitsToCall(url("/nl/about"))).toBe(false);
  });
});

describe("isPublicPath: any spelling of the staff segment is not public", () => {
  it("undoes escapes and case", () => {
    expect(isPublicPath("/nl/Internal-Privacy-Rights/login")).toBe(false);
    expect(isPublicPath("/nl/internal%2Dprivacy%2Drights/login")).toBe(false);
    expect(isPublicPath("/nl/internal%2dprivacy%2Drights%2Flogin")).toBe(false);
    // A malformed escape elsewhere does not hide the segment.
    expect(isPublicPath("/nl/Internal-Privacy-Rights/%E0%A4%A")).toBe(false);
    expect(isPublicPath("/nl/%E0%A4%A")).toBe(true);
    expect(isPublicPath("/nl/privacy-rights")).toBe(true);
  });
});

describe("cache headers follow the server's verdict", () => {
  it("a staff route is private and not indexed, whatever its path says", () => {
    const request = new Request("http://nl.localhost/nl/some-spelling");
    expect(cacheHeaders(request, new Response(), true)).toEqual([
      ["Cache-Control", "private, no-store"],
      ["Vary", "Cookie"],
      ["X-Robots-Tag", "noindex, nofollow"],
    ]);
    expect(cacheHeaders(request, new Response(null, { status: 404 }), false)[0][1]).toMatch(/^public/);
    expect(
      cacheHeaders(
        new Request("http://nl.localhost/nl/Internal-Privacy-Rights/login"),
        new Response(null, { status: 404 }),
        false,
      )[0],
    ).toEqual(["Cache-Control", "private, no-store"]);
  });
});

describe("the back office's page number", () => {
  it("is clamped to what a list can have, never a number the database refuses", () => {
    const page = (value: string) =>
      readRequestFilter(new URLSearchParams({ page: value }), { email: "officer@veldhaven-test.nl", role: "officer" })
        .page;
    expect(page("3")).toBe(3);
    expect(page("0")).toBe(1);
    expect(page("-5")).toBe(1);
    expect(page("abc")).toBe(1);
    expect(page("100000000000000000000")).toBe(1_000_000);
    expect(page("9007199254740993")).toBe(1_000_000);
    expect(Number.isSafeInteger(page("1".repeat(400)))).toBe(true);
    expect(
      readComplaintFilter(new URLSearchParams({ page: "100000000000000000000" }), {
        email: "officer@veldhaven-test.nl",
        role: "officer",
      }).page,
    ).toBe(1_000_000);
  });
});

describe("whose requests a list shows", () => {
  const officer = { email: "officer@veldhaven-test.nl", role: "officer" } as const;
  const agent = { email: "agent@veldhaven-test.nl", role: "agent" } as const;
  const owner = (query: Record<string, string>, viewer: typeof officer | typeof agent) =>
    readRequestFilter(new URLSearchParams(query), viewer).owner;
  it("an officer chooses: theirs, nobody's, someone's or all", () => {
    expect(owner({ owner: "mine" }, officer)).toBe(officer.email);
    expect(owner({ owner: "none" }, officer)).toBe("none");
    expect(owner({ owner: "Agent@Veldhaven-test.nl" }, officer)).toBe(agent.email);
    expect(owner({}, officer)).toBeUndefined();
    expect(owner({ owner: "whatever" }, officer)).toBeUndefined();
  });
  it("an agent always sees their own, whatever the URL asks", () => {
    expect(owner({}, agent)).toBe(agent.email);
    expect(owner({ owner: "none" }, agent)).toBe(agent.email);
    expect(owner({ owner: officer.email }, agent)).toBe(agent.email);
  });
});
