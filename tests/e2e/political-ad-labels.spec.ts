/**
 * An ad's print label, SVG and PNG, in the ad's language,
 * whose QR code (read back here with jsQR) is the notice's permanent
 * address; and the back office's ZIP of every label of a campaign period
 * (JavaScript on and off), with its field errors, at 320 px / 200 % text.
 * A label is rendered once and answered by ETag (so a query string cannot make the
 * server draw it again and again), and prints a sponsor's name of 200 characters whole.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import type { Page } from "@playwright/test";
import { unzipSync } from "fflate";
import jsQR from "jsqr";
import { PNG } from "pngjs";

import { spawnServer, type SpawnedServer } from "../setup/spawn-server";
import { expect, expectAxeClean, inTurn, layoutIsCss, siteUrl, test, theServersAnswer, type Host } from "./fixtures";
import { horizontalOverflow, setTextSize } from "./reflow";
import { addStaff, signInAsStaff, uniqueStaffEmail } from "./staff-fixtures";

type Item = {
  id: string;
  language: string;
  sponsorName: string;
  publicationStartDate: string;
  publicationEndDate: string;
};

const port = () => process.env.E2E_PORT;
const call = (page: Page, host: Host, path: string) =>
  page.request.get(`http://127.0.0.1:${port()}${path}`, { headers: { Host: `${host}.localhost:${port()}` } });

async function register(page: Page, host: Host): Promise<Item[]> {
  return (await (await call(page, host, `/api/campaign-items?countryCode=${host.toUpperCase()}`)).json()).campaignItems;
}

function qrOf(png: Buffer): string {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? "(no QR code found)";
}

const CASES = [
  { host: "nl" as Host, pick: (items: Item[]) => items[0], statement: "Politieke advertentie", sponsor: "Sponsor: " },
  {
    host: "be" as Host,
    pick: (items: Item[]) => items.find((item) => item.language === "fr")!,
    statement: "Publicité politique",
    sponsor: "Parrain : ",
  },
];

// Files the server draws: the projects take turns over the two countries.
for (const [turn, label] of CASES.entries()) {
  test(
    `the label of an ad (${label.host}, ${label.statement}): SVG and PNG whose QR code is the notice's permanent address`,
    inTurn(turn),
    async ({ page }) => {
      const item = label.pick(await register(page, label.host));
      const permanent = siteUrl(label.host, `/${item.language}/political-ads/${item.id}`);
      // The page's language does not matter: the label speaks the ad's.
      const png = await call(page, label.host, `/nl/political-ads/${item.id}/label.png`);
      expect(png.status()).toBe(200);
      expect(png.headers()["content-type"]).toBe("image/png");
      expect(qrOf(await png.body())).toBe(permanent);

      const svg = await call(page, label.host, `/fr/political-ads/${item.id}/label.svg`);
      expect(svg.headers()["content-type"]).toContain("image/svg+xml");
      const text = await svg.text();
      expect(text).toContain(label.statement);
      expect(text).toContain(permanent.replace(/^http:\/\//, "").split("/")[0]);
      // Drawn by a browser, the SVG's code reads the same.
      await page.setViewportSize({ width: 900, height: 400 });
      await page.goto(siteUrl(label.host, `/nl/political-ads/${item.id}/label.svg`));
      // A bare SVG document may not have painted its first frame yet: take it again until it has.
      await expect(async () => expect(qrOf(await page.screenshot())).toBe(permanent)).toPass({ timeout: 10_000 });
    },
  );
}

test("an ad's page links its label; an unknown ad has none", theServersAnswer, async ({ page }) => {
  const item = (await register(page, "nl"))[0];
  await page.goto(siteUrl("nl", `/nl/political-ads/${item.id}`));
  await expect(page.getByRole("link", { name: "PNG" })).toHaveAttribute(
    "href",
    `/nl/political-ads/${item.id}/label.png`,
  );
  await expect(page.getByRole("link", { name: "SVG" })).toHaveAttribute(
    "href",
    `/nl/political-ads/${item.id}/label.svg`,
  );
  expect((await call(page, "nl", "/nl/political-ads/NL-0000-0000/label.png")).status()).toBe(404);
  expect((await call(page, "be", `/nl/political-ads/${item.id}/label.svg`)).status()).toBe(404);
});

test("the back office's ZIP holds every label of a campaign period, and only those", async ({ page }) => {
  const officer = uniqueStaffEmail("labels");
  await addStaff(officer, "officer");
  await signInAsStaff(page, officer);
  await page.goto(siteUrl("nl", "/nl/internal-privacy-rights/ad-labels"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Labels voor politieke advertenties");

  // Both days missing, then the end before the start.
  await page.getByRole("button", { name: "Download de labels (ZIP)" }).click();
  await expect(page.locator(".app-error-summary")).toBeFocused();
  // What to enter, and the title says there is an error.
  await expect(page.locator(".app-error-summary").getByRole("link")).toHaveText([
    "Van (dag): Vul de eerste dag van de periode in",
    "Tot en met (dag): Vul de laatste dag van de periode in",
  ]);
  await expect(page).toHaveTitle(/^Fout: Labels voor politieke advertenties/);
  await page.getByLabel("Van (dag)").fill("2026-11-20");
  await page.getByLabel("Tot en met (dag)").fill("2026-11-01");
  await page.getByRole("button", { name: "Download de labels (ZIP)" }).click();
  await expect(page.locator(".app-error-summary").getByRole("link")).toHaveText([
    "Tot en met (dag): De einddag ligt voor de begindag",
  ]);

  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const [from, to] = [day(40), day(10)];
  const expected = (await register(page, "nl"))
    .filter((item) => item.publicationStartDate <= to && (!item.publicationEndDate || item.publicationEndDate >= from))
    .map((item) => item.id)
    .sort();
  expect(expected.length).toBeGreaterThan(0);
  await page.getByLabel("Van (dag)").fill(from);
  await page.getByLabel("Tot en met (dag)").fill(to);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download de labels (ZIP)" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`labels-nl-${from}-${to}.zip`);
  const files = unzipSync(
    new Uint8Array(await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks))),
  );
  const names = Object.keys(files).sort();
  expect(names).toEqual(expected.flatMap((id) => [`label-${id}.png`, `label-${id}.svg`]).sort());
  expect(qrOf(Buffer.from(files[`label-${expected[0]}.png`]))).toBe(siteUrl("nl", `/nl/political-ads/${expected[0]}`));

  // A period without ads says so; the download itself refuses anyone but an officer.
  expect(
    (await call(page, "nl", `/nl/internal-privacy-rights/ad-labels/download?from=${from}&to=${to}`)).status(),
  ).toBe(401);
  await page.goto(siteUrl("nl", "/nl/internal-privacy-rights/ad-labels?from=2001-01-01&to=2001-01-31"));
  await expect(page.locator(".app-error-summary")).toContainText("In deze periode liep geen advertentie op deze site.");
});

test("the labels page fits 320 px at 200 % text and passes axe", layoutIsCss, async ({ page }) => {
  const officer = uniqueStaffEmail("labels-reflow");
  await addStaff(officer, "officer");
  await signInAsStaff(page, officer);
  await page.setViewportSize({ width: 320, height: 640 });
  await setTextSize(page, 2);
  for (const path of [
    "/nl/internal-privacy-rights/ad-labels",
    "/nl/internal-privacy-rights/ad-labels?from=2026-11-20&to=2026-11-01",
  ]) {
    await page.goto(siteUrl("nl", path));
    expect(await horizontalOverflow(page), path).toBeNull();
    await expectAxeClean(page);
  }
});

test.describe("labels from a server of its own, whose register these tests add to", () => {
  const TOKEN = "e2e-label-metrics-token-0123456789abcdef0123";
  let server: SpawnedServer;
  test.beforeAll(async () => {
    server = await spawnServer({ METRICS_TOKEN: TOKEN });
  });
  test.afterAll(async () => server?.stop());
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "one run is enough: no page script is involved");

  const ask = (page: Page, host: Host, path: string, headers: Record<string, string> = {}) =>
    page.request.get(`http://127.0.0.1:${server.port}${path}`, {
      headers: { Host: `${host}.localhost:${server.port}`, ...headers },
      maxRedirects: 0,
    });
  const renders = async (page: Page) => {
    const text = await (await ask(page, "nl", "/metrics", { Authorization: `Bearer ${TOKEN}` })).text();
    return text
      .split("\n")
      .filter((line) => line.startsWith("political_ad_label_renders_total{") && line.includes('result="rendered"'))
      .reduce((sum, line) => sum + Number(line.split(" ").at(-1)), 0);
  };

  test("a label is rendered once; a query string changes neither its ETag nor the count of renders; 304 for a client that holds it", async ({
    page,
  }) => {
    const item = (await (await ask(page, "nl", "/api/campaign-items?countryCode=NL")).json()).campaignItems[0] as Item;
    const before = await renders(page);
    const first = await ask(page, "nl", `/nl/political-ads/${item.id}/label.png`);
    expect(first.status()).toBe(200);
    const etag = first.headers()["etag"];
    expect(etag).toMatch(/^"[^"]+"$/);
    const rendered = await renders(page);
    expect(rendered).toBe(before + 1);
    for (let n = 0; n < 20; n++) {
      const again = await ask(page, "nl", `/nl/political-ads/${item.id}/label.png?n=${n}&t=${Date.now()}`);
      expect(again.headers()["etag"]).toBe(etag);
    }
    expect(
      (await ask(page, "nl", `/nl/political-ads/${item.id}/label.png?x=1`, { "If-None-Match": etag })).status(),
    ).toBe(304);
    expect(await renders(page)).toBe(rendered);
  });

  test("a label is rendered once whatever other port the Host header names: the same PNG, whose QR code names no forged port", async ({
    page,
  }) => {
    // An ad no other test here asks the label of: its first render is this test's.
    const item = (await (await ask(page, "nl", "/api/campaign-items?countryCode=NL")).json()).campaignItems[1] as Item;
    const before = await renders(page);
    const labels = [];
    for (const port of [server.port + 1, server.port + 2, 8443]) {
      const answer = await page.request.get(`http://127.0.0.1:${server.port}/nl/political-ads/${item.id}/label.png`, {
        headers: { Host: `nl.localhost:${port}` },
      });
      expect(answer.status(), String(port)).toBe(200);
      labels.push(await answer.body());
    }
    expect(await renders(page)).toBe(before + 1);
    for (const label of labels) expect(label.equals(labels[0])).toBe(true);
    // A port other than the listener's is a proxy's (or a client's choice): the site's name without it.
    expect(qrOf(labels[0])).toBe(`http://nl.localhost/${item.language}/political-ads/${item.id}`);
  });

  function importRows(rows: object[]) {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "register-")), "register.json");
    fs.writeFileSync(file, JSON.stringify(rows));
    return execFileSync(path.join("node_modules", ".bin", "tsx"), ["scripts/campaigns.ts", "import", file], {
      env: { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: "warn" },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    });
  }

  const LONG = [
    {
      host: "nl" as Host,
      country: "NL",
      language: "nl",
      prefix: "Sponsor: ",
      words: "Vereniging van Vlaamse Steden en Gemeenten vzw / Samenwerkingsverband Lokale Besturen",
    },
    {
      host: "be" as Host,
      country: "BE",
      language: "nl",
      prefix: "Sponsor: ",
      words: "Vereniging van Vlaamse Steden en Gemeenten vzw / Samenwerkingsverband Lokale Besturen",
    },
    {
      host: "be" as Host,
      country: "BE",
      language: "fr",
      prefix: "Parrain : ",
      words: "Association des Villes et Communes de la Région de Bruxelles-Capitale asbl / Union",
    },
  ];
  for (const label of LONG) {
    test(`a sponsor of 200 characters is printed whole (${label.country}, ${label.language})`, async ({ page }) => {
      const id = `${label.country}-L${label.language}-${Date.now().toString(36)}`;
      let name = label.words;
      while (name.length < 200) name += ` ${label.words}`;
      name = name.slice(0, 199).trimEnd().padEnd(200, "x");
      importRows([
        {
          id,
          country: label.country,
          language: label.language,
          status: "RUNNING",
          channel: "PRINT",
          sponsorName: name,
          publicationStartDate: "2026-11-01",
          publicationEndDate: "2026-12-15",
          fundingOriginType: "PRIVATE",
          fundingRegion: "EU",
          ...(label.country === "NL"
            ? { campaignContextType: "GEMEENTERAAD" }
            : { campaignContextType: "VLAANDEREN_LOKALE" }),
        },
      ]);
      const svg = await (await ask(page, label.host, `/${label.language}/political-ads/${id}/label.svg`)).text();
      const drawn = [...svg.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map((match) =>
        match[1].replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))),
      );
      expect(drawn.join(" ")).toContain(`${label.prefix}${name}`);
      expect(drawn.join(" ")).not.toContain("…");

      const png = await ask(page, label.host, `/${label.language}/political-ads/${id}/label.png`);
      const image = PNG.sync.read(await png.body());
      // 90 mm wide at 300 dpi, and taller than the usual 40 mm to hold the name.
      expect(image.width).toBe(1063);
      expect(image.height).toBeGreaterThan(Math.round((1063 * 40) / 90));
      expect(qrOf(await png.body())).toBe(
        `http://${label.host}.localhost:${server.port}/${label.language}/political-ads/${id}`,
      );
    });
  }
});
