/**
 * Feature toggles per host (spec 6): the analytics script only on
 * production hosts, its origin in the page's policy only there; the test
 * toggle on nowhere unless a host is listed.
 */
import fs from "node:fs";
import path from "node:path";

import { request, spawnServer, type SpawnedServer } from "../setup/spawn-server";
import { decodeQuotedPrintable } from "../setup/test-smtp-server";
import { expect, onlyWithJavaScript, siteUrl, test, theServersAnswer } from "./fixtures";
import { addStaff, submitStaffLogin } from "./staff-fixtures";

const ANALYTICS = "https://analytics.example/tag.js";

let server: SpawnedServer;
test.beforeAll(async () => {
  server = await spawnServer({
    LOG_LEVEL: "warn",
    PRODUCTION_HOSTS: "be.localhost",
    ANALYTICS_SCRIPT_URL: ANALYTICS,
    TEST_TOGGLE_HOSTS: "nl.localhost",
  });
});
test.afterAll(async () => {
  await server?.stop();
});

test(
  "a production host loads the analytics script, allowed by its policy; another host does not",
  onlyWithJavaScript(
    "the tag and the policy are the server's answer either way; with JavaScript the test also sees the script run",
  ),
  async ({ page }) => {
    // The third party, answered here: it marks the page when it runs.
    await page.route(ANALYTICS, (route) =>
      route.fulfill({ contentType: "text/javascript", body: "document.documentElement.dataset.analyticsRan = 'yes';" }),
    );

    const production = await page.goto(`http://be.localhost:${server.port}/nl/document/cookie-policy`);
    expect(production!.headers()["content-security-policy"]).toMatch(
      /script-src 'self' https:\/\/analytics\.example[ ;]/,
    );
    await expect(page.locator(`script[src="${ANALYTICS}"]`)).toHaveCount(1);
    await expect(page.locator("html")).toHaveAttribute("data-features", "analytics");
    await expect(page.locator("html")).toHaveAttribute("data-analytics-ran", "yes");

    const other = await page.goto(`http://nl.localhost:${server.port}/nl/document/cookie-policy`);
    expect(other!.headers()["content-security-policy"]).not.toContain("analytics.example");
    await expect(page.locator(`script[src="${ANALYTICS}"]`)).toHaveCount(0);
    await expect(page.locator("html")).toHaveAttribute("data-features", "test");
  },
);

test("by default no toggle is on: no analytics, no test toggle", theServersAnswer, async ({ page }) => {
  for (const host of ["nl", "be"] as const) {
    const response = await page.goto(siteUrl(host, "/nl"));
    await expect(page.locator("html")).not.toHaveAttribute("data-features", /./);
    expect(response!.headers()["content-security-policy"]).not.toMatch(/https:/);
  }
});

/** The newest mail written to the server's `mail/` folder for this address (the embedded default's file transport). */
async function mailFileTo(dataDir: string, address: string): Promise<string> {
  const folder = path.join(dataDir, "mail");
  let found = "";
  await expect
    .poll(
      () => {
        const files = fs.existsSync(folder) ? fs.readdirSync(folder) : [];
        found =
          files
            .map((file) => decodeQuotedPrintable(fs.readFileSync(path.join(folder, file), "utf8")))
            .find((mail) => mail.includes(address)) ?? "";
        return found.length;
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThan(0);
  return found;
}

test(
  "no analytics on the verification page, the login page or any staff page of a production host; a public page keeps it",
  onlyWithJavaScript("the documents are the same for both projects; with JavaScript a script that came would also run"),
  async ({ page }) => {
    // Twenty pages, a sign-in and a request sent: longer than one page's test.
    test.setTimeout(60_000);
    const requested: string[] = [];
    await page.route(ANALYTICS, (route) => {
      requested.push(page.url());
      return route.fulfill({
        contentType: "text/javascript",
        body: "document.documentElement.dataset.analyticsRan = 'yes';",
      });
    });
    const be = (pathname: string) => `http://be.localhost:${server.port}${pathname}`;
    const expectNoAnalytics = async (response: Awaited<ReturnType<typeof page.goto>>, what: string) => {
      expect(response!.headers()["content-security-policy"], what).not.toContain("analytics.example");
      await expect(page.locator(`script[src="${ANALYTICS}"]`), what).toHaveCount(0);
    };

    // A public page without personal data keeps the script (spec 6).
    const publicPage = await page.goto(be("/nl/document/cookie-policy"));
    expect(publicPage!.headers()["content-security-policy"]).toContain("https://analytics.example");
    await expect(page.locator(`script[src="${ANALYTICS}"]`)).toHaveCount(1);

    // The verification page: reached from the mail's link, which carries the token.
    const email = `analytics-${test.info().project.name}-${Date.now()}@veldhaven-test.nl`;
    const made = await request(server.port, {
      method: "POST",
      path: "/api/privacy-rights/request",
      host: `be.localhost:${server.port}`,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ flowType: "RIGHT_OF_ACCESS", email, language: "nl" }),
    });
    expect(made.status).toBe(201);
    const link = /https?:\/\/\S+token=[A-Za-z0-9_-]{43}/.exec(await mailFileTo(server.dataDir, email))![0];
    requested.length = 0;
    await expectNoAnalytics(await page.goto(link), "verification page");
    await expect(page.getByRole("button", { name: "Bevestig mijn aanvraag" })).toBeVisible();

    // The login page and every staff page, signed in as an officer.
    await expectNoAnalytics(await page.goto(be("/nl/internal-privacy-rights/login")), "login page");
    const officer = `officer-analytics-${test.info().project.name}-${Date.now()}@veldhaven-test.nl`;
    await addStaff(officer, "officer", { dataDir: server.dataDir });
    await submitStaffLogin(page, officer);
    await expect(page).toHaveURL(/confirm-login/);
    const reference = (JSON.parse(made.body) as { reference: string }).reference;
    for (const staffPage of [
      "confirm-login",
      "direct-marketing",
      "requests",
      `requests?text=${encodeURIComponent(email)}`,
      `requests/${reference}`,
      "search",
      "reports",
      "ad-reports",
      "ad-reports/PA-0000-0000",
    ]) {
      await expectNoAnalytics(await page.goto(be(`/nl/internal-privacy-rights/${staffPage}`)), staffPage);
    }
    // The privacy-rights forms, where a person types who they are, and the page after a request was sent, which shows its reference.
    for (const form of ["access", "forgotten", "rectification", "publication", "status"]) {
      await expectNoAnalytics(await page.goto(be(`/nl/privacy-rights/${form}`)), form);
    }
    await page.goto(be("/nl/privacy-rights/access"));
    await page.getByLabel("E-mailadres").fill(`processed-${email}`);
    await page.locator("main form.app-form").getByRole("button", { name: "Verstuur je aanvraag", exact: true }).click();
    await expect(page).toHaveURL(/\/privacy-rights\/processed$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Jouw aanvraag is succesvol verzonden");
    await expect(page.locator(`script[src="${ANALYTICS}"]`), "processed page").toHaveCount(0);
    expect(requested, "pages that asked for the analytics script").toEqual([]);
  },
);
