import { expect, expectAxeClean, onlyWithJavaScript, siteUrl, test, theServersAnswer } from "./fixtures";
import { setTextSize } from "./reflow";

test.describe("layout on public pages", () => {
  test("top navigation, dropdowns, footer and breadcrumbs (nl)", async ({ page }) => {
    await page.goto(siteUrl("nl", "/nl/privacy-rights/access"));
    const nav = page.getByRole("navigation", { name: "Hoofdmenu" });
    await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/nl");
    await expect(nav.getByRole("link", { name: "Over ons" })).toHaveAttribute("href", "/nl/about");

    // The dropdowns are <details>: they open without JavaScript too.
    await nav.getByText("Onze voorwaarden").click();
    for (const [name, href] of [
      ["Privacybeleid", "/nl/document/privacy-policy"],
      ["Cookiebeleid", "/nl/document/cookie-policy"],
      ["Gebruiksvoorwaarden", "/nl/document/terms-of-use"],
    ]) {
      await expect(nav.getByRole("link", { name })).toHaveAttribute("href", href);
      await expect(nav.getByRole("link", { name })).toBeVisible();
    }
    await nav.getByText("Transparantiecentrum").click();
    await expect(nav.getByRole("link", { name: "Politieke advertenties" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Privacyrechten" })).toBeVisible();
    await expectAxeClean(page);

    const breadcrumbs = page.getByRole("navigation", { name: "Kruimelpad" });
    await expect(breadcrumbs.getByRole("listitem")).toHaveText(["Home", "Privacyrechten", "Inzage"]);
    await expect(breadcrumbs.getByRole("link", { name: "Privacyrechten" })).toHaveAttribute(
      "href",
      "/nl/privacy-rights",
    );

    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link")).toHaveText([
      "Privacybeleid",
      "Cookiebeleid",
      "Gebruiksvoorwaarden",
      "Toegankelijkheid",
    ]);
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Veldhaven Media Nederland B.V.`);
  });

  test("navigation keeps the language segment (fr on .be)", async ({ page }) => {
    await page.goto(siteUrl("be", "/fr/about"));
    const nav = page.getByRole("navigation", { name: "Menu principal" });
    await nav.getByText("Nos conditions").click();
    await nav.getByRole("link", { name: "Politique de confidentialité" }).click();
    await expect(page).toHaveURL(siteUrl("be", "/fr/document/privacy-policy"));
    await expect(page.getByRole("contentinfo")).toContainText("Veldhaven Media SA");
    await expectAxeClean(page);
  });

  test("the home page has no breadcrumbs", theServersAnswer, async ({ page }) => {
    await page.goto(siteUrl("nl", "/nl"));
    await expect(page.getByRole("navigation", { name: "Kruimelpad" })).toHaveCount(0);
    await expectAxeClean(page);
  });

  test("pages have a title and a meta description", theServersAnswer, async ({ page }) => {
    await page.goto(siteUrl("be", "/nl/phone"));
    await expect(page).toHaveTitle("Telefoonnummers | Veldhaven Media");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /Veldhaven Media/);
  });
});

test(
  "a dropdown opened before React's scripts loaded stays open after hydration",
  onlyWithJavaScript("hydration"),
  async ({ page }) => {
    let releaseScripts: () => void = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route("**/assets/*.js", async (route) => {
      // The enhance script serves the page until React comes; React's are held.
      if (!/\/assets\/enhance-[\w-]+\.js$/.test(route.request().url())) await scriptsHeld;
      await route.continue();
    });
    await page.goto(siteUrl("nl", "/nl/about"), { waitUntil: "domcontentloaded" });
    const nav = page.getByRole("navigation", { name: "Hoofdmenu" });
    await nav.getByText("Onze voorwaarden").click();
    await expect(nav.getByRole("link", { name: "Cookiebeleid" })).toBeVisible();
    releaseScripts();
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    await page.waitForTimeout(300);
    await expect(nav.getByRole("link", { name: "Cookiebeleid" })).toBeVisible();
    // After a navigation, the dropdown closes.
    await nav.getByRole("link", { name: "Cookiebeleid" }).click();
    await expect(page).toHaveURL(siteUrl("nl", "/nl/document/cookie-policy"));
    await expect(nav.getByRole("link", { name: "Cookiebeleid" })).toBeHidden();
  },
);

test("internal pages have neither top navigation nor footer", theServersAnswer, async ({ page }) => {
  await page.goto(siteUrl("nl", "/nl/internal-privacy-rights/direct-marketing"));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Hoofdmenu" })).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expectAxeClean(page);
});

test(
  "scroll-to-top button appears after 100 px and scrolls up",
  onlyWithJavaScript("the button is a JavaScript enhancement"),
  async ({ page }) => {
    await page.setViewportSize({ width: 1200, height: 300 });
    await page.goto(siteUrl("nl", "/nl/about"));
    const button = page.getByRole("button", { name: "Terug naar boven" });
    await expect(button).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 150));
    await expect(button).toBeVisible();
    // At the end of a page, 320 px wide with 200 % text, it covers nothing of the footer.
    await page.setViewportSize({ width: 320, height: 640 });
    await setTextSize(page, 2);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(button).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const coveredFooter = await page.evaluate(() => {
      const edge = document.querySelector(".app-scroll-to-top")!.getBoundingClientRect();
      const walker = document.createTreeWalker(document.querySelector(".app-footer")!, NodeFilter.SHOW_TEXT);
      const covered: string[] = [];
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(text);
        const lines = [...range.getClientRects()].filter(
          (line) =>
            line.width > 0 &&
            line.right > edge.left &&
            line.left < edge.right &&
            line.bottom > edge.top &&
            line.top < edge.bottom,
        );
        if (lines.length) covered.push(text.textContent ?? "");
      }
      return covered;
    });
    expect(coveredFooter).toEqual([]);
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  },
);

test("a navigation scrolls to the top", async ({ page }) => {
  await page.setViewportSize({ width: 1200, height: 300 });
  await page.goto(siteUrl("nl", "/nl/about"));
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole("contentinfo").getByRole("link", { name: "Cookiebeleid" }).click();
  await expect(page).toHaveURL(siteUrl("nl", "/nl/document/cookie-policy"));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test(
  "health and readiness endpoints",
  onlyWithJavaScript("an API call, no browser: the answer is the same in both projects, so it runs once"),
  async ({ request }) => {
    const base = `http://127.0.0.1:${process.env.E2E_PORT}`;
    const health = await request.get(`${base}/healthz`);
    expect(health.status()).toBe(200);
    const ready = await request.get(`${base}/readyz`);
    expect(ready.status()).toBe(200);
    expect(await ready.text()).toBe("ready");
  },
);

test(
  "fingerprinted assets are cached for a year, pages carry security headers",
  theServersAnswer,
  async ({ page, request }) => {
    const response = await page.goto(siteUrl("nl", "/nl"));
    const headers = response!.headers();
    // Hashes of the page's own inline scripts, no per-response nonce: the page can be cached.
    expect(headers["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+;/);
    expect(headers["content-security-policy"]).not.toMatch(/nonce-|unsafe-inline/);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["x-request-id"]).toMatch(/^[\w-]+$/);
    // The site's CSS is one stylesheet named by its content, cached like every asset.
    const stylesheet = await page.locator('link[rel="stylesheet"]').getAttribute("href");
    expect(stylesheet).toMatch(/^\/assets\/site-[\w-]+\.css$/);
    await expect(page.locator("style")).toHaveCount(0);
    const css = await request.get(`http://127.0.0.1:${process.env.E2E_PORT}${stylesheet}`, {
      headers: { "Accept-Encoding": "br" },
    });
    expect(css.headers()["content-type"]).toContain("text/css");
    expect(css.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(await css.text()).toContain(".app-");
    await page.goto(siteUrl("nl", "/nl/document/cookie-policy"));
    const script = await page.locator('script[src^="/assets/"]').first().getAttribute("src");
    expect(script).toMatch(/^\/assets\/enhance-[\w-]+\.js$/);
    // Node cannot resolve *.localhost; assets are served whatever the host. Compressed at build time.
    const asset = await request.get(`http://127.0.0.1:${process.env.E2E_PORT}${script}`, {
      headers: { "Accept-Encoding": "br" },
    });
    expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.headers()["content-encoding"]).toBe("br");
    // Only the headers that mean something for a script (a page loads 30 of them, so each header counts).
    expect(asset.headers()["x-content-type-options"]).toBe("nosniff");
    expect(asset.headers()["cross-origin-resource-policy"]).toBe("same-origin");
    expect(asset.headers()["content-security-policy"]).toBeUndefined();
    expect(asset.headers()["permissions-policy"]).toBeUndefined();
  },
);

test(
  "the page's own scripts run under its policy: nothing is blocked",
  onlyWithJavaScript("a policy violation is reported by a script"),
  async ({ page }) => {
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        const found = ((window as unknown as { violations?: string[] }).violations ??= []);
        found.push(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    await page.goto(siteUrl("be", "/fr/political-ads"));
    // A client-side navigation: route modules and page data load under the same policy.
    await page.getByRole("link", { name: "À propos" }).first().click();
    await expect(page).toHaveURL(/\/fr\/about$/);
    expect(await page.evaluate(() => (window as unknown as { violations?: string[] }).violations ?? [])).toEqual([]);
    // The site's stylesheet still applies after hydration and navigation.
    expect(
      await page.evaluate(
        () =>
          [...document.styleSheets].filter(
            (sheet) => sheet.href?.includes("/assets/site-") && sheet.cssRules.length > 0,
          ).length,
      ),
    ).toBe(1);
  },
);
