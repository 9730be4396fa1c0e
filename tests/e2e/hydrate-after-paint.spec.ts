/**
 * The production build's pages that hydrate ask for their scripts only after
 * the first paint (app/utils/hydrate-after-paint.server.ts). The
 * rewrite recognises the markup React Router writes and leaves anything else
 * alone, so an upgrade that changes that markup would silently bring the
 * preloads back: this test reads the real server's answer, not a copy.
 */
import { request } from "../setup/spawn-server";
import { expect, onlyWithJavaScript, siteUrl, test } from "./fixtures";

const port = () => Number(process.env.E2E_PORT);

// Public pages start React at the visitor's first intent; a staff page after its first frame.
for (const [path, start] of [
  ["/nl/privacy-rights/access", "window.addEventListener(name, atIntent"],
  ["/nl", "window.addEventListener(name, atIntent"],
  ["/nl/internal-privacy-rights/login", "requestAnimationFrame(() => setTimeout(start, 0))"],
]) {
  test(
    `${path}: no script is asked for while the page is parsed; the route modules come later and hydrate`,
    onlyWithJavaScript("the HTML is the same for both projects; hydration needs JavaScript"),
    async ({ page }) => {
      const answer = await request(port(), { path });
      expect(answer.status).toBe(200);
      const html = answer.body;
      expect(html, "React Router's module preloads are left out of the HTML").not.toContain('rel="modulepreload"');
      const module = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
      expect(module, "the router's inline module is rewritten").toContain(start);
      expect(module).not.toMatch(/^import \* as route\d+ from/m);
      const routeModules = [...module.matchAll(/import\("([^"]+)"\)/g)].map(([, url]) => url);
      expect(routeModules.length).toBeGreaterThan(1);
      for (const url of routeModules) expect((await request(port(), { path: url })).status, url).toBe(200);

      // And the page still hydrates in a browser (the fixture waits for data-hydrated after goto).
      await page.goto(siteUrl("nl", path));
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
    },
  );
}
