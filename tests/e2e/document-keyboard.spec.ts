/**
 * The legal documents' history by keyboard alone: from an earlier version's
 * notice back to the text in effect, and two versions picked and compared
 * with the comparison's form; each focused control visibly ringed and never
 * under the sticky header, on a 320 px phone too.
 */
import type { Page } from "@playwright/test";

import { expect, inTurn, siteUrl, test } from "./fixtures";
import { expectFocusShown } from "./focus";

/** Tab until `target` has the focus (at most `limit` presses), then check it is shown. */
async function tabTo(page: Page, target: ReturnType<Page["locator"]>, limit = 40) {
  for (let press = 0; press < limit; press += 1) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement)) {
      await expectFocusShown(page);
      return;
    }
  }
  throw new Error(`no focus on ${target.toString()} after ${limit} presses of Tab`);
}

test("keyboard only: an earlier version leads back to the text in effect", inTurn(0), async ({ page }) => {
  await page.goto(siteUrl("nl", "/nl/document/privacy-policy/versions/2025-05-15"));
  await tabTo(page, page.getByRole("link", { name: "Lees de versie die nu geldt" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(siteUrl("nl", "/nl/document/privacy-policy"));
});

test("keyboard only, at 320 px: two versions picked and compared", inTurn(1), async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(siteUrl("be", "/fr/document/privacy-policy/compare"));
  await tabTo(page, page.getByLabel("Version antérieure"));
  // The oldest version: the select moves by arrow keys while closed.
  await page.keyboard.press("End");
  await expect(page.getByLabel("Version antérieure")).toHaveValue("2024-03-01");
  await tabTo(page, page.getByLabel("Version plus récente"), 2);
  await tabTo(page, page.getByRole("button", { name: "Comparer", exact: true }), 2);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/compare\?from=2024-03-01&to=2026-10-01$/);
  await expect(page.getByRole("insertion").first()).toBeVisible();
});
