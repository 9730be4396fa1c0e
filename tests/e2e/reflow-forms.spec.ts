/**
 * A 320 px phone with the browser's text at 200 % (WCAG
 * 1.4.10 with 1.4.4). Every form page, the phone directory and the back
 * office fit the width, with their errors shown too; the sticky header
 * lets go of the screen when it would take more than about a quarter of it
 * (and the skip link stays out of sight above it); headings hyphenate
 * instead of breaking words anywhere, and no ordinary word of the rest is
 * cut in two.
 */
import path from "node:path";

import type { Page } from "@playwright/test";
import Database from "better-sqlite3";

import { request } from "../setup/spawn-server";
import { expect, inTurn, layoutIsCss, siteUrl, test, type Host } from "./fixtures";
import { horizontalOverflow, ordinaryWordsCut, setTextSize } from "./reflow";
import { newestCampaignId, SITES } from "./site-pages";
import { addStaff, signInAsStaff, uniqueStaffEmail } from "./staff-fixtures";

/** Measures the page as it comes and, with `submitEmpty`, with the errors of its empty form shown. */
async function measure(page: Page, url: string, failures: string[], { submitEmpty = false } = {}) {
  await page.goto(url);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe("32px");
  await check(page, url, failures);
  if (!submitEmpty) return;
  await page.locator("form.app-form button[type=submit]").first().click();
  await expect(page.locator(".app-error-summary")).toBeVisible();
  await check(page, `${url} with errors`, failures);
}

/** Nothing sticks out sideways, and no ordinary word is cut in two (reflow.ts). */
async function check(page: Page, label: string, failures: string[]) {
  const overflow = await horizontalOverflow(page);
  if (overflow) failures.push(`${label}: ${overflow}`);
  const cut = await ordinaryWordsCut(page);
  if (cut.length) failures.push(`${label}: ${cut.join(", ")}`);
}

/** The public pages with a form; `submitEmpty`: measured with its errors too. */
const PUBLIC_FORM_PAGES = [
  { path: "", submitEmpty: true },
  { path: "/privacy-rights/access", submitEmpty: true },
  { path: "/privacy-rights/forgotten", submitEmpty: true },
  { path: "/privacy-rights/rectification", submitEmpty: true },
  { path: "/privacy-rights/publication", submitEmpty: true },
  { path: "/privacy-rights/restriction", submitEmpty: true },
  { path: "/privacy-rights/portability", submitEmpty: true },
  { path: "/privacy-rights/objection-to-processing", submitEmpty: true },
  { path: "/privacy-rights/direct-marketing/brands", submitEmpty: true },
  { path: "/privacy-rights/direct-marketing/communication-types" },
  { path: "/political-ads/{campaign}/report" },
  { path: "/political-ads/{campaign}/report?reason=INCORRECT", submitEmpty: true },
  { path: "/search" },
  { path: "/phone" },
  { path: "/internal-privacy-rights/login", submitEmpty: true },
];

for (const [turn, site] of SITES.entries()) {
  test(`${site.locale}: every form page fits 320 px with 200 % text`, inTurn(turn), async ({ page }) => {
    test.setTimeout(90_000);
    const campaign = encodeURIComponent(await newestCampaignId(page.request, "be"));
    await page.setViewportSize({ width: 320, height: 640 });
    await setTextSize(page, 2);
    const failures: string[] = [];
    for (const { path: pagePath, submitEmpty } of PUBLIC_FORM_PAGES) {
      // Publication is a Belgian right; the Belgian ad is reported on the .be site.
      if ((pagePath.includes("publication") || pagePath.includes("{campaign}")) && site.host !== "be") continue;
      await measure(page, siteUrl(site.host, `/${site.lang}${pagePath.replace("{campaign}", campaign)}`), failures, {
        submitEmpty,
      });
    }
    expect(failures).toEqual([]);
  });
}

