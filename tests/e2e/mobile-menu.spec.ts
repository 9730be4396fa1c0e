import type { Page } from "@playwright/test";

import { expect, expectAxeClean, layoutIsCss, onlyWithJavaScript, siteUrl, test } from "./fixtures";
import { soft } from "./soft-hyphens";

test.use({ viewport: { width: 800, height: 900 } });

test.describe("mobile menu", () => {
  test("opens and closes with its toggle (with and without JavaScript)", async ({ page }) => {
    await page.goto(siteUrl("be", "/nl/about"));
    await expect(page.getByRole("navigation", { name: "Hoofdmenu" })).toBeHidden();
    const toggle = page.locator("summary", { hasText: "Menu" });
    const panel = page.getByRole("navigation", { name: "Menu", exact: true });
    await expect(panel).toBeHidden();

    await toggle.click();
    await expect(panel).toBeVisible();
    await expect(page.locator(".app-mobile-menu__veil")).toBeVisible();
    for (const name of [
      "Home",
      "Privacybeleid",
      "Cookiebeleid",
      "Gebruiksvoorwaarden",
      "Politieke advertenties",
      "Privacyrechten",
      "Over ons",
    ]) {
      await expect(panel.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expectAxeClean(page);

    await toggle.click();
    await expect(panel).toBeHidden();
  });

  test("a link in the menu navigates and keeps the language", async ({ page }) => {
    await page.goto(siteUrl("be", "/fr/about"));
    await page.locator("summary", { hasText: "Menu" }).click();
    await page
      .getByRole("navigation", { name: "Menu", exact: true })
      .getByRole("link", { name: "Publicités politiques" })
      .click();
    await expect(page).toHaveURL(siteUrl("be", "/fr/political-ads"));
  });

  // The about page runs React; a document page only app/enhance/page.ts.
  for (const path of ["/nl/about", "/nl/document/cookie-policy"]) {
    test(
      `closes on Escape, outside click and above 1000 px (JavaScript): ${path}`,
      onlyWithJavaScript("JavaScript enhancements"),
      async ({ page }) => {
        await page.goto(siteUrl("nl", path));
        const toggle = page.locator("summary", { hasText: "Menu" });
        const panel = page.getByRole("navigation", { name: "Menu", exact: true });

        await toggle.click();
        await expect(panel).toBeVisible();
        await page.keyboard.press("Escape");
        await expect(panel).toBeHidden();
        await expect(toggle).toBeFocused();

        await toggle.click();
        await expect(panel).toBeVisible();
        await page.mouse.click(50, 600); // on the veil, outside the panel
        await expect(panel).toBeHidden();

        await toggle.click();
        await expect(panel).toBeVisible();
        await page.setViewportSize({ width: 1100, height: 900 });
        // Above 1000 px CSS hides the menu anyway; what matters is that it closed.
        await expect(page.locator("details.app-mobile-menu")).not.toHaveAttribute("open");
        await page.setViewportSize({ width: 800, height: 900 });
        await expect(panel).toBeHidden();
      },
    );
  }

  test("the veil fades in over 200 ms", layoutIsCss, async ({ page }) => {
    await page.goto(siteUrl("nl", "/nl/about"));
    await page.locator("summary", { hasText: "Menu" }).click();
    const veil = page.locator(".app-mobile-menu__veil");
    await expect(veil).toBeVisible();
    expect(await veil.evaluate((el) => getComputedStyle(el).animationDuration)).toBe("0.2s");
  });
});

/** The paths of the scripts the page asks for, as it asks for them. */
function scriptsAskedFor(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

/** A page without React loads app/enhance/page.ts, fingerprinted, and nothing else. */
const ONLY_THE_ENHANCE_SCRIPT = [expect.stringMatching(/^\/assets\/enhance-[\w-]+\.js$/)];

test.describe("pages without React", () => {
  test(
    "a document ships one small script instead of React, and its conveniences still work",
    onlyWithJavaScript("JavaScript enhancements"),
    async ({ page }) => {
      const scripts = scriptsAskedFor(page);
      await page.goto(siteUrl("be", "/fr/document/privacy-policy"));
      expect(scripts).toEqual(ONLY_THE_ENHANCE_SCRIPT);
      expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);

      // Scroll to top appears after 100 px and brings the focus back to the content.
      const toTop = page.getByRole("button", { name: "Retour en haut" });
      await expect(toTop).toBeHidden();
      await page.mouse.wheel(0, 1500);
      await expect(toTop).toBeVisible();
      await toTop.click();
      await expect(page.locator("#main")).toBeFocused();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

      // A hovered link to another page is fetched ahead (spec 9: after 20 ms).
      const link = page.locator('main a[href^="/fr/"]:not([href*="#"]):not([aria-current])').first();
      const href = await link.getAttribute("href");
      const prefetched = page.waitForRequest((request) => new URL(request.url()).pathname === href);
      await link.hover();
      await prefetched;
    },
  );

  test(
    "the phone directory filters live without React",
    onlyWithJavaScript("JavaScript enhancements"),
    async ({ page }) => {
      const scripts = scriptsAskedFor(page);
      await page.goto(siteUrl("be", "/nl/phone"));
      expect(scripts).toEqual(ONLY_THE_ENHANCE_SCRIPT);
      await page.getByLabel("Soort merk").selectOption("radio");
      await expect(page).toHaveURL(/\/nl\/phone\?type=radio$/);
      await expect(page.getByRole("heading", { level: 2 })).toHaveText(["Radio"]);
      const count = await page.locator(".app-phone__number").count();
      await expect(
        page.getByRole("status").filter({ hasText: soft(new RegExp(`^${count} nummers? gevonden$`)) }),
      ).toBeAttached();
    },
  );

  test(
    "site search shows each search in place without React, the focus kept in the field; back shows the one before",
    onlyWithJavaScript("JavaScript enhancements"),
    async ({ page }) => {
      const scripts = scriptsAskedFor(page);
      let loads = 0;
      page.on("load", () => loads++);
      await page.goto(siteUrl("nl", "/nl/search?q=radio"));
      expect(scripts).toEqual(ONLY_THE_ENHANCE_SCRIPT);
      const field = page.getByLabel("Waar ben je naar op zoek?");
      await field.fill("cookies");
      await field.press("Enter");
      await expect(page).toHaveURL(/\/nl\/search\?q=cookies$/);
      await expect(page.getByRole("heading", { level: 2 })).toHaveText(soft(/gevonden voor ‘cookies’$/));
      await expect(page).toHaveTitle(/cookies/);
      await expect(field).toBeFocused();
      expect(loads).toBe(1);

      await page.goBack();
      await expect(page.getByRole("heading", { level: 2 })).toHaveText(soft(/gevonden voor ‘radio’$/));
      await expect(field).toHaveValue("radio");
      expect(loads).toBe(1);
    },
  );

  test(
    "the ad list and the 404 page ship no React; a link to them from a page React runs loads them as a page",
    onlyWithJavaScript("JavaScript enhancements"),
    async ({ page }) => {
      const scripts = scriptsAskedFor(page);
      for (const path of ["/fr/political-ads", "/fr/bestaat-niet"]) {
        scripts.length = 0;
        await page.goto(siteUrl("be", path));
        expect(scripts).toEqual(ONLY_THE_ENHANCE_SCRIPT);
      }

      await page.goto(siteUrl("be", "/fr"));
      expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(true);
      await page.locator('main a[href="/fr/political-ads"]').first().click();
      await expect(page).toHaveURL(siteUrl("be", "/fr/political-ads"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Publicités politiques");
      expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    },
  );
});
