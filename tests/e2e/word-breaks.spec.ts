import type { Page } from "@playwright/test";

import { request } from "../setup/spawn-server";
import { expect, layoutIsCss, onlyWithJavaScript, siteUrl, test, type Host } from "./fixtures";
import { ordinaryWordsCut, setTextSize } from "./reflow";
import { mailTo, sql } from "./shared-server-data";
import { newestCampaignId, pagesOf, resolvePath, SITES } from "./site-pages";
import { addStaff, signInAsStaff, uniqueStaffEmail } from "./staff-fixtures";

/**
 * Reading at 320 px with 200 % text (WCAG 1.4.4 with 1.4.10): headings grow
 * with the text, and a word breaks over two lines only at a syllable, with
 * a hyphen: the server puts soft hyphens in long words from the language's
 * patterns, since this test's Chromium, like every Chromium on Linux, has
 * no Dutch or French dictionary for `hyphens: auto`. Layout is CSS:
 * measured without JavaScript, every page of every locale
 * (layout-reflow.spec.ts checks that none scrolls sideways).
 */

for (const site of SITES) {
  test(
    `${site.locale}: at 320 px with 200 % text, words break only at their syllables`,
    layoutIsCss,
    async ({ page }) => {
      await page.setViewportSize({ width: 320, height: 800 });
      await setTextSize(page, 2);
      const failures: string[] = [];
      for (const { path } of pagesOf(site)) {
        await page.goto(siteUrl(site.host, await resolvePath(page.request, site.host, path)));
        const cut = await ordinaryWordsCut(page);
        if (cut.length) failures.push(`${path}: ${cut.slice(0, 5).join(", ")}`);
      }
      expect(failures).toEqual([]);
    },
  );
}

test("a heading grows with the text: at 200 % it is twice its size at 100 %", layoutIsCss, async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  const sizes: Record<string, number[]> = {};
  for (const scale of [1, 2]) {
    await setTextSize(page, scale);
    for (const path of [
      "/nl/privacy-rights/direct-marketing/brands",
      "/nl/document/privacy-policy",
      "/nl/political-ads",
    ]) {
      await page.goto(siteUrl("nl", path));
      const size = await page
        .locator("h1")
        .first()
        .evaluate((heading) => parseFloat(getComputedStyle(heading).fontSize));
      (sizes[path] ??= []).push(size);
    }
  }
  for (const [path, [normal, doubled]] of Object.entries(sizes))
    expect(doubled / normal, `${path}: ${normal} px, then ${doubled} px`).toBeCloseTo(2, 1);
});

const port = () => Number(process.env.E2E_PORT);
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A verified, open request of `email`, owned by `owner` (the list then shows an address in its owner column). */
async function openRequest(email: string, owner: string, host: Host = "nl"): Promise<string> {
  const made = await request(port(), {
    method: "POST",
    path: "/api/privacy-rights/request",
    host: `${host}.localhost:${port()}`,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      flowType: "RIGHT_TO_BE_FORGOTTEN",
      email,
      language: "nl",
      userMessage: "Verwijder mijn gegevens.",
    }),
  });
  expect(made.status).toBe(201);
  const { reference } = JSON.parse(made.body) as { reference: string };
  sql(
    "update privacy_request set state = 'IN_PROGRESS', verified_at = ?, due_at = ?, assignee = ?, assigned_at = ? where reference = ?",
    new Date().toISOString(),
    new Date(Date.now() + 20 * 86_400_000).toISOString(),
    owner,
    new Date().toISOString(),
    reference,
  );
  return reference;
}

async function measureAll(page: Page, urls: string[], failures: string[], within = "main") {
  for (const url of urls) {
    await page.goto(url);
    const cut = await ordinaryWordsCut(page, within);
    if (cut.length) failures.push(`${url}: ${cut.slice(0, 5).join(", ")}`);
  }
}

