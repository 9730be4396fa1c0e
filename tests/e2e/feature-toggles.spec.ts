/**
 * Feature toggles per host (spec 6, issue 14): the analytics script only on
 * production hosts, its origin in the page's policy only there; the test
 * toggle on nowhere unless a host is listed.
 */
import { expect, test } from "./fixtures";
import { siteUrl } from "./fixtures";
import { spawnServer, type SpawnedServer } from "../setup/spawn-server";

const ANALYTICS = "https://analytics.example/tag.js";

let server: SpawnedServer;
test.beforeAll(async () => {
  server = await spawnServer({ LOG_LEVEL: "warn", PRODUCTION_HOSTS: "be.localhost", ANALYTICS_SCRIPT_URL: ANALYTICS, TEST_TOGGLE_HOSTS: "nl.localhost" });
});
test.afterAll(async () => {
  await server?.stop();
});

test("a production host loads the analytics script, allowed by its policy; another host does not", async ({ page, javaScriptEnabled }) => {
  // The third party, answered here: it marks the page when it runs.
  await page.route(ANALYTICS, (route) => route.fulfill({ contentType: "text/javascript", body: "document.documentElement.dataset.analyticsRan = 'yes';" }));

  const production = await page.goto(`http://be.localhost:${server.port}/nl/about`);
  expect(production!.headers()["content-security-policy"]).toMatch(/script-src 'self' https:\/\/analytics\.example /);
  await expect(page.locator(`script[src="${ANALYTICS}"]`)).toHaveCount(1);
  await expect(page.locator("html")).toHaveAttribute("data-features", "analytics");
  if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-analytics-ran", "yes");

  const other = await page.goto(`http://nl.localhost:${server.port}/nl/about`);
  expect(other!.headers()["content-security-policy"]).not.toContain("analytics.example");
  await expect(page.locator(`script[src="${ANALYTICS}"]`)).toHaveCount(0);
  await expect(page.locator("html")).toHaveAttribute("data-features", "test");
});

test("by default no toggle is on: no analytics, no test toggle", async ({ page }) => {
  for (const host of ["nl", "be"] as const) {
    const response = await page.goto(siteUrl(host, "/nl"));
    await expect(page.locator("html")).not.toHaveAttribute("data-features", /./);
    expect(response!.headers()["content-security-policy"]).not.toMatch(/https:/);
  }
});
