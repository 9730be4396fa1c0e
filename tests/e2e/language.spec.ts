import { expect, expectAxeClean, inTurn, siteUrl, test, theServersAnswer } from "./fixtures";

test.describe("language switcher", () => {
  test("is shown on .be and switches only the first segment, keeping the page's own query", async ({ page }) => {
    // `x` is not a parameter of this page: the page and its links are those of the address without it.
    await page.goto(siteUrl("be", "/nl/privacy-rights/access?x=1"));
    await expect(page.locator("html")).toHaveAttribute("lang", "nl-BE");
    const switcher = page.getByRole("navigation", { name: "Taal" });
    await expect(switcher).toBeVisible();
    await expect(switcher.getByRole("link", { name: "Nederlands" })).toHaveAttribute("aria-current", "true");
    await expectAxeClean(page);

    await switcher.getByRole("link", { name: "Français" }).click();
    await expect(page).toHaveURL(siteUrl("be", "/fr/privacy-rights/access"));
    await expect(page.locator("html")).toHaveAttribute("lang", "fr-BE");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accès à vos données");
    await expect(
      page.getByRole("navigation", { name: "Langue" }).getByRole("link", { name: "Français" }),
    ).toHaveAttribute("aria-current", "true");
    await expectAxeClean(page);

    await page.getByRole("navigation", { name: "Langue" }).getByRole("link", { name: "Nederlands" }).click();
    await expect(page).toHaveURL(siteUrl("be", "/nl/privacy-rights/access"));

    // The search keeps its words.
    await page.goto(siteUrl("be", "/nl/search?utm_source=krant&q=bewaartermijn"));
    await page.getByRole("navigation", { name: "Taal" }).getByRole("link", { name: "Français" }).click();
    await expect(page).toHaveURL(siteUrl("be", "/fr/search?q=bewaartermijn"));
  });

  test("is hidden on .nl", theServersAnswer, async ({ page }) => {
    await page.goto(siteUrl("nl", "/nl/about"));
    await expect(page.locator("html")).toHaveAttribute("lang", "nl-NL");
    await expect(page.getByRole("navigation", { name: "Taal" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Français" })).toHaveCount(0);
  });
});

test.describe("locales and fallback", () => {
  test("nl_nl and nl_be have their own texts", inTurn(0), async ({ page }) => {
    await page.goto(siteUrl("nl", "/nl/privacy-rights/rectification"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Correctie van je gegevens");
    await page.goto(siteUrl("be", "/nl/privacy-rights/rectification"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Verbetering van je gegevens");
  });

  test("en_be shows its menu titles and falls back to nl_be", async ({ page }) => {
    await page.goto(siteUrl("be", "/en/privacy-rights/rectification"));
    // The page's language is that of the text shown (Dutch); the English titles say so themselves.
    await expect(page.locator("html")).toHaveAttribute("lang", "nl-BE");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Verbetering van je gegevens");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Privacy policy" })).toHaveAttribute(
      "href",
      "/en/document/privacy-policy",
    );
    await expect(footer.getByRole("link", { name: "Privacy policy" })).toHaveAttribute("lang", "en");
    await expect(footer.getByRole("link", { name: "Gebruiksvoorwaarden" })).not.toHaveAttribute("lang");
    await expect(footer.getByRole("link", { name: "Gebruiksvoorwaarden" })).toBeVisible();
    await expectAxeClean(page);
  });

  test("French on the .nl host falls back to nl_nl", inTurn(1), async ({ page }) => {
    await page.goto(siteUrl("nl", "/fr/privacy-rights/rectification"));
    await expect(page.locator("html")).toHaveAttribute("lang", "nl-NL");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Correctie van je gegevens");
    await expect(
      page.getByRole("navigation", { name: "Hoofdmenu" }).getByRole("link", { name: "Home" }),
    ).toHaveAttribute("href", "/fr");
  });
});
