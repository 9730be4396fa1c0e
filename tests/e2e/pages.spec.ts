import { expect, expectAxeClean, onlyWithJavaScript, siteUrl, test, theServersAnswer, type Host } from "./fixtures";

const LOCALES: { name: string; host: Host; lang: string; htmlLang: string }[] = [
  { name: "nl_nl", host: "nl", lang: "nl", htmlLang: "nl-NL" },
  { name: "nl_be", host: "be", lang: "nl", htmlLang: "nl-BE" },
  { name: "fr_be", host: "be", lang: "fr", htmlLang: "fr-BE" },
  // en_be shows Belgian Dutch apart from a few English titles: its pages are Dutch.
  { name: "en_be", host: "be", lang: "en", htmlLang: "nl-BE" },
];

const PAGES = ["", "/about", "/phone", "/privacy-rights/push-notifications", "/search?q=cookies"];

// Once, with JavaScript: the HTML is the server's either way, and axe runs
// inside the page, which without JavaScript means a second, script-less copy
// of it (fixtures.ts) at twice the cost. Every page without JavaScript is
// swept by layout-reflow.spec.ts and word-breaks.spec.ts. One test a locale,
// its pages in one browser page: a new page costs more than a visit.
test.describe("every page type", () => {
  test.describe.configure({ timeout: 180_000 });
  for (const locale of LOCALES) {
    test(
      `${PAGES.map((path) => path || "/").join(", ")} render in ${locale.name}, axe-clean`,
      onlyWithJavaScript("the server's HTML either way: axe once, in the page itself"),
      async ({ page }) => {
        for (const path of PAGES) {
          await test.step(path || "/", async () => {
            const response = await page.goto(siteUrl(locale.host, `/${locale.lang}${path}`));
            expect(response?.status(), path).toBe(200);
            await expect(page.locator("html")).toHaveAttribute("lang", locale.htmlLang);
            await expect(page).toHaveTitle(/\| Veldhaven Media$/);
            await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
            await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
            await expectAxeClean(page);
          });
        }
      },
    );
  }
});