const port = () => Number(process.env.E2E_PORT);
async function postJson(pathname: string, body: unknown, host: Host) {
  const answer = await request(port(), {
    method: "POST",
    path: pathname,
    host: `${host}.localhost:${port()}`,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(answer.status).toBe(201);
  return JSON.parse(answer.body) as { reference: string };
}

test("the back office fits 320 px with 200 % text", async ({ page }) => {
  test.setTimeout(90_000);
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const { reference } = await postJson(
    "/api/privacy-rights/request",
    {
      flowType: "RIGHT_OF_ACCESS",
      email: `reflow-${unique}@veldhaven-test.nl`,
      language: "nl",
      userMessage: "Welke gegevens?",
    },
    "nl",
  );
  // Verified, as its link would: open, with a due date (so it can be extended).
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, "app.sqlite"));
  try {
    db.prepare("update privacy_request set state = 'OPEN', verified_at = ?, due_at = ? where reference = ?").run(
      new Date().toISOString(),
      new Date(Date.now() + 20 * 86_400_000).toISOString(),
      reference,
    );
  } finally {
    db.close();
  }
  const campaignId = await newestCampaignId(page.request, "be");
  const report = await postJson(
    "/api/political-ad-complaint",
    {
      name: "Lotte Lezer",
      email: `melder-${unique}@veldhaven-test.nl`,
      explanation: "Geen betaler vermeld.",
      reason: "ALCOHOL_DRUGS_SEX",
      campaignId,
      locale: "nl_be",
    },
    "be",
  );
  const officer = uniqueStaffEmail("reflow");
  await addStaff(officer, "officer");
  await signInAsStaff(page, officer);
  await page.setViewportSize({ width: 320, height: 640 });
  await setTextSize(page, 2);
  const failures: string[] = [];
  for (const pagePath of [
    "confirm-login",
    "processed",
    "direct-marketing",
    "requests",
    `requests/${reference}`,
    "search",
    "reports",
    "ad-reports",
    `ad-reports/${report.reference}`,
  ]) {
    await measure(page, siteUrl("nl", `/nl/internal-privacy-rights/${pagePath}`), failures);
  }
  // The extension's radio group, with its error.
  await page.goto(siteUrl("nl", `/nl/internal-privacy-rights/requests/${reference}`));
  await page.getByRole("button", { name: "Termijn verlengen" }).click();
  await expect(page.locator(".app-error-summary")).toBeVisible();
  await check(page, "extension with errors", failures);
  expect(failures).toEqual([]);
});

test.describe("the sticky header", () => {
  const headerShare = async (page: Page) =>
    page.evaluate(() => {
      const header = document.querySelector(".app-header")!;
      return {
        position: getComputedStyle(header).position,
        share: header.getBoundingClientRect().height / window.innerHeight,
      };
    });

  // CSS, and a script that measures the header: the projects take turns over the two sites.
  for (const [turn, { host, lang }] of [
    { host: "nl" as const, lang: "nl" },
    { host: "be" as const, lang: "fr" },
  ].entries()) {
    test(
      `${host}.${lang}: lets go of the screen when it would take more than a quarter of it, and only then`,
      inTurn(turn),
      async ({ page }) => {
        const url = siteUrl(host, `/${lang}/privacy-rights/access`);
        for (const { width, height, scale, sticky } of [
          { width: 320, height: 640, scale: 2, sticky: false },
          { width: 640, height: 320, scale: 2, sticky: false },
          { width: 844, height: 390, scale: 2, sticky: false },
          { width: 320, height: 640, scale: 1, sticky: true },
          { width: 390, height: 844, scale: 1, sticky: true },
          { width: 844, height: 390, scale: 1, sticky: true },
          { width: 1280, height: 800, scale: 2, sticky: true },
        ]) {
          await page.setViewportSize({ width, height });
          await setTextSize(page, scale);
          await page.goto(url);
          const { position, share } = await headerShare(page);
          const at = `${width}×${height} at ${scale * 100} %`;
          // The skip link waits above the page, however many lines the text wraps it into.
          const skipLink = (await page.locator(".app-skip-link").boundingBox())!;
          expect(skipLink.y + skipLink.height, `${at}: skip link out of sight`).toBeLessThanOrEqual(0);
          if (sticky) {
            expect(position, at).toBe("sticky");
            expect(share, at).toBeLessThanOrEqual(0.26);
          } else {
            // Either it scrolls away with the page, or it is small enough to stay.
            expect(position === "sticky" ? share : 0, at).toBeLessThanOrEqual(0.26);
            expect(position, at).not.toBe("fixed");
          }
        }
      },
    );
  }
});

test("headings hyphenate in the page's language instead of breaking words anywhere", layoutIsCss, async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await setTextSize(page, 2);
  for (const { host, lang, path: pagePath } of [
    { host: "nl" as const, lang: "nl", path: "/privacy-rights/rectification" },
    { host: "be" as const, lang: "fr", path: "/privacy-rights/publication" },
  ]) {
    await page.goto(siteUrl(host, `/${lang}${pagePath}`));
    const headings = await page.locator("main h1, main h2").evaluateAll((elements) =>
      elements.map((element) => {
        const style = getComputedStyle(element);
        return {
          lang: element.closest("[lang]")?.getAttribute("lang")?.slice(0, 2),
          hyphens: style.hyphens,
          overflowWrap: style.overflowWrap,
        };
      }),
    );
    expect(headings.length).toBeGreaterThan(0);
    for (const heading of headings) expect(heading).toEqual({ lang, hyphens: "auto", overflowWrap: "break-word" });
  }
});
