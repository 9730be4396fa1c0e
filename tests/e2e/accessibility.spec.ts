import type { Locator, Page } from "@playwright/test";

import { expect, expectAxeClean, layoutIsCss, onlyWithJavaScript, siteUrl, test, theServersAnswer } from "./fixtures";
import { soft } from "./soft-hyphens";

/** What the sticky header covers: a focused element must start below it (WCAG 2.4.11). */
async function expectBelowHeader(page: Page, target: Locator) {
  await expect(target).toBeInViewport();
  const headerBottom =
    (await page.locator(".app-header").boundingBox())!.y + (await page.locator(".app-header").boundingBox())!.height;
  await expect.poll(async () => (await target.boundingBox())!.y).toBeGreaterThanOrEqual(headerBottom);
}

test.describe("focus after a client-side navigation", () => {
  test("moves to the new page's heading, announces the title; the skip link still works", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto(siteUrl("nl", "/nl/about"));
    await page.getByRole("contentinfo").getByRole("link", { name: "Cookiebeleid" }).click();
    await expect(page).toHaveURL(siteUrl("nl", "/nl/document/cookie-policy"));
    const heading = page.getByRole("heading", { level: 1, name: "Cookiebeleid" });
    if (javaScriptEnabled) {
      await expect(heading).toBeFocused();
      await expect(page.getByTestId("route-announcer")).toHaveText("Cookiebeleid | Veldhaven Media");
    }
    // Skip link: the first Tab stop from the top of the page, leading to main.
    await page.locator(".app-skip-link").focus();
    await page.keyboard.press("Enter");
    await expect(page.locator("#main")).toBeFocused();
  });

  test("Enter in the search box keeps the focus there; the count is announced; the title names the query", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto(siteUrl("be", "/fr/search"));
    // The live region is on the page before any search.
    await expect(page.locator("[aria-live=polite]").filter({ has: page.locator("#search-count") })).toHaveCount(0);
    const liveRegions = await page.locator("main [aria-live=polite]").count();
    expect(liveRegions).toBe(1);
    const box = page.getByLabel("Que recherchez-vous ?");
    await box.fill("cookies");
    await box.press("Enter");
    await expect(page).toHaveURL(/\?q=cookies$/);
    await expect(page.locator("main [aria-live=polite] #search-count")).toContainText("« cookies »");
    await expect(page).toHaveTitle("Recherche : « cookies » | Veldhaven Media");
    if (javaScriptEnabled) await expect(box).toBeFocused();
    await expect(box).toHaveValue("cookies");
    // The header's search link says it is the current page.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.locator(".app-header__search")).toHaveAttribute("aria-current", "page");
  });
});

