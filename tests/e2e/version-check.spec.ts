/**
 * Spec 4: when a new version of the product is live, a page that showed an
 * error reloads (once), so a visitor with the previous deployment's scripts
 * gets the new site. The version file is never cached.
 */
import { request } from "../setup/spawn-server";
import { expect, onlyWithJavaScript, siteUrl, test } from "./fixtures";

const port = () => Number(process.env.E2E_PORT);

test(
  "the version file names the live deployment and is never cached",
  onlyWithJavaScript("a file, no browser: the answer is the same in both projects, so it runs once"),
  async () => {
    const answer = await request(port(), { path: "/version.json" });
    expect(answer.status).toBe(200);
    expect(answer.headers["cache-control"]).toBe("no-cache, no-store, must-revalidate");
    expect(JSON.parse(answer.body)).toEqual({ version: expect.stringMatching(/^\d{14}$/) });
  },
);

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the check is made by the page's script");

  test("an error page reloads once when a newer deployment is live", async ({ page }) => {
    await page.route("**/version.json", (route) => route.fulfill({ json: { version: "99990101000000" } }));
    let loads = 0;
    page.on("load", () => loads++);
    await page.goto(siteUrl("nl", "/nl/bestaat-niet"));
    await expect.poll(() => loads).toBe(2);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oeps... de weg kwijt?");
    // Still an error after the reload: it stays, no loop.
    await page.waitForTimeout(1000);
    expect(loads).toBe(2);
  });

  test("an error page stays when the live deployment is its own", async ({ page }) => {
    let checked = false;
    page.on("request", (outgoing) => {
      if (outgoing.url().endsWith("/version.json")) checked = true;
    });
    let loads = 0;
    page.on("load", () => loads++);
    await page.goto(siteUrl("be", "/fr/bestaat-niet"));
    await expect.poll(() => checked).toBe(true);
    await page.waitForTimeout(1000);
    expect(loads).toBe(1);
  });
});

test.describe("redirects in the browser (spec 4, 9)", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "without JavaScript the browser applies its own limit");

  /** React Router's answer for a page's data that redirects (what the server sends, with another target). */
  const redirectTo = (target: string) => ({
    status: 202,
    headers: { "Content-Type": "text/x-script", "X-Remix-Response": "yes" },
    body: JSON.stringify([
      ["SingleFetchRedirect", 1],
      { _2: 3, _4: 5, _6: 7, _8: 7, _9: 7 },
      "redirect",
      target,
      "status",
      302,
      "revalidate",
      false,
      "reload",
      "replace",
    ]),
  });

  test("a navigation that keeps redirecting stops after 20 with 500 'Redirect loop'", async ({ page }) => {
    let followed = 0;
    // Between two pages React shows (a page without React is loaded as a document, where the browser's limit applies).
    await page.route(/\/nl\/(about|privacy-rights\/rectification)\.data/, (route) => {
      followed++;
      return route.fulfill(
        redirectTo(route.request().url().includes("/about.data") ? "/nl/privacy-rights/rectification" : "/nl/about"),
      );
    });
    await page.goto(siteUrl("nl", "/nl"));
    await page.getByRole("navigation", { name: "Hoofdmenu" }).getByRole("link", { name: "Over ons" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Redirect loop");
    await expect(page).toHaveTitle("500 - Redirect loop");
    expect(followed).toBeGreaterThanOrEqual(20);
    expect(followed).toBeLessThanOrEqual(22);
  });

  test("a few redirects in a row are followed to the page", async ({ page }) => {
    let followed = 0;
    await page.route(/\/nl\/about\.data/, (route) =>
      followed++ < 3 ? route.fulfill(redirectTo("/nl/about")) : route.continue(),
    );
    await page.goto(siteUrl("nl", "/nl"));
    await page.getByRole("navigation", { name: "Hoofdmenu" }).getByRole("link", { name: "Over ons" }).click();
    await expect(page).toHaveURL(siteUrl("nl", "/nl/about"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Over Veldhaven Media");
  });
});
