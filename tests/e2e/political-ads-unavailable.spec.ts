/**
 * When the register cannot be read, every way into it says so
 * instead of failing: the list's and the detail's error texts (503), the
 * calls' 503, and the report's failure layer, with JavaScript on and off.
 * Each test has a server of its own whose register table is taken away
 * while it runs.
 */
import path from "node:path";

import Database from "better-sqlite3";

import { request, spawnServer, type SpawnedServer } from "../setup/spawn-server";
import { expect, test } from "./fixtures";

const LIST_ERROR = "Er is een fout opgetreden bij het laden van de advertenties.";
const DETAIL_ERROR = "Er is een fout opgetreden bij het laden van de advertentie.";
const REPORT_FAILURE = "Er is iets fout gegaan, probeer het later opnieuw.";

let server: SpawnedServer;
let newestId: string;
test.beforeEach(async () => {
  server = await spawnServer({ LOG_LEVEL: "warn", RATE_LIMIT_PER_HOUR: "1000" });
  const answer = await request(server.port, { path: "/api/campaign-items?countryCode=NL" });
  newestId = (JSON.parse(answer.body) as { campaignItems: { id: string }[] }).campaignItems[0].id;
});
test.afterEach(async () => {
  await server?.stop();
});

const url = (pathname: string) => `http://nl.localhost:${server.port}${pathname}`;

/** What a broken or unreachable database looks like to the server: the register's table is gone. */
function breakRegister() {
  const db = new Database(path.join(server.dataDir, "app.sqlite"));
  try {
    db.exec("alter table campaign_item rename to campaign_item_gone");
  } finally {
    db.close();
  }
}

test("pages and calls answer 503 with the spec's texts", async ({ page, javaScriptEnabled }) => {
  breakRegister();
  const list = await page.goto(url("/nl/political-ads"));
  expect(list?.status()).toBe(503);
  await expect(page.getByRole("alert").filter({ hasText: LIST_ERROR })).toBeVisible();
  // The filters stay usable, to try again.
  await expect(page.getByRole("button", { name: "Toon advertenties" })).toBeVisible();

  const detail = await page.goto(url(`/nl/political-ads/${newestId}`));
  expect(detail?.status()).toBe(503);
  await expect(page.getByRole("alert").filter({ hasText: DETAIL_ERROR })).toBeVisible();

  const report = await page.goto(url(`/nl/political-ads/${newestId}/report`));
  expect(report?.status()).toBe(503);
  await expect(page.getByRole("alert").filter({ hasText: REPORT_FAILURE })).toBeVisible();
  await expect(page).toHaveTitle(/^Fout: Melding niet verstuurd/);

  if (!javaScriptEnabled) return;
  for (const call of [
    "/api/campaign-items?countryCode=NL",
    `/api/campaign-items/${newestId}?countryCode=NL`,
    "/api/campaign-items/export?countryCode=NL&format=csv",
  ]) {
    const answer = await request(server.port, { path: call });
    expect(answer.status, call).toBe(503);
    expect(answer.headers["retry-after"], call).toBe("60");
    expect(JSON.parse(answer.body), call).toMatchObject({ error: "UNAVAILABLE" });
  }
  const complaint = await request(server.port, {
    method: "POST",
    path: "/api/political-ad-complaint",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      name: "Jan",
      email: "jan@veldhaven-test.nl",
      explanation: "Geen betaler.",
      reason: "MISLEADING",
      campaignId: newestId,
      locale: "nl_nl",
    }),
  });
  expect(complaint.status).toBe(503);
});

test("the list turns to its error state when the register fails after the page loaded", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto(url("/nl/political-ads"));
  await expect(page.getByRole("article").first()).toBeVisible();
  breakRegister();
  await page.getByLabel("Periode", { exact: true }).selectOption("PAST_YEAR");
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Toon advertenties" }).click();
  await expect(page.getByRole("alert").filter({ hasText: LIST_ERROR })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(0);
});

test("a report sent while the register fails ends on the failure layer, not on a 500", async ({
  page,
  javaScriptEnabled,
}) => {
  if (javaScriptEnabled) {
    await page.goto(url(`/nl/political-ads/${newestId}`));
    await page.getByRole("button", { name: "Meld deze advertentie" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("radio", { name: /Misleidend/ }).check();
    await dialog.getByRole("button", { name: "Volgende" }).click();
  } else {
    await page.goto(url(`/nl/political-ads/${newestId}/report?reason=MISLEADING`));
  }
  const scope = javaScriptEnabled ? page.getByRole("dialog") : page.locator("main");
  await scope.getByLabel("Naam").fill("Jan Lezer");
  await scope.getByLabel("E-mailadres").fill("jan@veldhaven-test.nl");
  await scope.getByLabel("Toelichting").fill("Er staat geen betaler bij.");
  breakRegister();
  await scope.getByRole("button", { name: "Verstuur je melding" }).click();
  await expect(scope.getByRole("alert").filter({ hasText: REPORT_FAILURE })).toBeVisible();
  await expect(scope.getByRole("heading", { name: "Melding niet verstuurd" })).toBeVisible();
});