test.describe("focus is never hidden under the sticky header", () => {
  for (const { name, host, path, width } of [
    { name: "nl_nl at 1280 px", host: "nl" as const, path: "/nl", width: 1280 },
    { name: "fr_be at 320 px (header on two rows)", host: "be" as const, path: "/fr", width: 320 },
  ]) {
    test(`error summary link and Shift+Tab land below the header: ${name}`, async ({ page, javaScriptEnabled }) => {
      await page.setViewportSize({ width, height: 640 });
      await page.goto(siteUrl(host, path));
      const form = page.locator("form#contact");
      await form.locator("button[type=submit]").click();
      const summary = page.locator(".app-error-summary");
      await expect(summary).toBeFocused();
      await summary.getByRole("link").first().click();
      const nameField = form.locator("#contact-name");
      if (javaScriptEnabled) await expect(nameField).toBeFocused();
      else await expect(page).toHaveURL(/#contact-name$/);
      await expectBelowHeader(page, nameField);

      // Tabbing backwards from further down the page.
      await page.locator("#contact-question").focus();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.keyboard.press("Shift+Tab");
      await expect(page.locator("#contact-email")).toBeFocused();
      await expectBelowHeader(page, page.locator("#contact-email"));
    });
  }
});

test.describe("form feedback", () => {
  test(
    "a field only tabbed through shows no error; typing in it does",
    onlyWithJavaScript("validation while typing is a JavaScript enhancement"),
    async ({ page }) => {
      await page.goto(siteUrl("be", "/nl"));
      const name = page.getByLabel("Naam");
      await name.focus();
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      await expect(page.locator(".app-field--error")).toHaveCount(0);
      await name.pressSequentially("L");
      await name.press("Backspace");
      await expect(page.locator("#contact-name-error")).toHaveText(soft(/Dit veld is verplicht/));
    },
  );

  test("errors and banners at 390 px are axe-clean; the summary names fields in French", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(siteUrl("be", "/fr/about"));
    await page.locator("form#contact button[type=submit]").click();
    await expect(page.locator(".app-error-summary").getByRole("link")).toHaveText([
      "Nom\u00a0: Ce champ est obligatoire",
      "Adresse e-mail\u00a0: Ce champ est obligatoire",
      "Votre question\u00a0: Ce champ est obligatoire",
    ]);
    await expectAxeClean(page);

    await page.getByLabel("Nom").fill("Luc");
    await page.getByLabel("Adresse e-mail").fill("luc@lezers-test.be");
    await page.getByLabel("Votre question").fill("Une question ?");
    await page.locator("form#contact button[type=submit]").click();
    const banner = page.getByTestId("banner");
    await expect(banner).toContainText("Votre message a bien été envoyé.");
    await expect(banner).toBeFocused();
    // Inside the live region that was on the page from the start.
    await expect(page.locator(".app-banner-region[role=status]")).toContainText("Votre message a bien été envoyé.");
    await expectAxeClean(page);
  });

  test(
    "the success banner does not hide while hovered or focused",
    onlyWithJavaScript("auto-hide is a JavaScript enhancement"),
    async ({ page }) => {
      await page.clock.install();
      await page.goto(siteUrl("nl", "/nl"));
      await page.getByLabel("Naam").fill("Lotte");
      await page.getByLabel("E-mailadres").fill("lotte@veldhaven-test.nl");
      await page.getByLabel("Je vraag").fill("Pauzeert de melding?");
      await page.getByRole("button", { name: "Verstuur" }).click();
      const banner = page.getByTestId("banner");
      await expect(banner).toBeFocused();
      await page.clock.runFor(10_000);
      await expect(banner).toBeVisible(); // focused: paused
      await page.locator("#main").focus();
      await banner.hover();
      await page.clock.runFor(10_000);
      await expect(banner).toBeVisible(); // hovered: paused
      await page.mouse.move(5, 5);
      await page.clock.runFor(4_100);
      await expect(banner).toBeHidden();
    },
  );
});

test.describe("focus ring", () => {
  /** WCAG contrast ratio of two CSS rgb() colours. */
  function contrast(a: string, b: string): number {
    const luminance = (color: string) => {
      const [r, g, b] = color
        .match(/\d+(\.\d+)?/g)!
        .slice(0, 3)
        .map(Number)
        .map((value) => {
          const c = value / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (light + 0.05) / (dark + 0.05);
  }

  test(
    "has two tones, one of them at least 3:1 against every background it appears on",
    layoutIsCss,
    async ({ page }) => {
      await page.goto(siteUrl("nl", "/nl/about"));
      for (const target of [
        page.locator(".app-header__logo"),
        page.getByRole("contentinfo").getByRole("link").first(),
      ]) {
        await target.focus();
        const ring = await target.evaluate((element) => {
          const style = getComputedStyle(element);
          let node: Element | null = element;
          let background = "rgb(255, 255, 255)";
          while (node) {
            const color = getComputedStyle(node).backgroundColor;
            if (color !== "rgba(0, 0, 0, 0)") {
              background = color;
              break;
            }
            node = node.parentElement;
          }
          return { inner: style.outlineColor, outlineStyle: style.outlineStyle, shadow: style.boxShadow, background };
        });
        expect(ring.outlineStyle).toBe("solid");
        const outer = ring.shadow.match(/rgba?\([^)]+\)/)![0];
        expect(
          Math.max(contrast(ring.inner, ring.background), contrast(outer, ring.background)),
        ).toBeGreaterThanOrEqual(3);
        expect(contrast(ring.inner, outer)).toBeGreaterThanOrEqual(3);
      }
    },
  );
});

test.describe("menus", () => {
  test(
    "a dropdown closes when the focus leaves it",
    onlyWithJavaScript("closing on focus loss is a JavaScript enhancement"),
    async ({ page }) => {
      await page.goto(siteUrl("nl", "/nl/about"));
      const nav = page.getByRole("navigation", { name: "Hoofdmenu" });
      const summary = nav.locator("summary", { hasText: "Onze voorwaarden" });
      await summary.focus();
      await page.keyboard.press("Enter");
      await expect(nav.getByRole("link", { name: "Cookiebeleid" })).toBeVisible();
      for (let i = 0; i < 4; i++) await page.keyboard.press("Tab");
      await expect(nav.locator("summary", { hasText: "Transparantiecentrum" })).toBeFocused();
      await expect(nav.getByRole("link", { name: "Cookiebeleid" })).toBeHidden();
    },
  );

  test("keyboard through the mobile menu: Tab never wanders behind the open panel; axe-clean at 390 px", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(siteUrl("be", "/fr/about"));
    const toggle = page.locator("summary", { hasText: "Menu" });
    await expect(toggle).toBeInViewport({ ratio: 1 });
    await toggle.focus();
    await page.keyboard.press("Enter");
    const panel = page.getByRole("navigation", { name: "Menu", exact: true });
    await expect(panel).toBeVisible();
    await expectAxeClean(page);
    const links = await panel.getByRole("link").count();
    for (let i = 0; i < links; i++) await page.keyboard.press("Tab");
    await expect(panel.getByRole("link").last()).toBeFocused();
    await page.keyboard.press("Tab");
    if (javaScriptEnabled) {
      // Focus left the menu, so it closed: nothing focused sits behind a veil.
      await expect(panel).toBeHidden();
    } else {
      // Without JavaScript the menu stays open; it still works with its toggle.
      await toggle.click();
      await expect(panel).toBeHidden();
    }
  });

  test("with 200 % text the desktop navigation collapses into the menu at 1280 px", layoutIsCss, async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Page.setFontSizes", { fontSizes: { standard: 32, fixed: 26 } });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(siteUrl("be", "/fr"));
    await expect(page.getByRole("navigation", { name: "Menu principal" })).toBeHidden();
    await expect(page.locator("summary", { hasText: "Menu" })).toBeInViewport({ ratio: 1 });
  });
});

