/**
 * Windows high contrast (forced colors) and reduced
 * motion. Under forced colors the browser throws away backgrounds and
 * shadows: a button is only recognisable by its border, a dialog by its
 * edge, the current language and the focus by something other than colour.
 * Under `prefers-reduced-motion: reduce` nothing scrolls or spins by itself.
 * Reflow at 200 % text: reflow-forms.spec.ts.
 */
import type { Locator, Page } from "@playwright/test";

import { expect, layoutIsCss, onlyWithJavaScript, siteUrl, test } from "./fixtures";
import { newestCampaignId } from "./site-pages";

/** The visible buttons (and links drawn as buttons) in `scope` whose edge forced colors would not paint. */
async function buttonsWithoutEdge(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) =>
    [...root.querySelectorAll<HTMLElement>("button, .app-button")]
      .filter((element) => element.getClientRects().length > 0 && !element.closest(".app-honeypot"))
      .filter((element) => {
        const style = getComputedStyle(element);
        // Forced colors repaint a transparent border in the system's button colour; a border that is not there stays away.
        return ["Top", "Right", "Bottom", "Left"].some(
          (side) =>
            style.getPropertyValue(`border-${side.toLowerCase()}-style`) === "none" ||
            parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`)) < 1,
        );
      })
      .map((element) => (element.textContent ?? "").trim() || element.className),
  );
}

async function expectEdges(page: Page, scope: Locator, where: string) {
  expect(await page.evaluate(() => matchMedia("(forced-colors: active)").matches), "forced colors emulated").toBe(true);
  expect(await buttonsWithoutEdge(scope), where).toEqual([]);
}

test.describe("forced colors (Windows high contrast)", () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ forcedColors: "active" });
  });

  test("every button has an edge: forms, search, ads, report, staff sign-in, the banner, scroll-to-top", async ({
    page,
    javaScriptEnabled,
  }) => {
    const campaign = encodeURIComponent(await newestCampaignId(page.request, "be"));
    for (const [host, path] of [
      ["nl", "/nl/privacy-rights/access"],
      ["nl", "/nl/privacy-rights/restriction"],
      ["nl", "/nl/document/privacy-policy"],
      ["nl", "/nl/document/privacy-policy/versions/2025-05-15"],
      ["be", "/fr/document/privacy-policy/compare"],
      ["be", "/fr/accessibility"],
      ["nl", "/nl/search?q=cookies"],
      ["nl", "/nl/phone"],
      ["be", "/fr/political-ads"],
      ["be", `/nl/political-ads/${campaign}`],
      ["be", `/fr/political-ads/${campaign}/v/1`],
      ["nl", "/nl/privacy-rights/status"],
      ["be", "/fr/email-verification-expired"],
      ["be", `/nl/political-ads/${campaign}/report`],
      ["be", `/fr/political-ads/${campaign}/report?reason=INCORRECT`],
      ["nl", "/nl/internal-privacy-rights/login"],
      ["nl", "/nl/not-found"],
    ] as const) {
      await page.goto(siteUrl(host, path));
      await expectEdges(page, page.locator("body"), path);
    }
    // The contact form's send button; the banner's close button once a message went out; scroll-to-top.
    await page.goto(siteUrl("nl", "/nl"));
    await expectEdges(page, page.locator("body"), "/nl");
    await page.getByLabel("Naam").fill("Lotte");
    await page.getByLabel("E-mailadres").fill("lotte@veldhaven-test.nl");
    await page.getByLabel("Je vraag").fill("Zie ik de knoppen in hoog contrast?");
    await page.getByRole("button", { name: "Verstuur" }).click();
    await expect(page.getByRole("button", { name: "Melding sluiten" })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 400));
    if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Terug naar boven" })).toBeVisible();
    await expectEdges(page, page.locator("body"), "/nl with the banner, scrolled");
  });

  test(
    "the report dialog has an edge, and so has each of its buttons",
    onlyWithJavaScript("the dialog is a JavaScript enhancement (the pages without it are checked above)"),
    async ({ page }) => {
      await page.goto(
        siteUrl("be", `/nl/political-ads/${encodeURIComponent(await newestCampaignId(page.request, "be"))}`),
      );
      await page.getByRole("button", { name: "Meld deze advertentie" }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      const edge = await dialog.evaluate((element) => {
        const style = getComputedStyle(element);
        return (
          [style.borderTopStyle, style.borderRightStyle, style.borderBottomStyle, style.borderLeftStyle].every(
            (value) => value !== "none",
          ) && parseFloat(style.borderTopWidth) >= 1
        );
      });
      expect(edge, "the dialog's edge").toBe(true);
      await expectEdges(page, dialog, "dialog, reason step");
      await dialog.getByRole("radio").first().check();
      await dialog.getByRole("button", { name: "Volgende" }).click();
      await expect(dialog.getByRole("button", { name: "Een andere reden kiezen" })).toBeVisible();
      await expectEdges(page, dialog, "dialog, form step");
    },
  );

  test("the current language differs from the other by more than colour", layoutIsCss, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(siteUrl("be", "/fr/about"));
    const switcher = page.getByRole("navigation", { name: "Langue" });
    const current = switcher.locator('[aria-current="true"]');
    await expect(current).toHaveText(/^FR/);
    const decoration = (link: Locator) => link.evaluate((element) => getComputedStyle(element).textDecorationLine);
    expect(await decoration(current)).toContain("underline");
    expect(await decoration(switcher.getByRole("link").filter({ hasText: /^NL/ }))).toBe("none");
  });

  test(
    "the main navigation and the header's search link mark the current page by more than colour",
    layoutIsCss,
    async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(siteUrl("nl", "/nl/about"));
      const navigation = page.getByRole("navigation", { name: "Hoofdmenu" });
      const current = navigation.locator('[aria-current="page"]');
      await expect(current).toHaveCount(1);
      const decoration = (link: Locator) => link.evaluate((element) => getComputedStyle(element).textDecorationLine);
      expect(await decoration(current)).toContain("underline");
      expect(await decoration(navigation.getByRole("link", { name: "Home", exact: true }))).toBe("none");
      // The header's search link, beside the menu, on the search page and elsewhere.
      const searchText = page.locator(".app-header__search > span");
      expect(await decoration(searchText)).toBe("none");
      await page.goto(siteUrl("nl", "/nl/search"));
      await expect(page.locator(".app-header__search")).toHaveAttribute("aria-current", "page");
      expect(await decoration(searchText)).toContain("underline");
    },
  );

  test("the focus stays visible: a button, a field, a checkbox already outlined for its error", async ({ page }) => {
    await page.goto(siteUrl("nl", "/nl/privacy-rights/direct-marketing/brands"));
    await page.locator("form.app-form button[type=submit]").click();
    await expect(page.locator(".app-error-summary")).toBeVisible();
    const outline = () =>
      page.evaluate(() => {
        const style = getComputedStyle(document.activeElement!);
        return style.outlineStyle === "none"
          ? 0
          : parseFloat(style.outlineWidth) + Math.max(0, parseFloat(style.outlineOffset));
      });
    const firstBox = page.locator('form.app-form input[type="checkbox"]').first();
    await page.locator('form.app-form input[type="checkbox"]').nth(1).focus();
    const unfocusedBox = await firstBox.evaluate((element) => {
      const style = getComputedStyle(element);
      return style.outlineStyle === "none"
        ? 0
        : parseFloat(style.outlineWidth) + Math.max(0, parseFloat(style.outlineOffset));
    });
    // Shift+Tab: a keyboard move, so the focus is shown as it is to a keyboard user.
    await page.keyboard.press("Shift+Tab");
    await expect(firstBox).toBeFocused();
    expect(await outline(), "the focused checkbox stands out from the others").toBeGreaterThan(unfocusedBox);
    await page.locator("form.app-form button[type=submit]").focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    await expect(page.locator("form.app-form button[type=submit]")).toBeFocused();
    expect(await outline(), "the focused button").toBeGreaterThanOrEqual(2);
  });
});

test.describe("reduced motion", () => {
  test.skip(
    ({ javaScriptEnabled }) => !javaScriptEnabled,
    "the scroll-to-top button and the spinner come with JavaScript",
  );
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
  });

  test("scroll-to-top jumps to the top at once", async ({ page }) => {
    await page.setViewportSize({ width: 1200, height: 300 });
    await page.goto(siteUrl("nl", "/nl/about"));
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe("auto");
    await page.evaluate(() => window.scrollTo(0, 600));
    const button = page.getByRole("button", { name: "Terug naar boven" });
    await expect(button).toBeVisible();
    // Read in the same task as the click: a smooth scroll would only have started.
    const scrollY = await button.evaluate((element: HTMLElement) => {
      element.click();
      return window.scrollY;
    });
    expect(scrollY).toBe(0);
    await expect(page.locator("#main")).toBeFocused();
  });

  test("the spinner does not spin while a message is sent", async ({ page }) => {
    await page.goto(siteUrl("nl", "/nl"));
    let release: () => Promise<void> = async () => {};
    const held = new Promise<void>((resolve) => {
      void page.route("**/*", async (route) => {
        if (route.request().method() !== "POST") return route.continue();
        release = () => route.continue();
        resolve();
      });
    });
    await page.getByLabel("Naam").fill("Lotte");
    await page.getByLabel("E-mailadres").fill("lotte@veldhaven-test.nl");
    await page.getByLabel("Je vraag").fill("Draait het wieltje?");
    await page.getByRole("button", { name: "Verstuur" }).click();
    await held;
    const circles = page.locator(".app-spinner__circle");
    await expect(circles.first()).toBeVisible();
    const animations = await circles.evaluateAll((elements) =>
      elements.map((element) => getComputedStyle(element).animationName),
    );
    expect(animations.length).toBeGreaterThan(0);
    expect(animations.every((name) => name === "none")).toBe(true);
    await release();
    await expect(page.getByTestId("banner")).toBeVisible();
  });
});

test(
  "at 320 px, the scroll-to-top button never covers the link that has the focus",
  onlyWithJavaScript("the scroll-to-top button is a JavaScript enhancement"),
  async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(siteUrl("nl", "/nl/phone"));
    const covered: string[] = [];
    let reachedFooter = false;
    for (let step = 0; step < 120; step++) {
      await page.keyboard.press("Tab");
      const state = await page.evaluate(() => {
        const focused = document.activeElement as HTMLElement | null;
        const button = document.querySelector<HTMLElement>(".app-scroll-to-top");
        if (!focused || focused === document.body) return { done: true, covered: null, inFooter: false };
        const inFooter = Boolean(focused.closest("footer"));
        if (!button || button.hidden || focused === button) return { done: false, covered: null, inFooter };
        const a = focused.getBoundingClientRect();
        const b = button.getBoundingClientRect();
        const overlaps = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        return {
          done: false,
          covered: overlaps ? `${focused.tagName.toLowerCase()} "${focused.textContent?.trim()}"` : null,
          inFooter,
        };
      });
      if (state.done) break;
      if (state.covered) covered.push(state.covered);
      if (state.inFooter) reachedFooter = true;
      else if (reachedFooter) break;
    }
    expect(reachedFooter, "tabbed through the whole page").toBe(true);
    expect(covered).toEqual([]);
  },
);
