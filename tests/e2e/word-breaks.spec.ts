import { expect, siteUrl, test } from "./fixtures";
import { ordinaryWordsCut, setTextSize } from "./reflow";
import { SITES, pagesOf, resolvePath } from "./site-pages";

/**
 * Reading at 320 px with 200 % text: no page scrolls sideways
 * (layout-reflow.spec.ts), and the text still breaks between words. The
 * side spaces of the page and its boxes are capped at a share of the
 * screen's width (`--app-gutter`, `--app-inset` in base.css), so an
 * ordinary word is never cut in two. Layout is CSS: measured without
 * JavaScript, every page of every locale.
 */
for (const site of SITES) {
  test(`${site.locale}: at 320 px with 200 % text, no ordinary word is cut in two`, async ({ page, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled, "layout is CSS; measured once, without JavaScript");
    await page.setViewportSize({ width: 320, height: 800 });
    await setTextSize(page, 2);
    const failures: string[] = [];
    for (const { path } of pagesOf(site)) {
      await page.goto(siteUrl(site.host, await resolvePath(page.request, site.host, path)));
      const cut = await ordinaryWordsCut(page);
      if (cut.length) failures.push(`${path}: ${cut.slice(0, 5).join(", ")}`);
    }
    expect(failures).toEqual([]);
  });
}
