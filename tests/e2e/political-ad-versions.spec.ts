/**
 * With JavaScript on and off, in Dutch and French: an import
 * that changes an ad and a correction by staff each make a version on
 * record; the notice shows its history, every version answers on its
 * permanent address, and the JSON call carries the version.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { request, spawnServer, type SpawnedServer } from "../setup/spawn-server";
import { expect, expectAxeClean, inTurn, layoutIsCss, onlyWithJavaScript, test, type Host } from "./fixtures";
import { horizontalOverflow, setTextSize } from "./reflow";
import { soft } from "./soft-hyphens";

// A server of its own: the ads these tests add and change stay out of the
// register the other specs count.
let server: SpawnedServer;
test.beforeAll(async () => {
  server = await spawnServer({ PAGE_CACHE_SECONDS: "0" });
});
test.afterAll(async () => server?.stop());

const siteUrl = (host: Host, path: string) => `http://${host}.localhost:${server.port}${path}`;
const getJson = async (host: Host, path: string) => {
  const answer = await request(server.port, { path, host: `${host}.localhost:${server.port}` });
  return {
    status: answer.status,
    headers: answer.headers,
    json: () => JSON.parse(answer.body) as Record<string, unknown>,
  };
};

const campaignsCli = (...args: string[]) =>
  execFileSync(path.join("node_modules", ".bin", "tsx"), ["scripts/campaigns.ts", ...args], {
    env: { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: "warn" },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });

function importRows(rows: object[]) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "register-")), "register.json");
  fs.writeFileSync(file, JSON.stringify(rows));
  return campaignsCli("import", file);
}

/** An ad no other test (or project) touches, so the page cache has never seen it. */
const uniqueId = (country: string) =>
  `${country}-V${test.info().project.name.replace(/\W/g, "")}-${Date.now().toString(36)}`.slice(0, 40);

const SITES = {
  nl: {
    host: "nl" as Host,
    country: "NL",
    context: { campaignContextType: "GEMEENTERAAD", campaignContextNoteNl: "Over het nieuwe zwembad" },
    running: "Actief",
    stopped: "Afgelopen",
    history: "Wijzigingen",
    changed: soft(/Versie 2 · Gewijzigd op/),
    fields: "Gewijzigd: uitgaven (bovengrens), status",
    correction: "Correctie",
    reason: "Reden: Naam van de partij verbeterd",
    current: "Versie 3 (huidige versie)",
    view: (n: number) => `Versie ${n} bekijken`,
    viewing: "Je bekijkt versie 1 van deze melding",
    notCurrent: "Dit is niet de huidige versie.",
    toCurrent: "Naar de huidige versie",
    notFound: "Deze versie van de melding bestaat niet.",
  },
  fr: {
    host: "be" as Host,
    country: "BE",
    context: { campaignContextType: "WALLONIE_LOKALE", campaignContextNoteFr: "Sur la nouvelle piscine" },
    running: "Active",
    stopped: "Terminée",
    history: "Modifications",
    changed: soft(/Version 2 · Modifié le/),
    fields: "Modifié : dépenses (maximum), statut",
    correction: "Correction",
    reason: "Motif : Naam van de partij verbeterd",
    current: "Version 3 (version actuelle)",
    view: (n: number) => `Voir la version ${n}`,
    viewing: "Vous consultez la version 1 de cet avis",
    notCurrent: "Ce n'est pas la version actuelle.",
    toCurrent: "Voir la version actuelle",
    notFound: "Cette version de l'avis n'existe pas.",
  },
};

