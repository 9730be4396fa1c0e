import { createHash } from "node:crypto";

import { describe, expect, it } from "vitest";

import { documentCsp, newScriptMark, takeMarkedInline } from "~/utils/csp.server";

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** A page as React Router renders it with the render's mark on its own inline scripts, and a script someone injected. */
function renderedPage(mark: string, injected: string): string {
  return [
    `<html><head><link rel="modulepreload" href="/assets/entry.client.js" nonce="${mark}"/></head><body>`,
    `<main><p>Text</p>${injected}</main>`,
    `<script nonce="${mark}">window.__reactRouterContext = {};</script>`,
    `<script nonce="${mark}" type="module" async="">import("/assets/entry.client.js");</script>`,
    `<script type="module" src="/assets/enhance.js"></script>`,
    `</body></html>`,
  ].join("");
}

describe("CSP script hashes of a document", () => {
  it("hashes only the scripts that carry the render's mark, never an injected one", () => {
    const mark = newScriptMark();
    const marked = takeMarkedInline(renderedPage(mark, "<script>alert(document.cookie)</script>"), mark);
    const { scriptHashes } = marked;
    expect(scriptHashes).toEqual([
      sha256("window.__reactRouterContext = {};"),
      sha256('import("/assets/entry.client.js");'),
    ]);
    const policy = documentCsp(marked);
    expect(policy).not.toContain(sha256("alert(document.cookie)"));
    expect(policy).toContain(sha256("window.__reactRouterContext = {};"));
  });

  it("does not hash an injected script that copies a mark of another render, and leaves no mark in the page", () => {
    const earlier = newScriptMark();
    const mark = newScriptMark();
    expect(mark).not.toBe(earlier);
    expect(mark).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const { html, scriptHashes } = takeMarkedInline(
      renderedPage(mark, `<script nonce="${earlier}">steal()</script>`),
      mark,
    );
    expect(scriptHashes).not.toContain(sha256("steal()"));
    expect(html).not.toContain(mark);
    expect(html).toContain('<link rel="modulepreload" href="/assets/entry.client.js"/>');
    expect(html).toContain('<script type="module" async="">import("/assets/entry.client.js");</script>');
  });

  it("an injected script that swallows ours (unclosed) gets no hash: the browser would run it as one script", () => {
    const mark = newScriptMark();
    const { scriptHashes } = takeMarkedInline(renderedPage(mark, "<script>evil();/*"), mark);
    expect(scriptHashes).toEqual([sha256('import("/assets/entry.client.js");')]);
  });
});
