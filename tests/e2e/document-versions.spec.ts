/**
 * A legal document's history: the page says since when its text applies and
 * what changed, and lists the earlier versions, each kept at its own address
 * with a notice that it no longer applies. A version dated later is shown
 * nowhere until its day (a server whose documents' calendar is moved with
 * DOCUMENTS_TODAY, the test clock).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

import { request, spawnServer, type SpawnedServer } from "../setup/spawn-server";
import { expect, expectAxeClean, inTurn, onlyWithJavaScript, siteUrl, test, type Host } from "./fixtures";
import { overflowOnPhoneAt200 } from "./reflow";
import { readable } from "./soft-hyphens";

const SITES: Array<{
  host: Host;
  lang: string;
  effectiveSince: string;
  changes: string;
  previous: string;
  earlier: string;
  notice: string;
  toCurrent: string;
}> = [
  {
    host: "nl",
    lang: "nl",
    effectiveSince: "Van kracht sinds 1 oktober 2026",
    changes: "Transparantiecentrum voor politieke advertenties toegevoegd en de klachtroute verduidelijkt.",
    previous: "Eerdere versies",
    earlier: "Versie van 15 mei 2025",
    notice: "Let op: deze versie is niet meer van kracht. Deze versie gold van 15 mei 2025 tot 1 oktober 2026.",
    toCurrent: "Lees de versie die nu geldt",
  },
  {
    host: "be",
    lang: "fr",
    effectiveSince: "En vigueur depuis le 1 octobre 2026",
    changes:
      "Ajout du centre de transparence pour la publicité à caractère politique et clarification de la procédure de plainte.",
    previous: "Versions précédentes",
    earlier: "Version du 15 mai 2025",
    notice:
      "Attention : cette version n'est plus en vigueur. Cette version était en vigueur du 15 mai 2025 au 1 octobre 2026.",
    toCurrent: "Lire la version en vigueur",
  },
];

test.describe("a document's versions", () => {
  for (const [turn, site] of SITES.entries()) {
    test(
      `/${site.lang} on .${site.host}: the date, what changed and the earlier versions; an earlier one says it no longer applies`,
      inTurn(turn),
      async ({ page }) => {
        const current = siteUrl(site.host, `/${site.lang}/document/privacy-policy`);
        await page.goto(current);
        await expect(page.getByText(site.effectiveSince)).toBeVisible();
        await expect(page.getByText(site.changes)).toBeVisible();
        // Two months on, the change is no longer pointed out.
        await expect(page.getByRole("note")).toHaveCount(0);
        const previous = page.getByRole("region", { name: site.previous });
        // At least this earlier version; others may join it in the content.
        const earlier = previous.getByRole("link", { name: site.earlier });
        await expect(earlier).toBeVisible();
        await expectAxeClean(page);

        await earlier.click();
        const archived = siteUrl(site.host, `/${site.lang}/document/privacy-policy/versions/2025-05-15`);
        await expect(page).toHaveURL(archived);
        await expect(page.getByRole("note").locator("p")).toHaveText([site.notice, site.toCurrent]);
        await expect(page).toHaveTitle(/2025/);
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
          "href",
          new RegExp(`/${site.lang}/document/privacy-policy/versions/2025-05-15$`),
        );
        // The trail leads back to the document.
        await expect(
          page.getByRole("navigation", { name: /^(Kruimelpad|Fil d'Ariane)$/ }).getByRole("link"),
        ).toHaveCount(2);
        await expectAxeClean(page);
        expect(await overflowOnPhoneAt200(page)).toBeNull();

        await page.getByRole("link", { name: site.toCurrent }).click();
        await expect(page).toHaveURL(current);
      },
    );
  }

  test(
    "an unknown date or document is not found; the current version's date leads to the document page",
    onlyWithJavaScript("HTTP only"),
    async () => {
      const get = (path: string) => request(Number(process.env.E2E_PORT), { path, host: "nl.localhost" });
      expect((await get("/nl/document/privacy-policy/versions/2025-01-01")).status).toBe(404);
      expect((await get("/nl/document/no-such-document/versions/2024-01-01")).status).toBe(404);
      const redirected = await get("/nl/document/privacy-policy/versions/2026-10-01");
      expect(redirected.status).toBe(302);
      expect(redirected.headers.location).toBe("/nl/document/privacy-policy");
      // Search finds the text in effect, not an earlier one.
      expect((await get("/nl/search?q=privacybeleid")).body).not.toContain("/versions/");
    },
  );
});

test.describe("a version dated later (the documents' calendar moved)", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "HTTP only: once is enough");
  let before: SpawnedServer;
  let onItsDay: SpawnedServer;
  test.beforeAll(async () => {
    [before, onItsDay] = await Promise.all([
      spawnServer({ DOCUMENTS_TODAY: "2026-09-15", ALLOW_TEST_CLOCK: "1", LOG_LEVEL: "warn" }),
      spawnServer({ DOCUMENTS_TODAY: "2026-10-01", ALLOW_TEST_CLOCK: "1", LOG_LEVEL: "warn" }),
    ]);
  });
  test.afterAll(async () => {
    await Promise.all([before?.stop(), onItsDay?.stop()]);
  });

  test("is shown nowhere before its day but announced with its date and summary, then is current", async () => {
    // The HTML as a person reads it: without the soft hyphens of long words.
    const page = async (server: SpawnedServer, path: string) => {
      const answer = await request(server.port, { path, host: "nl.localhost" });
      return { ...answer, body: readable(answer.body) };
    };

    const announced = await page(before, "/nl/document/privacy-policy");
    expect(announced.status).toBe(200);
    expect(announced.body).toContain("Van kracht sinds 15 mei 2025");
    expect(announced.body).toContain("Op 1 oktober 2026 gaat een nieuwe versie van kracht.");
    expect(announced.body).toContain(
      "Transparantiecentrum voor politieke advertenties toegevoegd en de klachtroute verduidelijkt.",
    );
    // Not its text, and not its address.
    expect(announced.body).not.toContain("4.3 Politieke advertenties");
    expect(announced.body).not.toContain("/versions/2026-10-01");
    expect((await page(before, "/nl/document/privacy-policy/versions/2026-10-01")).status).toBe(404);
    const json = await request(before.port, {
      path: "/api/plainhtml/privacy-policy?locale=nl_nl",
      host: "nl.localhost",
      headers: { Accept: "application/json" },
    });
    expect((JSON.parse(json.body) as { versions: Array<{ effective: string }> }).versions).toEqual([
      expect.objectContaining({ effective: "2025-05-15", current: true }),
      expect.objectContaining({ effective: "2024-03-01", current: false }),
    ]);

    const inEffect = await page(onItsDay, "/nl/document/privacy-policy");
    // A material change, on its first days: pointed out on the page and on the home page's card, with the comparison.
    const comparison = "/nl/document/privacy-policy/compare?from=2025-05-15&amp;to=2026-10-01";
    expect(inEffect.body).toContain("Belangrijke wijziging sinds 1 oktober 2026.");
    expect(inEffect.body).toContain(comparison);
    const home = await page(onItsDay, "/nl");
    expect(home.body).toContain("Belangrijke wijziging sinds 1 oktober 2026.");
    expect(home.body).toContain(comparison);
    expect(announced.body).not.toContain("Belangrijke wijziging");
    expect(inEffect.body).toContain("Van kracht sinds 1 oktober 2026");
    expect(inEffect.body).toContain("4.3 Politieke advertenties");
    expect(inEffect.body).not.toContain("gaat een nieuwe versie van kracht");
    expect(inEffect.body).toContain("/nl/document/privacy-policy/versions/2025-05-15");
  });
});

test(
  "a start with the documents' calendar moved but no test flag is refused, naming the setting",
  onlyWithJavaScript("a start: once is enough"),
  () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      DATA_DIR: fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "documents-today-")),
      DOCUMENTS_TODAY: "2026-09-15",
    };
    delete env.ALLOW_TEST_CLOCK;
    const result = spawnSync(process.execPath, ["build/server.js"], { env, encoding: "utf8", timeout: 15_000 });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      "DOCUMENTS_TODAY: moves the documents' calendar and is for tests only: refused unless ALLOW_TEST_CLOCK=1",
    );
  },
);