/**
 * The staff's pages and the person's status view: their headings, badges,
 * navigation and buttons at 320 px with 200 % text, and their tables on a
 * desktop at 100 % (a column header is never squeezed narrower than its
 * syllables: the table scrolls in its region instead).
 */
test(
  "the back office and the status view break words only at their syllables, on a phone at 200 % and in tables at 1280 px",
  layoutIsCss,
  async ({ page }) => {
    test.setTimeout(90_000);
    const officer = uniqueStaffEmail("woordbreuk");
    await addStaff(officer, "officer");
    const person = `woordbreuk-${unique()}@veldhaven-test.nl`;
    const reference = await openRequest(person, officer);

    // The person's status view, through the link the status form mails.
    await page.goto(siteUrl("nl", "/nl/privacy-rights/status"));
    await page.getByLabel("Referentie").fill(reference);
    await page.getByLabel("E-mailadres").fill(person);
    await page.getByRole("button", { name: "Stuur mij een link" }).click();
    const statusLink = /https?:\/\/\S+\/privacy-rights\/status\/view\?token=[A-Za-z0-9_-]{43}/.exec(
      await mailTo(person, "status/view?token="),
    )![0];

    await signInAsStaff(page, officer);
    const staff = (path: string) => siteUrl("nl", `/nl/internal-privacy-rights/${path}`);
    const tables = [
      staff("requests"),
      staff("reports"),
      siteUrl("nl", "/nl/privacy-rights/figures"),
      siteUrl("be", "/fr/privacy-rights/figures"),
    ];
    const failures: string[] = [];
    await page.setViewportSize({ width: 1280, height: 800 });
    await measureAll(page, tables, failures);

    await page.setViewportSize({ width: 320, height: 800 });
    await setTextSize(page, 2);
    await page.goto(statusLink);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(reference);
    const status = await ordinaryWordsCut(page);
    if (status.length) failures.push(`status view: ${status.slice(0, 5).join(", ")}`);
    const pages = ["requests", `requests/${reference}`, "search", "reports", "ad-reports", "systems"].map((path) =>
      staff(path),
    );
    await measureAll(page, pages, failures, "body");
    expect(failures).toEqual([]);
  },
);

/** What JavaScript opens over a page: the mobile menu, and the report dialog's two layers (its content never clipped either). */
const OVERLAYS = [
  { lang: "nl", report: "Meld deze advertentie", reason: "Misleidend", next: "Volgende" },
  { lang: "fr", report: "Signaler cette publicité", reason: "Trompeuse", next: "Suivant" },
];
for (const site of OVERLAYS) {
  test(
    `${site.lang}: at 320 px with 200 % text, the open menu and report dialog break words only at their syllables and hide nothing`,
    onlyWithJavaScript("the dialog and the menu's closing are JavaScript's"),
    async ({ page }) => {
      await page.setViewportSize({ width: 320, height: 800 });
      await setTextSize(page, 2);
      await page.goto(
        siteUrl("be", `/${site.lang}/political-ads/${encodeURIComponent(await newestCampaignId(page.request, "be"))}`),
      );
      await page.locator("summary", { hasText: "Menu" }).click();
      await expect(page.locator(".app-mobile-menu__panel")).toBeVisible();
      expect(await ordinaryWordsCut(page, ".app-mobile-menu__panel")).toEqual([]);
      await page.keyboard.press("Escape");

      await page.getByRole("button", { name: site.report }).click();
      const dialog = page.getByRole("dialog");
      const clipped = () => dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
      await expect(dialog.getByRole("heading", { level: 2 })).toBeFocused();
      expect(await ordinaryWordsCut(page, "dialog[open]")).toEqual([]);
      expect(await clipped()).toBe(0);
      await dialog.getByRole("radio", { name: site.reason, exact: true }).check();
      await dialog.getByRole("button", { name: site.next, exact: true }).click();
      await expect(dialog.locator("form")).toBeVisible();
      expect(await ordinaryWordsCut(page, "dialog[open]")).toEqual([]);
      expect(await clipped()).toBe(0);
    },
  );
}
