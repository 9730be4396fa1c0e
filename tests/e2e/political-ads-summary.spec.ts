/**
 * With JavaScript on and off, in Dutch and French: the register
 * at a glance below the list says what the list call's `summary` says for
 * the same filters, which in turn is what the filtered items add up to; the
 * bars are drawn to scale, one per table row, visible in forced colours;
 * the block fits 320 px at 200 % text and passes axe. With JavaScript it
 * follows a filter change without a page load.
 */
import type { Page } from "@playwright/test";

import { expect, expectAxeClean, inTurn, layoutIsCss, onlyWithJavaScript, siteUrl, test, type Host } from "./fixtures";
import { horizontalOverflow, setTextSize } from "./reflow";
import { readable } from "./soft-hyphens";

type Summary = {
  count: number;
  spending: { lower: number; upper: number | null; withoutFigure: number };
  perChannel: Array<{ channel: string; count: number }>;
  topSponsors: Array<{ name: string; lower: number; upper: number | null; count: number }>;
};
type Item = { channel: string; budgetLowerBound: number | null; budgetUpperBound: number | null };

const euro = (value: number) =>
  new Intl.NumberFormat("nl-NL", {
    style: "currency",
    currency: "EUR",
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).format(value);
const count = (value: number) => new Intl.NumberFormat("nl-NL", { maximumFractionDigits: 0 }).format(value);

const SITES = {
  nl: {
    host: "nl" as Host,
    country: "NL",
    range: (l: number, u: number) => `${euro(l)} tot ${euro(u)}`,
    atLeast: (l: number) => `minstens ${euro(l)}`,
    title: "Het register in cijfers",
  },
  fr: {
    host: "be" as Host,
    country: "BE",
    range: (l: number, u: number) => `de ${euro(l)} à ${euro(u)}`,
    atLeast: (l: number) => `au moins ${euro(l)}`,
    title: "Le registre en chiffres",
  },
};

async function api(
  page: Page,
  host: Host,
  country: string,
  query: string,
): Promise<{ campaignItems: Item[]; summary: Summary }> {
  const answer = await page.request.get(
    `http://127.0.0.1:${process.env.E2E_PORT}/api/campaign-items?countryCode=${country}${query}`,
    { headers: { Host: `${host}.localhost:${process.env.E2E_PORT}` } },
  );
  expect(answer.status()).toBe(200);
  return answer.json();
}

/** What the page's block says, read the way a visitor reads it. */
async function shown(page: Page) {
  const block = page.getByRole("region", { name: /Het register in cijfers|Le registre en chiffres/ });
  const rows = (chart: string) =>
    block.locator(`table[data-chart=${chart}] tbody tr`).evaluateAll((trs) =>
      trs.map((tr) => ({
        label: tr.querySelector("th")!.textContent!.replaceAll("\u00ad", "").trim(),
        figure: tr.querySelector("td")!.textContent!.replaceAll("\u00ad", "").trim(),
        width: Number(tr.querySelector("rect")!.getAttribute("width")),
        value: Number(tr.querySelector("rect")!.getAttribute("data-value")),
      })),
    );
  return {
    count: readable((await block.locator("[data-summary=count]").textContent())!).trim(),
    spending: readable((await block.locator("[data-summary=spending]").textContent())!).trim(),
    channels: await rows("channels"),
    sponsors: await rows("sponsors"),
  };
}

function expectAgrees(
  site: (typeof SITES)[keyof typeof SITES],
  page: Awaited<ReturnType<typeof shown>>,
  summary: Summary,
  items: Item[],
) {
  // The call's summary is what its items add up to.
  expect(summary.count).toBe(items.length);
  expect(summary.perChannel.map((row) => row.count)).toEqual(
    summary.perChannel.map((row) => items.filter((item) => item.channel === row.channel).length),
  );
  expect(summary.spending.lower).toBe(items.reduce((sum, item) => sum + (item.budgetLowerBound ?? 0), 0));
  // The page says the same.
  expect(page.count).toBe(count(summary.count));
  const spending =
    summary.spending.upper === null
      ? site.atLeast(summary.spending.lower)
      : site.range(summary.spending.lower, summary.spending.upper);
  expect(page.spending.startsWith(spending)).toBe(true);
  expect(page.channels.map((row) => row.figure)).toEqual(summary.perChannel.map((row) => count(row.count)));
  expect(page.sponsors.map((row) => row.label)).toEqual(summary.topSponsors.map((row) => row.name));
  // One bar per row, to scale: the largest is full width.
  for (const rows of [page.channels, page.sponsors]) {
    const max = Math.max(0, ...rows.map((row) => row.value));
    for (const row of rows) expect(row.width).toBeCloseTo(max ? (row.value / max) * 100 : 0, 0);
  }
}

// The page as loaded, with or without its script: the projects take turns over the filters.
for (const [offset, [language, site]] of Object.entries(SITES).entries()) {
  for (const [turn, query] of ["", "&channel=PRINT", "&period=PAST_YEAR&text=lijst"].entries()) {
    test(
      `the summary says what the list call says (${language}${query || ", everything"})`,
      inTurn(turn + offset),
      async ({ page }) => {
        await page.goto(siteUrl(site.host, `/${language}/political-ads?${query.slice(1)}`));
        const { campaignItems, summary } = await api(page, site.host, site.country, query);
        expectAgrees(site, await shown(page), summary, campaignItems);
        await expect(page.locator(".app-ad-results__count")).toContainText(String(summary.count));
      },
    );
  }
}

test(
  "with JavaScript the summary follows a filter change in place",
  onlyWithJavaScript("without JavaScript the filter form loads the page (the tests above)"),
  async ({ page }) => {
    await page.goto(siteUrl("be", "/fr/political-ads"));
    const before = (await shown(page)).count;
    await page.getByLabel("Canal").selectOption("RADIO");
    const { campaignItems, summary } = await api(page, "be", "BE", "&channel=RADIO");
    await expect(page.locator("[data-summary=count]")).toHaveText(count(summary.count));
    expect(count(summary.count)).not.toBe(before);
    expectAgrees(SITES.fr, await shown(page), summary, campaignItems);
  },
);

test(
  "the bars stay drawn in forced colours, and the block fits 320 px at 200 % text and passes axe",
  layoutIsCss,
  async ({ page }) => {
    await page.emulateMedia({ forcedColors: "active" });
    await page.goto(siteUrl("nl", "/nl/political-ads"));
    const colours = await page
      .locator(".app-bar__fill")
      .evaluateAll((rects) => rects.map((rect) => getComputedStyle(rect).fill));
    const text = await page.evaluate(() => getComputedStyle(document.body).color);
    expect(colours.length).toBeGreaterThan(0);
    for (const colour of colours) expect(colour).toBe(text);
    await page.emulateMedia({ forcedColors: "none" });
    await page.setViewportSize({ width: 320, height: 640 });
    await setTextSize(page, 2);
    for (const path of ["/nl/political-ads", "/nl/political-ads?channel=DIGITAL"]) {
      await page.goto(siteUrl("nl", path));
      expect(await horizontalOverflow(page), path).toBeNull();
    }
    await page.goto(siteUrl("be", "/fr/political-ads"));
    expect(await horizontalOverflow(page)).toBeNull();
    await expectAxeClean(page);
  },
);