test.describe("home", () => {
  test("three topic cards lead to the documents, and legal links follow", async ({ page }) => {
    await page.goto(siteUrl("nl", "/nl"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Zo gaan wij om met jouw gegevens");
    const cards = page.locator("article.app-card");
    await expect(cards).toHaveCount(3);
    await expect(cards.locator("h3")).toHaveText(["Privacybeleid", "Cookiebeleid", "Gebruiksvoorwaarden"]);
    await expect(cards.nth(0).locator("img")).toBeVisible();
    await cards
      .nth(1)
      .getByRole("link", { name: /Lees meer/ })
      .click();
    await expect(page).toHaveURL(siteUrl("nl", "/nl/document/cookie-policy"));

    await page.goto(siteUrl("be", "/fr"));
    await expect(
      page.getByRole("heading", { name: "En savoir plus sur la vie privée chez Veldhaven Media" }),
    ).toBeVisible();
    await page.getByRole("link", { name: "Exercez vos droits en matière de vie privée" }).click();
    await expect(page).toHaveURL(siteUrl("be", "/fr/privacy-rights"));
  });
});

test.describe("about", () => {
  test("the host's own country comes first; blocks expand and collapse", async ({ page }) => {
    await page.goto(siteUrl("nl", "/nl/about"));
    await expect(page.getByText("Meer dan 1200 journalisten")).toBeVisible();
    const summaries = page.locator("details.app-expandable > summary");
    await expect(summaries).toHaveText(["Onze merken in Nederland", "Onze merken in België"]);

    const nlBlock = page.locator("details.app-expandable").first();
    await expect(nlBlock.getByRole("heading", { name: "Nieuwsmerken" })).toBeHidden();
    await summaries.first().click();
    for (const name of ["Nieuwsmerken", "Alleen online", "Radio", "Lifestyle"]) {
      await expect(nlBlock.getByRole("heading", { name, exact: true })).toBeVisible();
    }
    await expectAxeClean(page);
    await summaries.first().click();
    await expect(nlBlock.getByRole("heading", { name: "Nieuwsmerken" })).toBeHidden();

    await page.goto(siteUrl("be", "/fr/about"));
    await expect(page.getByText("Plus de 1200 journalistes")).toBeVisible();
    await expect(page.locator("details.app-expandable > summary")).toHaveText([
      "Nos marques en Belgique",
      "Nos marques aux Pays-Bas",
    ]);
    await page.locator("details.app-expandable > summary").first().click();
    const beBlock = page.locator("details.app-expandable").first();
    for (const name of ["Télévision", "Radio", "Médias d'information", "Magazines", "Services en ligne", "Autres"]) {
      await expect(beBlock.getByRole("heading", { name, exact: true })).toBeVisible();
    }
  });
});

test.describe("phone directory", () => {
  test("lists 29 Dutch and 12 Belgian numbers as tel: links, grouped", theServersAnswer, async ({ page }) => {
    await page.goto(siteUrl("nl", "/nl/phone"));
    const numbers = page.locator(".app-phone__number");
    await expect(numbers).toHaveCount(29);
    await expect(page.getByRole("status").filter({ hasText: "29 nummers gevonden" })).toBeAttached();
    const dutch = await numbers.allTextContents();
    expect(dutch.filter((number) => number.startsWith("088")).length).toBeGreaterThan(29 / 2);
    await expect(numbers.first()).toHaveAttribute("href", /^tel:\+31\d+$/);
    await expect(page.getByRole("heading", { level: 2 }).first()).toHaveText("Nieuws");

    await page.goto(siteUrl("be", "/nl/phone"));
    await expect(page.locator(".app-phone__number")).toHaveCount(12);
    await expect(page.locator(".app-phone__number").first()).toHaveAttribute("href", /^tel:\+32\d+$/);
    await page.getByRole("link", { name: "Terug naar home" }).click();
    await expect(page).toHaveURL(siteUrl("be", "/nl"));
  });

  test("filters by brand type and by name", async ({ page, javaScriptEnabled }) => {
    await page.goto(siteUrl("nl", "/nl/phone"));
    const brands = page.locator(".app-phone__brand");
    const allBrands = await brands.allTextContents();
    const sample = allBrands[3];

    await page.getByLabel("Zoek een merk").fill(sample.slice(0, 5).toUpperCase());
    if (!javaScriptEnabled) {
      await page.getByRole("button", { name: "Filteren" }).click();
      await expect(page).toHaveURL(/[?&]q=/);
    }
    await expect(brands.first()).toBeVisible();
    for (const name of await brands.allTextContents()) {
      expect(name.toLowerCase()).toContain(sample.slice(0, 5).toLowerCase());
    }
    expect(await brands.count()).toBeLessThan(allBrands.length);

    await page.getByLabel("Zoek een merk").fill("");
    await page.getByLabel("Soort merk").selectOption("radio");
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Filteren" }).click();
    await expect(page).toHaveURL(/type=radio/);
    await expect(page.getByRole("heading", { level: 2 })).toHaveText(["Radio"]);
    expect(await page.locator(".app-phone__number").count()).toBeGreaterThan(1);

    await page.getByLabel("Zoek een merk").fill("zzzz");
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Filteren" }).click();
    await expect(page.getByText("Geen telefoonnummers gevonden.")).toBeVisible();
    await expectAxeClean(page);
  });

  test("a shared filter URL shows the filtered list", theServersAnswer, async ({ page }) => {
    await page.goto(siteUrl("be", "/fr/phone?type=tv"));
    await expect(page.getByLabel("Type de marque")).toHaveValue("tv");
    await expect(page.getByRole("heading", { level: 2 })).toHaveText(["Télévision"]);
  });

  test("the search box holds at most 100 characters", theServersAnswer, async ({ page }) => {
    await page.goto(siteUrl("nl", "/nl/phone"));
    await expect(page.getByLabel("Zoek een merk")).toHaveAttribute("maxlength", "100");
  });
});

test.describe("push-notification instructions", () => {
  test("website and app steps; the extra app steps only on .nl", theServersAnswer, async ({ page }) => {
    await page.goto(siteUrl("nl", "/nl/privacy-rights/push-notifications"));
    for (const name of ["Google Chrome", "Safari op de Mac", "In de instellingen van je telefoon", "In onze apps"]) {
      await expect(page.getByRole("heading", { name })).toBeVisible();
    }
    expect(await page.locator(".app-steps__list li").count()).toBeGreaterThan(10);
    const breadcrumbs = page.getByRole("navigation", { name: "Kruimelpad" });
    await expect(breadcrumbs.getByRole("listitem")).toHaveText(["Home", "Privacyrechten", "Pushmeldingen uitzetten"]);

    await page.goto(siteUrl("be", "/fr/privacy-rights/push-notifications"));
    await expect(page.getByRole("heading", { name: "Google Chrome" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Dans nos applications" })).toHaveCount(0);
  });
});

test.describe("site search", () => {
  test("finds a phrase from a document section and links to its anchor", async ({ page }) => {
    await page.goto(siteUrl("nl", "/nl"));
    await page.getByRole("link", { name: "Zoeken" }).first().click();
    await expect(page).toHaveURL(siteUrl("nl", "/nl/search"));
    await page.getByLabel("Waar ben je naar op zoek?").fill("hoe lang bewaren wij");
    await page.getByRole("button", { name: "Zoeken" }).click();
    await expect(page).toHaveURL(/\/nl\/search\?q=hoe\+lang\+bewaren\+wij$/);
    await expect(
      page.getByRole("heading", { level: 2, name: /resultaten? gevonden voor ‘hoe lang bewaren wij’/ }),
    ).toBeVisible();
    const first = page.locator(".app-search-result__title").first();
    await expect(first).toHaveAttribute("href", /^\/nl\/document\/privacy-policy#[a-z0-9-]+$/);
    const href = (await first.getAttribute("href"))!;
    await first.click();
    await expect(page).toHaveURL(siteUrl("nl", href));
    await expect(page.locator(href.slice(href.indexOf("#")))).toBeInViewport();
  });

  test("folds accents, finds phone numbers, and says when nothing matched", async ({ page }) => {
    await page.goto(siteUrl("be", "/fr/search?q=donnees+personnelles"));
    await expect(
      page.getByRole("heading", { level: 2, name: /résultats? pour « donnees personnelles »/ }),
    ).toBeVisible();
    expect(await page.locator(".app-search-result").count()).toBeGreaterThan(1);

    await page.goto(siteUrl("nl", "/nl/search?q=radio"));
    await expect(page.locator(".app-search-result__kind", { hasText: "Telefoonnummer" }).first()).toBeVisible();

    await page.goto(siteUrl("nl", "/nl/search?q=xyzzyplugh"));
    await expect(page.getByRole("heading", { level: 2 })).toHaveText("Geen resultaten gevonden voor ‘xyzzyplugh’");
  });
});
