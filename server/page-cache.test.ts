import { createHash } from "node:crypto";
import http from "node:http";
import type net from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

import express from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";

import { documentCsp, takeMarkedInline } from "~/utils/csp.server";

import { request } from "../tests/setup/spawn-server";
import { cacheUrlFor } from "./cache-key";
import { cachedPageServer } from "./cached-pages";
import { chooseEncoding, compressPage, createPageCache, matchesEtag } from "./page-cache";
import { routeMatchers } from "./route-matchers";

const html = (text: string) => Buffer.from(`<!DOCTYPE html><html><body><p>${text}</p></body></html>`);

describe("page cache", () => {
  it("keeps each encoding of a page, all decoding to the same bytes, under one ETag per content", async () => {
    const page = await compressPage(200, [["content-type", "text/html"]], html("Privacybeleid"));
    expect(gunzipSync(page.bodies.gzip).equals(page.bodies.identity)).toBe(true);
    expect(brotliDecompressSync(page.bodies.br).equals(page.bodies.identity)).toBe(true);
    expect((await compressPage(200, [], html("Privacybeleid"))).etag).toBe(page.etag);
    expect((await compressPage(200, [], html("Cookiebeleid"))).etag).not.toBe(page.etag);
  });

  it("forgets the least recently used page when over its byte budget, and every page after its time", async () => {
    const page = await compressPage(200, [], html("x".repeat(2000)));
    const size = page.bodies.identity.length + page.bodies.gzip.length + page.bodies.br.length + 512;
    const cache = createPageCache({ maxBytes: size * 2 + 10, ttlMs: 60_000 });
    cache.set("a", page);
    cache.set("b", page);
    cache.get("a");
    cache.set("c", page);
    expect([cache.has("a"), cache.has("b"), cache.has("c")]).toEqual([true, false, true]);

    const brief = createPageCache({ maxBytes: 1_000_000, ttlMs: 30 });
    brief.set("a", page);
    expect(brief.get("a")).toBe(page);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(brief.get("a")).toBeUndefined();
  });

  it("drops expired pages from memory even when nobody asks for them again", async () => {
    const page = await compressPage(200, [], html("x"));
    const brief = createPageCache({ maxBytes: 1_000_000, ttlMs: 30, purgeIntervalMs: 20 });
    for (const key of ["a", "b", "c"]) brief.set(key, page);
    expect(brief.size).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // `size` counts what the cache holds, expired or not; nothing was read since.
    expect(brief.size).toBe(0);
    expect(brief.calculatedSize).toBe(0);
  });

  it("chooses brotli, then gzip, honouring q-values", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("gzip, br;q=0")).toBe("gzip");
    expect(chooseEncoding("identity")).toBe("identity");
    expect(chooseEncoding(undefined)).toBe("identity");
    expect(chooseEncoding("*")).toBe("br");
    // A lower weight is a lower preference, not only a refusal at 0.
    expect(chooseEncoding("br;q=0.5, gzip")).toBe("gzip");
    expect(chooseEncoding("*;q=0")).toBe("identity");
  });

  it("matches If-None-Match weakly, in a list, and '*'", () => {
    expect(matchesEtag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag("*", 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abd"', 'W/"abc"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"abc"')).toBe(false);
  });
});

describe("the page cache behind a Host header", () => {
  /** One page, rendered as the URL it is asked to render (its origin is what its links would name). */
  const build = {
    routes: {
      root: { id: "root", path: "", module: { default: () => null } },
      about: { id: "about", parentId: "root", path: ":lang/about", module: { default: () => null } },
    },
  } as unknown as ServerBuild;

  it("keeps one page for every port, letter case and trailing dot of a host, and renders it from that one host", async () => {
    const cache = createPageCache({ maxBytes: 1_000_000, ttlMs: 60_000 });
    const renderedFrom: string[] = [];
    const app = express();
    const server = http.createServer(app);
    const serve = cachedPageServer({
      renderPage: async (page) => {
        renderedFrom.push(page.url);
        return new Response(`<p>${page.url}</p>`, {
          headers: { "Content-Type": "text/html", "Cache-Control": "public, max-age=60" },
        });
      },
      loadContext: () => new RouterContextProvider(),
      passOn: async (_req, res) => void res.status(500).end(),
      cacheUrl: cacheUrlFor(build, routeMatchers(build), 3000),
      dataVersion: async () => "",
    });
    app.use((req, res, next) => void serve(req, res, next, cache));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const port = (server.address() as net.AddressInfo).port;
      const answers = [];
      for (const host of ["nl.localhost:1", "nl.localhost:2", "NL.localhost.:3"])
        answers.push(await request(port, { path: "/nl/about", host }));
      expect(answers.map((answer) => answer.headers["x-cache"])).toEqual(["MISS", "HIT", "HIT"]);
      expect(cache.size).toBe(1);
      expect(renderedFrom).toEqual(["http://nl.localhost/nl/about"]);
      for (const answer of answers) expect(answer.body).toBe("<p>http://nl.localhost/nl/about</p>");
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("content security policy with script hashes", () => {
  // Rendered with the mark "m" on React Router's scripts (only those are hashed: app/utils/csp.server.test.ts).
  const page = `<html><head><script type="module" src="/assets/a.js"></script></head><body><script nonce="m">console.log(1)</script><script nonce="m" type="module">import("/assets/b.js");</script></body></html>`;
  const hashes = takeMarkedInline(page, "m");
  const { scriptHashes } = hashes;

  it("lists the hash of every marked inline script as the browser computes it, and none for external ones", () => {
    // sha256 of "console.log(1)", computed independently.
    expect(scriptHashes).toContain("'sha256-CihokcEcBW4atb/CW/XWsvWwbTjqwQlE9nj9ii5ww5M='");
    expect(scriptHashes).toHaveLength(2);
  });

  it("lists the hash of a style the render wrote (marked), and none of a style that came in with content", () => {
    const styled = `<html><head><style nonce="m">body{color:red}</style></head><body><main><style>main{display:none}</style></main></body></html>`;
    const marked = takeMarkedInline(styled, "m");
    expect(marked.styleHashes).toEqual([`'sha256-${createHash("sha256").update("body{color:red}").digest("base64")}'`]);
    const styleSrc = documentCsp(marked)
      .split(";")
      .find((directive) => directive.startsWith("style-src "));
    expect(styleSrc).toBe(`style-src 'self' ${marked.styleHashes[0]}`);
    expect(documentCsp(takeMarkedInline(`<html><body><style>main{display:none}</style></body></html>`, "m"))).toMatch(
      /style-src 'self'(;|$)/,
    );
  });

  it("keeps the policy strict: no unsafe-inline, no nonce, objects and framing limited", () => {
    const policy = documentCsp(hashes);
    const scriptSrc = policy.split(";").find((directive) => directive.startsWith("script-src "));
    expect(scriptSrc).toMatch(/^script-src 'self' 'sha256-[^ ]+' 'sha256-[^ ]+'$/);
    expect(policy).not.toMatch(/unsafe-inline|nonce-/);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toContain("script-src-attr 'none'");
  });
});
