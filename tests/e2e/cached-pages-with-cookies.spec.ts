/**
 * A visitor who carries our cookies (after a form post, in the
 * middle of an objection, signed in as staff) gets every public page that
 * their cookies do not change from the page cache, as every other visitor
 * does; the page that shows their flash, and the objection's steps, are
 * rendered for them. Seen through X-Cache (HIT or MISS: the cache answered;
 * none: rendered for this visitor) and through what each page holds: nothing
 * of one visitor ever reaches a page another gets.
 */
import type { Page, Response } from "@playwright/test";

import { expect, siteUrl, test } from "./fixtures";

const SENT = "Jouw bericht is succesvol verzonden.";

/** The answers that made the pages: documents (prefetched on hover too), and with JavaScript each client-side navigation's data. */
function pageAnswers(page: Page): Response[] {
  const answers: Response[] = [];
  page.on("response", (response) => {
    if (
      new URL(response.url()).pathname.endsWith(".data") ||
      response.headers()["content-type"]?.startsWith("text/html")
    )
      answers.push(response);
  });
  return answers;
}

/**
 * How the page at `path` was answered since the `from`-th answer: the X-Cache
 * of each answer for it (none when it was rendered for this visitor). With
 * JavaScript a link brings the page's data, or nothing when the page needs
 * none it does not have (home after a document).
 */
function cachesOf(answers: Response[], path: string, from = 0): Promise<Array<string | undefined>> {
  const isFor = (response: Response) =>
    [path, `${path}.data`].includes(new URL(response.url()).pathname) && response.request().method() === "GET";
  return Promise.all(
    answers
      .slice(from)
      .filter(isFor)
      .map(async (response) => (await response.allHeaders())["x-cache"]),
  );
}

async function sendContact(page: Page, name: string) {
  await page.getByLabel("Naam").fill(name);
  await page.getByLabel("E-mailadres").fill(`${name.toLowerCase().replace(/\W+/g, ".")}@veldhaven-test.nl`);
  await page.getByLabel("Je vraag").fill(`Een vraag van ${name}.`);
  await page.getByRole("button", { name: "Verstuur" }).click();
}

test("after a post, only the page with the banner is rendered for the visitor; the next pages come from the cache and hold nothing of them", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  const answers = pageAnswers(page);
  await page.goto(siteUrl("nl", "/nl"));
  const name = `Cookiedrager ${test.info().project.name} ${Date.now()}`;
  await sendContact(page, name);
  await expect(page.getByTestId("banner")).toContainText(SENT);
  // The page that showed the banner was the visitor's own.
  expect((await cachesOf(answers, "/nl")).at(-1)).toBeUndefined();
  // Taken once shown: the emptied cookie is gone.
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain("__session");

  const menu = page.getByRole("navigation", { name: "Hoofdmenu" });
  let fromCache = 0;
  for (const [where, link, path] of [
    [menu, "Over ons", "/nl/about"],
    [page.getByRole("contentinfo"), "Privacybeleid", "/nl/document/privacy-policy"],
    [menu, "Home", "/nl"],
  ] as const) {
    const from = answers.length;
    await where.getByRole("link", { name: link, exact: true }).click();
    await expect(page).toHaveURL(siteUrl("nl", path));
    await page.waitForLoadState("networkidle");
    const caches = await cachesOf(answers, path, from);
    for (const cache of caches) expect(cache, path).toMatch(/^(HIT|MISS)$/);
    fromCache += caches.length;
    await expect(page.getByTestId("banner")).toHaveCount(0);
    expect(await page.content()).not.toContain(name);
  }
  expect(fromCache).toBeGreaterThanOrEqual(2);

  // Another visitor who sends the form at the same time sees their own banner, never this one's name.
  const other = await browser.newContext({ javaScriptEnabled });
  const otherPage = await other.newPage();
  await otherPage.goto(siteUrl("nl", "/nl"));
  await sendContact(otherPage, `Andere bezoeker ${Date.now()}`);
  await expect(otherPage.getByTestId("banner")).toContainText(SENT);
  expect(await otherPage.content()).not.toContain(name);
  // The pages the first visitor got from the cache are the ones everyone gets.
  await otherPage.goto(siteUrl("nl", "/nl/about"));
  expect(await otherPage.content()).not.toContain(name);
  await other.close();
  await page.reload();
  await expect(page.getByTestId("banner")).toHaveCount(0);
});

test("in the middle of an objection the steps are rendered for the visitor, every other page comes from the cache", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  const answers = pageAnswers(page);
  await page.goto(siteUrl("be", "/nl/privacy-rights/direct-marketing/brands"));
  const brands = page.locator('input[name="brands"]');
  const chosen = (await brands.nth(2).getAttribute("value"))!;
  await brands.nth(2).check();
  await page.getByRole("button", { name: "Volgende stap" }).click();
  await expect(page).toHaveURL(/\/communication-types$/);
  expect(await cachesOf(answers, "/nl/privacy-rights/direct-marketing/communication-types")).toEqual([undefined]);
  expect((await page.context().cookies()).map((cookie) => cookie.name)).toContain("__privacy");

  // Back to step 1: the choice is the visitor's, so the page is theirs.
  const back = answers.length;
  await page.goto(siteUrl("be", "/nl/privacy-rights/direct-marketing/brands"));
  expect(await cachesOf(answers, "/nl/privacy-rights/direct-marketing/brands", back)).toEqual([undefined]);
  await expect(page.locator(`input[name="brands"][value="${chosen}"]`)).toBeChecked();
  await expect(page.locator('input[name="brands"]:checked')).toHaveCount(1);

  // Any other page: the one every visitor gets.
  await page.goto(siteUrl("be", "/nl/about"));
  expect((await cachesOf(answers, "/nl/about")).at(-1)).toMatch(/^(HIT|MISS)$/);

  // A visitor without the cookie gets step 1 with nothing ticked, and no step 2.
  const other = await browser.newContext({ javaScriptEnabled });
  const otherPage = await other.newPage();
  await otherPage.goto(siteUrl("be", "/nl/privacy-rights/direct-marketing/brands"));
  await expect(otherPage.locator('input[name="brands"]:checked')).toHaveCount(0);
  await otherPage.goto(siteUrl("be", "/nl/privacy-rights/direct-marketing/communication-types"));
  await expect(otherPage).toHaveURL(siteUrl("be", "/nl/privacy-rights"));
  await other.close();
});