for (const [turn, [language, site]] of Object.entries(SITES).entries()) {
  test(
    `an ad changed by an import and corrected by staff keeps every version (${language})`,
    inTurn(turn),
    async ({ page }) => {
      const id = uniqueId(site.country);
      const row = {
        id,
        country: site.country,
        status: "RUNNING",
        channel: "PRINT",
        sponsorName: "Lijst Zwembad Nu",
        publicationStartDate: "2026-11-01",
        publicationEndDate: "2026-12-15",
        budgetLowerBound: 1000,
        budgetUpperBound: 5000,
        fundingOriginType: "PRIVATE",
        fundingRegion: "EU",
        ...site.context,
      };
      expect(importRows([row])).toContain("1 added");
      expect(importRows([{ ...row, status: "STOPPED", budgetUpperBound: 7500 }])).toContain("1 updated");
      expect(
        campaignsCli(
          "correct",
          id,
          "--reason",
          "Naam van de partij verbeterd",
          "--set",
          "sponsorName=Lijst Zwembad Nu!",
        ),
      ).toContain("version 3 recorded");

      await page.goto(siteUrl(site.host, `/${language}/political-ads/${id}`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lijst Zwembad Nu!");
      const history = page.getByRole("region", { name: site.history });
      await expect(history.getByRole("listitem")).toHaveCount(3);
      await expect(history.getByRole("listitem").nth(0)).toContainText(site.current);
      await expect(history.getByRole("listitem").nth(0)).toContainText(site.correction);
      await expect(history.getByRole("listitem").nth(0)).toContainText(site.reason);
      await expect(history.getByRole("listitem").nth(1)).toContainText(site.changed);
      await expect(history.getByRole("listitem").nth(1)).toContainText(site.fields);

      // The first version, as it was, on its permanent address.
      await history.getByRole("link", { name: site.view(1) }).click();
      await expect(page).toHaveURL(new RegExp(`/${language}/political-ads/${id}/v/1$`));
      await expect(page.getByText(site.viewing)).toBeVisible();
      await expect(page.getByText(site.notCurrent)).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lijst Zwembad Nu");
      await expect(page.locator(".app-status")).toHaveText(site.running);
      await expect(page).toHaveTitle(/v(ersie|ersion) 1/);
      await expectAxeClean(page);
      await page.getByRole("link", { name: site.toCurrent }).click();
      await expect(page).toHaveURL(new RegExp(`/${language}/political-ads/${id}$`));
      await expect(page.locator(".app-status")).toHaveText(site.stopped);

      // Every permanent address answers; one that never existed is a 404 that says so.
      for (const version of [1, 2, 3]) {
        expect((await getJson(site.host, `/${language}/political-ads/${id}/v/${version}`)).status).toBe(200);
      }
      const missing = await page.goto(siteUrl(site.host, `/${language}/political-ads/${id}/v/4`));
      expect(missing?.status()).toBe(404);
      await expect(page.getByRole("alert")).toHaveText(site.notFound);
      await expect(page).toHaveTitle(new RegExp(`^${site.notFound.replace(/[.]/g, "\\.")} \\|`));
      expect((await getJson(site.host, `/${language}/political-ads/${id}/v/zero`)).status).toBe(404);

      // The calls carry the version; a version's JSON is that version.
      const current = await getJson(site.host, `/api/campaign-items/${id}?countryCode=${site.country}`);
      expect(current.json()).toMatchObject({
        id,
        version: 3,
        status: "STOPPED",
        budgetUpperBound: 7500,
        sponsorName: "Lijst Zwembad Nu!",
      });
      const first = await getJson(site.host, `/api/campaign-items/${id}?countryCode=${site.country}&version=1`);
      expect(first.headers["content-disposition"]).toContain(`politieke-advertentie-${id}-v1.json`);
      expect(first.json()).toMatchObject({
        id,
        version: 1,
        status: "RUNNING",
        budgetUpperBound: 5000,
        sponsorName: "Lijst Zwembad Nu",
      });
      expect((await getJson(site.host, `/api/campaign-items/${id}?countryCode=${site.country}&version=0`)).status).toBe(
        400,
      );
      const list = await getJson(
        site.host,
        `/api/campaign-items?countryCode=${site.country}&text=${encodeURIComponent(id)}`,
      );
      expect(list.json().campaignItems).toMatchObject([{ id, version: 3 }]);
    },
  );
}

test("a kept version fits 320 px at 200 % text", layoutIsCss, async ({ page }) => {
  const id = uniqueId("BE");
  importRows([
    {
      id,
      country: "BE",
      status: "RUNNING",
      channel: "DIGITAL",
      sponsorName: "Liste Citoyenne pour une Mobilité Durable et Solidaire en Wallonie",
      publicationStartDate: "2026-11-01",
      fundingOriginType: "PUBLIC",
      fundingRegion: "EU",
      campaignContextType: "WAALS_PARLEMENT",
      campaignContextNoteFr: "Sur les transports publics",
    },
  ]);
  campaignsCli("suspend", id, "--reason", "Publication suspendue à la demande du Conseil supérieur de l'audiovisuel");
  await page.setViewportSize({ width: 320, height: 640 });
  await setTextSize(page, 2);
  for (const path of [`/fr/political-ads/${id}/v/1`, `/fr/political-ads/${id}`]) {
    await page.goto(siteUrl("be", path));
    expect(await horizontalOverflow(page), path).toBeNull();
  }
  await expect(page.getByText("Publication suspendue", { exact: true })).toBeVisible();
  await expectAxeClean(page);
});

test(
  "the retention run removes a notice 7 years after its ad ended, with its versions, and keeps a recent one",
  onlyWithJavaScript("the retention run is the server's: the pages read the same either way, so it runs once"),
  async ({ page }) => {
    const old = uniqueId("NL");
    const recent = `${old.slice(0, 36)}-R`;
    const ad = (id: string, start: string, end: string) => ({
      id,
      country: "NL",
      status: "STOPPED",
      channel: "DIGITAL",
      sponsorName: "Partij van Toen",
      publicationStartDate: start,
      publicationEndDate: end,
      fundingOriginType: "PRIVATE",
      fundingRegion: "EU",
      campaignContextType: "TWEEDE_KAMER",
    });
    const ended = new Date();
    ended.setUTCFullYear(ended.getUTCFullYear() - 7);
    ended.setUTCDate(ended.getUTCDate() - 2);
    const endDay = ended.toISOString().slice(0, 10);
    importRows([ad(old, "2017-01-01", endDay), ad(recent, "2025-01-01", "2025-02-01")]);
    importRows([{ ...ad(old, "2017-01-01", endDay), sponsorName: "Partij van Toen (BV)" }]);
    expect((await getJson("nl", `/nl/political-ads/${old}/v/2`)).status).toBe(200);

    const report = JSON.parse(
      execFileSync(path.join("node_modules", ".bin", "tsx"), ["scripts/retention.ts"], {
        env: { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: "warn" },
        encoding: "utf8",
      }),
    );
    expect(report.deletedNotices).toBe(1);

    for (const gone of [`/nl/political-ads/${old}`, `/nl/political-ads/${old}/v/1`, `/nl/political-ads/${old}/v/2`]) {
      expect((await getJson("nl", gone)).status, gone).toBe(404);
    }
    expect((await getJson("nl", `/api/campaign-items/${old}?countryCode=NL&version=1`)).status).toBe(404);
    await page.goto(siteUrl("nl", `/nl/political-ads/${recent}`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Partij van Toen");
  },
);
