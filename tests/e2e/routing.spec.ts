import { expect, expectAxeClean, inTurn, onlyWithJavaScript, siteUrl, test, theServersAnswer } from "./fixtures";
import { resolvePath } from "./site-pages";

test.describe("language segment and redirects", () => {
  test("a path without a language segment redirects to /nl with its query", theServersAnswer, async ({ page }) => {
    await page.goto(siteUrl("nl", "/about?ref=mail"));
    await expect(page).toHaveURL(siteUrl("nl", "/nl/about?ref=mail"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Over Veldhaven Media");
  });

  test("the bare host redirects to the Dutch home page", theServersAnswer, async ({ page }) => {
    await page.goto(siteUrl("be", "/"));
    await expect(page).toHaveURL(siteUrl("be", "/nl"));
  });

  test("a nested page without language redirects too", theServersAnswer, async ({ page }) => {
    await page.goto(siteUrl("be", "/privacy-rights/access"));
    await expect(page).toHaveURL(siteUrl("be", "/nl/privacy-rights/access"));
  });
});

test.describe("404 page", () => {
  // Its link home is followed in turn by each project.
  for (const [turn, path] of ["/nl/does-not-exist", "/onbekend", "/fr-fr/about", "/nl/not-found"].entries()) {
    test(`${path} shows the 404 page with status 404`, inTurn(turn), async ({ page }) => {
      const response = await page.goto(siteUrl("nl", path));
      expect(response?.status()).toBe(404);
      await expect(page).toHaveTitle("404 - Pagina niet gevonden");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oeps... de weg kwijt?");
      await page.getByRole("link", { name: "Terug naar home" }).click();
      await expect(page).toHaveURL(siteUrl("nl", "/nl"));
    });
  }

  test("the 404 page sits inside the layout and is accessible", async ({ page }) => {
    await page.goto(siteUrl("be", "/nl/nope"));
    await expect(page.getByRole("navigation", { name: "Hoofdmenu" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expectAxeClean(page);
  });

  test("removal from publication exists only in Belgium", theServersAnswer, async ({ page }) => {
    expect((await page.goto(siteUrl("nl", "/nl/privacy-rights/publication")))?.status()).toBe(404);
    expect((await page.goto(siteUrl("be", "/nl/privacy-rights/publication")))?.status()).toBe(200);
  });
});

test("a host without a country gets 'Cannot determine country'", theServersAnswer, async ({ page }) => {
  const response = await page.goto(`http://127.0.0.1:${process.env.E2E_PORT}/nl`);
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cannot determine country");
});

test("every page of the route table renders inside the layout", async ({ page }) => {
  const paths = [
    "/nl",
    "/nl/about",
    "/nl/document/privacy-policy",
    "/nl/email-verification-expired",
    "/nl/email-verification-failed",
    "/nl/email-verified",
    "/nl/phone",
    "/nl/political-ads",
    "/nl/political-ads/{campaign}",
    "/nl/privacy-rights",
    "/nl/privacy-rights/access",
    "/nl/privacy-rights/direct-marketing/brands",
    "/nl/privacy-rights/direct-marketing/communication-types",
    "/nl/privacy-rights/forgotten-overview",
    "/nl/privacy-rights/forgotten",
    "/nl/privacy-rights/processed",
    "/nl/privacy-rights/publication",
    "/nl/privacy-rights/push-notifications",
    "/nl/privacy-rights/rectification",
    "/nl/search",
  ];
  for (const path of paths) {
    const response = await page.goto(siteUrl("be", await resolvePath(page.request, "be", path)));
    expect(response?.status(), path).toBeLessThan(400);
    await expect(page.getByRole("heading", { level: 1 }), path).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Hoofdmenu" }), path).toBeAttached();
  }
});

test(
  "the public files beside the pages (favicon, images) are served",
  onlyWithJavaScript("files, no browser: the answer is the same in both projects, so it runs once"),
  async ({ request }) => {
    const at = (path: string) =>
      request.get(`http://127.0.0.1:${process.env.E2E_PORT}${path}`, {
        headers: { Host: `nl.localhost:${process.env.E2E_PORT}` },
      });
    const favicon = await at("/favicon.ico");
    expect(favicon.status()).toBe(200);
    expect(favicon.headers()["content-type"]).toContain("image/");
    const image = await at("/images/brands.svg");
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toContain("image/svg+xml");
  },
);
