/**
 * A public page that React runs costs a reader no React. Until the
 * visitor shows intent it asks for app/enhance/page.ts alone, as a page
 * without React does; at the first intent React comes, and nothing the
 * visitor did meanwhile is lost. Pages are opened with `waitUntil:
 * "domcontentloaded"`, which the fixture leaves as it is (it shows intent
 * after other loads, tests/e2e/fixtures.ts).
 */
import path from "node:path";

import type { Page, Route } from "@playwright/test";
import Database from "better-sqlite3";

import { expect, onlyWithJavaScript, siteUrl, test } from "./fixtures";
import { registerItems } from "./site-pages";

const SCRIPTS = onlyWithJavaScript("when React starts is a question of scripts");

/** The paths of the scripts the page asks for, as it asks for them. */
function scriptsAskedFor(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

const ENHANCE_SCRIPT = /^\/assets\/enhance-[\w-]+\.js$/;

/** Holds React's modules (not the enhance script) until the returned function is called. */
async function holdReact(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/*.js", async (route: Route) => {
    if (!ENHANCE_SCRIPT.test(new URL(route.request().url()).pathname)) await held;
    await route.continue();
  });
  return release;
}

const hydrated = (page: Page) => expect(page.locator("html")).toHaveAttribute("data-hydrated", "", { timeout: 20_000 });

for (const [label, host, pagePath] of [
  ["home", "nl", "/nl"],
  ["about", "be", "/fr/about"],
  ["the access form", "nl", "/nl/privacy-rights/access"],
] as const) {
  test(`${label}: a reader gets the enhance script alone; a key pressed starts React`, SCRIPTS, async ({ page }) => {
    const scripts = scriptsAskedFor(page);
    await page.goto(siteUrl(host, pagePath), { waitUntil: "domcontentloaded" });
    await page.waitForLoadState("networkidle");
    expect(scripts).toEqual([expect.stringMatching(ENHANCE_SCRIPT)]);
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
    // The conveniences work meanwhile: the scroll-to-top button shows after 100 px.
    await page.setViewportSize({ width: 1200, height: 400 });
    await page.mouse.wheel(0, 600);
    await expect(page.locator(".app-scroll-to-top")).toBeVisible();

    await page.keyboard.press("Tab");
    await hydrated(page);
    expect(scripts.length).toBeGreaterThan(3);
  });
}

test(
  "characters typed before React arrives stay, are checked once it is there, and the form is sent once",
  SCRIPTS,
  async ({ page }) => {
    const release = await holdReact(page);
    await page.goto(siteUrl("nl", "/nl/privacy-rights/access"), { waitUntil: "domcontentloaded" });
    const email = page.getByLabel("E-mailadres");
    // Typing is the intent: React is asked for, and held back here.
    await email.pressSequentially("lotte@");
    await expect(page.locator("html")).toHaveAttribute("data-intent", "");
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
    release();
    await hydrated(page);
    await expect(page.locator(".app-public-form")).toHaveAttribute("data-enhanced", "", { timeout: 20_000 });
    await expect(email).toHaveValue("lotte@");
    await expect(email).toBeFocused();
    // Checked as any e-mail field is, on leaving it.
    await email.blur();
    await expect(page.locator(".app-field--error")).toContainText("Gelieve een correct e-mailadres in te vullen");

    const address = `voor-react-${Date.now()}@veldhaven-test.nl`;
    await email.fill(address);
    await page.getByRole("button", { name: "Verstuur je aanvraag", exact: true }).click();
    await expect(page).toHaveURL(siteUrl("nl", "/nl/privacy-rights/processed"));
    const db = new Database(path.join(process.env.E2E_DATA_DIR!, "app.sqlite"), { readonly: true });
    try {
      expect(db.prepare("select count(*) as n from privacy_request where lower(email) = ?").get(address)).toEqual({
        n: 1,
      });
    } finally {
      db.close();
    }
  },
);

test(
  "the pointer on the report control starts React, so that the press opens the dialog, once",
  SCRIPTS,
  async ({ page, request }) => {
    const [item] = await registerItems(request, "be");
    await page.goto(siteUrl("be", `/nl/political-ads/${item.id}`), { waitUntil: "domcontentloaded" });
    await page.waitForLoadState("networkidle");
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
    const control = page
      .getByRole("link", { name: "Meld deze advertentie" })
      .or(page.getByRole("button", { name: "Meld deze advertentie" }));
    await control.hover();
    await hydrated(page);
    await page.getByRole("button", { name: "Meld deze advertentie" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(1);
    await expect(page).toHaveURL(siteUrl("be", `/nl/political-ads/${item.id}`));
  },
);

test(
  "a press on the report control before React has come follows the page without JavaScript, once",
  SCRIPTS,
  async ({ page, request }) => {
    const [item] = await registerItems(request, "be");
    const release = await holdReact(page);
    await page.goto(siteUrl("be", `/nl/political-ads/${item.id}`), { waitUntil: "domcontentloaded" });
    await page.getByRole("link", { name: "Meld deze advertentie" }).click();
    await expect(page).toHaveURL(siteUrl("be", `/nl/political-ads/${item.id}/report`));
    release();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  },
);

test(
  "a staff page starts React after its first paint: its session warnings run while it is left open",
  SCRIPTS,
  async ({ page }) => {
    await page.goto(siteUrl("nl", "/nl/internal-privacy-rights/login"), { waitUntil: "domcontentloaded" });
    await hydrated(page);
    await expect(page.locator("html")).not.toHaveAttribute("data-intent");
  },
);