test.describe("language and names", () => {
  test("switcher and logo names contain their visible text", theServersAnswer, async ({ page }) => {
    await page.goto(siteUrl("be", "/nl/about"));
    const switcher = page.getByRole("navigation", { name: "Taal" });
    await expect(switcher.getByRole("link", { name: /^NL\b/ })).toHaveAttribute("aria-current", "true");
    await expect(switcher.getByRole("link", { name: /^FR\b/ })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: /^Veldhaven Media\b/ })).toBeVisible();
  });

  test("on /en the page is Dutch and the English titles are marked English", theServersAnswer, async ({ page }) => {
    await page.goto(siteUrl("be", "/en/document/privacy-policy"));
    await expect(page.locator("html")).toHaveAttribute("lang", "nl-BE");
    await expect(page.getByRole("navigation", { name: "Kruimelpad" }).locator("[aria-current=page]")).toHaveAttribute(
      "lang",
      "en",
    );
  });
});

test.describe("documents", () => {
  test(
    "table regions are named by their heading; contents show each number once; French names the SA",
    theServersAnswer,
    async ({ page }) => {
      await page.goto(siteUrl("be", "/fr/document/cookie-policy"));
      const regions = page.locator(".app-document__table[role=region]");
      expect(await regions.count()).toBeGreaterThan(0);
      for (const region of await regions.all()) {
        await expect(region).not.toHaveAttribute("aria-label", /.*/);
        const labelledBy = (await region.getAttribute("aria-labelledby"))!;
        await expect(page.locator(`[id="${labelledBy}"]`)).toHaveText(/\w{4,}/);
      }
      const firstItem = page.getByRole("navigation", { name: "Sommaire" }).getByRole("link").first();
      await expect(firstItem).toHaveText(/^1\.\s*\D/);
      expect(
        await page.locator(".app-document__toc-list").evaluate((list) => getComputedStyle(list).listStyleType),
      ).toBe("none");
      await expect(page.locator("main")).not.toContainText("Veldhaven Media NV");
      await expect(page.locator("main")).toContainText("Veldhaven Media SA");
    },
  );

  test("breadcrumb separators are not read out", layoutIsCss, async ({ page }) => {
    await page.goto(siteUrl("nl", "/nl/privacy-rights/access"));
    const second = page.locator(".app-breadcrumbs__item").nth(1);
    const content = await second.evaluate((item) => getComputedStyle(item, "::before").content);
    expect(content).toBe('"›" / ""');
  });
});
