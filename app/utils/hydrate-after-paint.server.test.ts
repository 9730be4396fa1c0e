import { describe, expect, it } from "vitest";

import { hydrateAfterFirstPaint } from "~/utils/hydrate-after-paint.server";

// The shape React Router 7 writes (abridged).
const PAGE = [
  '<head><link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="modulepreload" href="/assets/chunk-B.js"/></head>',
  "<body><main>Text</main><script>window.__reactRouterContext = {};</script>",
  '<script type="module" async="">;\nimport * as route0 from "/assets/root-C.js";\nimport * as route1 from "/assets/home-D.js";\n',
  '  window.__reactRouterManifest = {"entry":{}};\nwindow.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\nimport("/assets/entry.client-A.js");</script></body>',
].join("");

function moduleScript(html: string): string {
  return /<script type="module" async="">([\s\S]*?)<\/script>/.exec(html)![1];
}

describe("hydrateAfterFirstPaint", () => {
  it("asks for the page's scripts only after the first frame, preloads included", () => {
    const html = hydrateAfterFirstPaint(PAGE);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain("<main>Text</main>");
    const script = moduleScript(html);
    expect(script).not.toMatch(/^import \*/m);
    expect(script).toContain('["/assets/entry.client-A.js","/assets/chunk-B.js"]');
    expect(script).toContain(
      'const [route0, route1] = await Promise.all([import("/assets/root-C.js"), import("/assets/home-D.js")]);',
    );
    expect(script).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};');
    expect(script).toMatch(/requestAnimationFrame\(\(\) => setTimeout\(start, 0\)\)/);
    // The page's texts are fetched beside the modules.
    expect(script).toContain(
      '{ rel: "preload", as: "fetch", crossOrigin: "anonymous", href: document.documentElement.dataset.texts }',
    );
    // All in one append: each append of its own costs a style pass.
    expect(script.match(/document\.head\.append/g)).toEqual(["document.head.append"]);
    // Valid JavaScript (dynamic import and await inside an async function).
    expect(() => new Function(script)).not.toThrow();
  });

  it("on a public page waits for the visitor's first intent instead of the first frame", () => {
    const script = moduleScript(hydrateAfterFirstPaint(PAGE, { waitForIntent: true }));
    expect(script).not.toContain("requestAnimationFrame");
    for (const name of ["keydown", "pointerdown", "touchstart", "focusin", "input"])
      expect(script).toContain(`"${name}"`);
    expect(script).toContain('closest("form, button, select, summary, [data-starts-react]")');
    expect(script).toContain("document.documentElement.dataset.intent");
    expect(() => new Function(script)).not.toThrow();
  });

  it("imports the route manifest's module beside the routes, before React Router starts (routeDiscovery 'initial')", () => {
    const withManifest = PAGE.replace(
      'import * as route1 from "/assets/home-D.js";\n',
      'import * as route1 from "/assets/home-D.js";\nimport "/assets/manifest-E.js";\n',
    );
    const script = moduleScript(hydrateAfterFirstPaint(withManifest));
    expect(script).not.toMatch(/^import "/m);
    expect(script).toContain(
      'const [route0, route1] = await Promise.all([import("/assets/root-C.js"), import("/assets/home-D.js"), import("/assets/manifest-E.js")]);',
    );
    expect(script.indexOf("manifest-E.js")).toBeLessThan(script.indexOf('import("/assets/entry.client-A.js")'));
    expect(() => new Function(script)).not.toThrow();
  });

  it("keeps the render's mark on the module it rewrites, and drops the marked preloads", () => {
    const marked = PAGE.replace(
      /<link rel="modulepreload" href="([^"]+)"\/>/g,
      '<link rel="modulepreload" href="$1" nonce="M4rk"/>',
    )
      .replace("<script>", '<script nonce="M4rk">')
      .replace('<script type="module" async="">', '<script nonce="M4rk" type="module" async="">');
    const html = hydrateAfterFirstPaint(marked);
    expect(html).not.toContain('<link rel="modulepreload"');
    const script = /<script nonce="M4rk" type="module" async="">([\s\S]*?)<\/script>/.exec(html)![1];
    expect(script).toContain('["/assets/entry.client-A.js","/assets/chunk-B.js"]');
    expect(script).toContain("requestAnimationFrame");
  });

  it("leaves a page it does not recognise as it is", () => {
    const other = PAGE.replace(/import \* as (route\d) from/g, "import $1 from");
    expect(hydrateAfterFirstPaint(other)).toBe(other);
    const noModule = '<html><body><p>static</p><script type="module" src="/assets/enhance.js"></script></body></html>';
    expect(hydrateAfterFirstPaint(noModule)).toBe(noModule);
  });
});
