/**
 * The page cache's key (server/cache-key.ts) keeps only the query
 * parameters the matched page declares in its `handle`, sorted, so an
 * unknown parameter neither makes a new entry nor changes the page.
 */
import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";

import { cacheUrlFor, normalisedUrl } from "./cache-key";
import { routeMatchers } from "./route-matchers";

/** A build's flat manifest shaped like app/routes.ts, with the handles of the pages that read a query. */
const build = {
  routes: {
    root: { id: "root", path: "", module: { default: () => null } },
    lang: { id: "lang", parentId: "root", path: ":lang", module: { default: () => null } },
    home: { id: "home", parentId: "lang", index: true, module: { default: () => null } },
    about: {
      id: "about",
      parentId: "lang",
      path: "about",
      module: { default: () => null, handle: { hydrate: false } },
    },
    search: {
      id: "search",
      parentId: "lang",
      path: "search",
      module: { default: () => null, handle: { hydrate: false, queryParameters: ["q"] } },
    },
    ads: {
      id: "ads",
      parentId: "lang",
      path: "political-ads",
      module: { default: () => null, handle: { queryParameters: ["period", "channel", "text", "page"] } },
    },
    "ads-layout": {
      id: "ads-layout",
      parentId: "lang",
      path: "archive",
      module: { default: () => null, handle: { queryParameters: ["year"] } },
    },
    "ads-archive": {
      id: "ads-archive",
      parentId: "ads-layout",
      path: ":id",
      module: { default: () => null, handle: { queryParameters: ["tab"] } },
    },
    "not-found": { id: "not-found", parentId: "lang", path: "*", module: { default: () => null } },
  },
} as unknown as ServerBuild;

/** The port the server listens on (PORT). */
const LISTENER_PORT = 3000;
const cacheUrl = cacheUrlFor(build, routeMatchers(build), LISTENER_PORT);
const keyOf = (path: string) => {
  const url = cacheUrl(new URL(path, "http://nl.localhost:3000"));
  return url.pathname + url.search;
};

describe("normalisedUrl", () => {
  const url = (query: string) => new URL(`http://nl.localhost/nl/search${query}`);

  it("keeps only the given parameters, sorted by name", () => {
    expect(normalisedUrl(url("?z=1&q=privacy&a=2"), new Set(["q", "a"])).href).toBe(
      "http://nl.localhost/nl/search?a=2&q=privacy",
    );
  });

  it("keeps every value of a repeated parameter, in the order sent", () => {
    expect(normalisedUrl(url("?q=b&x=1&q=a"), new Set(["q"])).search).toBe("?q=b&q=a");
    expect(normalisedUrl(url("?q=a&q=b"), new Set(["q"])).search).not.toBe(
      normalisedUrl(url("?q=b&q=a"), new Set(["q"])).search,
    );
  });

  it("spells a value one way whichever escape it came in, and drops an empty query and the fragment", () => {
    expect(normalisedUrl(url("?q=a%20b"), new Set(["q"])).search).toBe(
      normalisedUrl(url("?q=a+b"), new Set(["q"])).search,
    );
    expect(normalisedUrl(url("?"), new Set(["q"])).href).toBe("http://nl.localhost/nl/search");
    expect(normalisedUrl(url("?q=x#top"), new Set(["q"])).href).toBe("http://nl.localhost/nl/search?q=x");
  });
});

describe("the page cache's URL of a request", () => {
  it("ignores unknown parameters: a page that reads none keeps none", () => {
    expect(keyOf("/nl/about?utm_source=x")).toBe("/nl/about");
    expect(keyOf("/nl/about?zzz=1")).toBe(keyOf("/nl/about?zzz=100000"));
    expect(keyOf("/nl?index&x=1")).toBe("/nl");
  });

  it("keeps the parameters the page declares, whatever their order", () => {
    expect(keyOf("/nl/search?utm_source=mail&q=privacy")).toBe("/nl/search?q=privacy");
    expect(keyOf("/nl/political-ads?text=tax&period=LAST_7_DAYS&page=2&fbclid=1")).toBe(
      keyOf("/nl/political-ads?page=2&period=LAST_7_DAYS&text=tax"),
    );
    expect(keyOf("/nl/political-ads?text=tax&period=LAST_7_DAYS")).toBe(
      "/nl/political-ads?period=LAST_7_DAYS&text=tax",
    );
    expect(keyOf("/nl/search?q=a")).not.toBe(keyOf("/nl/search?q=b"));
  });

  it("adds the parameters of the layouts the page is in", () => {
    expect(keyOf("/nl/archive/7?tab=2&year=2025&q=x")).toBe("/nl/archive/7?tab=2&year=2025");
  });

  it("keeps React Router's _routes on a client navigation's .data request, with the page's own", () => {
    expect(keyOf("/nl/search.data?q=privacy&_routes=root,lang,search&utm_source=x")).toBe(
      "/nl/search.data?_routes=root%2Clang%2Csearch&q=privacy",
    );
    expect(keyOf("/nl/search.data?q=privacy")).not.toBe(keyOf("/nl/search.data?q=privacy&_routes=search"));
    expect(keyOf("/_root.data?_routes=root&x=1")).toBe("/_root.data?_routes=root");
    // On a document, `_routes` means nothing.
    expect(keyOf("/nl/about?_routes=root")).toBe("/nl/about");
  });

  it("keeps no parameter of a path that no page matches (the 404), nor of a path nothing matches at all", () => {
    expect(keyOf("/nl/gone?q=privacy")).toBe("/nl/gone");
    expect(keyOf("/nl/search/more?q=privacy")).toBe("/nl/search/more");
  });

  it("keeps the host and path as asked", () => {
    expect(cacheUrl(new URL("http://be.localhost:3000/fr/search?q=x&y=1")).href).toBe(
      "http://be.localhost:3000/fr/search?q=x",
    );
  });

  it("spells the host one way: no port of the client's choosing, lower case, no trailing dot", () => {
    const key = cacheUrl(new URL("http://nl.localhost:1/nl/about")).href;
    expect(key).toBe("http://nl.localhost/nl/about");
    expect(cacheUrl(new URL("http://nl.localhost:2/nl/about")).href).toBe(key);
    expect(cacheUrl(new URL("http://NL.localhost.:3/nl/about?utm_source=x")).href).toBe(key);
    // The port the server listens on stays: without PUBLIC_ORIGIN_* a page's links are built from it.
    expect(cacheUrl(new URL("http://nl.localhost:3000/nl/about")).href).toBe("http://nl.localhost:3000/nl/about");
    // What a page shows depends on its host name (feature toggles), so another name is another page.
    expect(cacheUrl(new URL("http://be.localhost:1/nl/about")).href).toBe("http://be.localhost/nl/about");
  });
});
