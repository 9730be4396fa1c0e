import { expect, siteUrl, test, onlyWithJavaScript, layoutIsCss } from "./fixtures";
import { ordinaryWordsCut, setTextSize } from "./reflow";
import { SITES, newestCampaignId, pagesOf, resolvePath } from "./site-pages";

/**
 * Reading at 320 px with 200 % text: no page scrolls sideways
 * (layout-reflow.spec.ts), and the text still breaks between words. The
 * side spaces of the page and its boxes are capped at a share of the
 * screen's width (`--app-gutter`, `--app-inset` in base.css), so an
 * ordinary word is never cut in two. Layout is CSS: measured without
 * JavaScript, every page of every locale.
 */
for (const site of SITES) {
  test(`${site.locale}: at 320 px with 200 % text, no ordinary word is cut in two`, layoutIsCss, async ({ page }) => {
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

/** What JavaScript opens over a page: the mobile menu, and the report dialog's two layers (its content never clipped either). */
const OVERLAYS = [
  { lang: "nl", report: "Meld deze advertentie", reason: "Misleidend", next: "Volgende" },
  { lang: "fr", report: "Signaler cette publicité", reason: "Trompeuse", next: "Suivant" },
];
for (const site of OVERLAYS) {
  test(`${site.lang}: at 320 px with 200 % text, the open menu and report dialog cut no ordinary word and hide nothing`, onlyWithJavaScript("the dialog and the menu's closing are JavaScript's"), async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    await setTextSize(page, 2);
    await page.goto(siteUrl("be", `/${site.lang}/political-ads/${encodeURIComponent(await newestCampaignId(page.request, "be"))}`));
    await page.locator("summary", { hasText: "Menu" }).click();
    await expect(page.locator(".app-mobile-menu__panel")).toBeVisible();
    expect(await ordinaryWordsCut(page, ".app-mobile-menu__panel")).toEqual([]);
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: site.report }).click();
    const dialog = page.getByRole("dialog");
    const clipped = () => dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
    await expect(dialog.getByRole("heading", { level: 2 })).toBeFocused();
    expect(await ordinaryWordsCut(page, "dialog[open]")).toEqual([]);
    expect(await clipped()).toBe(0);
    await dialog.getByRole("radio", { name: site.reason, exact: true }).check();
    await dialog.getByRole("button", { name: site.next, exact: true }).click();
    await expect(dialog.locator("form")).toBeVisible();
    expect(await ordinaryWordsCut(page, "dialog[open]")).toEqual([]);
    expect(await clipped()).toBe(0);
  });
}
