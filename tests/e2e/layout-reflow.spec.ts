import { expect, layoutIsCss, siteUrl, test } from "./fixtures";
import { horizontalOverflow, setTextSize } from "./reflow";
import { pagesOf, resolvePath, SITES } from "./site-pages";

// Long journeys and sweeps: ~15 s on two idle cores, up to 53 s on one
// (pinned with taskset). A limit that fits a machine three times slower.
test.describe.configure({ timeout: 180_000 });

/**
 * WCAG 1.4.10 and 1.4.4: no page scrolls sideways on a 320 or 390 px phone,
 * nor at 1280 px with text at 200 %. Every page type of every locale
 * (site-pages.ts). Layout is CSS, so the whole list runs without
 * JavaScript; with JavaScript the scripts only add the header-fit check and
 * the same page bodies, so a page per kind of header and body is measured
 * there (keeps the suite fast).
 */
const WITH_JS_SAMPLE = ["", "/document/cookie-policy", "/search?q=cookies"];
const VIEWPORTS = [
  { name: "320 px", width: 320, textScale: 1 },
  { name: "390 px", width: 390, textScale: 1 },
  { name: "1280 px with 200 % text", width: 1280, textScale: 2 },
];

for (const site of SITES) {
  test(`${site.locale}: no page scrolls sideways at 320 px, at 390 px, nor at 1280 px with 200 % text`, async ({
    page,
    javaScriptEnabled,
  }) => {
    const pages = pagesOf(site).filter(
      ({ path }) => !javaScriptEnabled || WITH_JS_SAMPLE.some((sample) => path === `/${site.lang}${sample}`),
    );
    const failures: string[] = [];
    // One load a page for each text size, measured at each width in turn: the layout is
    // CSS, so a page widened after its load is laid out as one loaded at that width.
    for (const textScale of [1, 2]) {
      const widths = VIEWPORTS.filter((viewport) => viewport.textScale === textScale);
      await setTextSize(page, textScale);
      for (const { path } of pages) {
        await page.setViewportSize({ width: widths[0].width, height: 800 });
        await page.goto(siteUrl(site.host, await resolvePath(page.request, site.host, path)));
        if (textScale !== 1) {
          // The enlarged default font size really applies (not a no-op).
          const rootFontSize = await page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
          expect(rootFontSize, path).toBe(`${16 * textScale}px`);
        }
        for (const viewport of widths) {
          await page.setViewportSize({ width: viewport.width, height: 800 });
          const overflow = await horizontalOverflow(page);
          if (overflow) failures.push(`${path} at ${viewport.name}: ${overflow}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
}

/**
 * The privacy forms at their widest: every block open and every error shown
 * (long French messages included), on a 320 px phone and with 200 % text.
 */
test(
  "privacy forms with every block open and every error shown do not scroll sideways",
  layoutIsCss,
  async ({ page }) => {
    const failures: string[] = [];
    const measure = async (label: string) => {
      const overflow = await horizontalOverflow(page);
      if (overflow) failures.push(`${label}: ${overflow}`);
    };
    for (const site of SITES.filter((candidate) => candidate.locale !== "nl_be")) {
      for (const viewport of [VIEWPORTS[0], VIEWPORTS[2]]) {
        await page.setViewportSize({ width: viewport.width, height: 800 });
        // Set each time (also back to 100 %): the loop changes it.
        await setTextSize(page, viewport.textScale);
        const at = `${site.locale} ${viewport.name}`;
        const submit = () => page.locator("form.app-form button[type=submit]").click();

        await page.goto(siteUrl(site.host, `/${site.lang}/privacy-rights/access`));
        await page.locator('input[name="addDetails"]').check();
        await submit();
        await expect(page.locator(".app-error-summary")).toBeVisible();
        await measure(`${at} access`);

        await page.goto(siteUrl(site.host, `/${site.lang}/privacy-rights/direct-marketing/brands`));
        await page.locator('input[name="selectAll"]').check();
        await submit();
        await expect(page).toHaveURL(/communication-types$/);
        for (const type of ["PHONE", "EMAIL", "POSTAL"]) await page.locator(`input[value="${type}"]`).check();
        await page.locator('input[name="email"]').fill("geen-adres");
        await submit();
        await expect(page.locator(".app-error-summary")).toBeVisible();
        await measure(`${at} objection channels`);
      }
    }
    expect(failures).toEqual([]);
  },
);
