import { expectAxeClean, expect, siteUrl, test } from "./fixtures";

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
    for (const name of ["Home", "Privacybeleid", "Cookiebeleid", "Gebruiksvoorwaarden", "Politieke advertenties", "Privacyrechten", "Over ons"]) {
      await expect(panel.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expectAxeClean(page);

    await toggle.click();
    await expect(panel).toBeHidden();
  });

  test("a link in the menu navigates and keeps the language", async ({ page }) => {
    await page.goto(siteUrl("be", "/fr/about"));
    await page.locator("summary", { hasText: "Menu" }).click();
    await page.getByRole("navigation", { name: "Menu", exact: true }).getByRole("link", { name: "Publicités politiques" }).click();
    await expect(page).toHaveURL(siteUrl("be", "/fr/political-ads"));
  });

  test("closes on Escape, outside click and above 1000 px (JavaScript)", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "JavaScript enhancements");
    await page.goto(siteUrl("nl", "/nl/about"));
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
  });

  test("the veil fades in over 200 ms", async ({ page }) => {
    await page.goto(siteUrl("nl", "/nl/about"));
    await page.locator("summary", { hasText: "Menu" }).click();
    const veil = page.locator(".app-mobile-menu__veil");
    await expect(veil).toBeVisible();
    expect(await veil.evaluate((el) => getComputedStyle(el).animationDuration)).toBe("0.2s");
  });
});
