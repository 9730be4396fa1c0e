/**
 * The transparency centre as a voter, a journalist and a regulator
 * use it, with JavaScript on and off, against the register the embedded
 * default seeds at first start: the list and its filters (shareable URLs,
 * pagination), the detail with its download, and reporting an ad (pages
 * without JavaScript, a dialog with it).
 */
import fs from "node:fs";
import path from "node:path";

import type { Page } from "@playwright/test";
import Database from "better-sqlite3";

import {
  expect,
  expectAxeClean,
  inTurn,
  onlyWithJavaScript,
  onlyWithoutJavaScript,
  siteUrl,
  test,
  theServersAnswer,
  type Host,
} from "./fixtures";
import { registerItems } from "./site-pages";
import { soft } from "./soft-hyphens";

const TEXTS = {
  nl_nl: {
    host: "nl" as Host,
    lang: "nl",
    title: "Politieke advertenties",
    count: (n: number) => (n === 1 ? "1 advertentie gevonden" : `${n} advertenties gevonden`),
    period: "Periode",
    week: "Afgelopen 7 dagen",
    channel: "Kanaal",
    text: "Zoek op adverteerder, betaler of onderwerp",
    show: "Toon advertenties",
    empty: "Geen resultaten gevonden voor deze zoekcriteria.",
    next: "Volgende",
    report: "Meld deze advertentie",
    success: "We hebben je melding ontvangen en gaan er mee aan de slag.",
  },
  nl_be: {
    host: "be" as Host,
    lang: "nl",
    title: "Politieke advertenties",
    count: (n: number) => (n === 1 ? "1 advertentie gevonden" : `${n} advertenties gevonden`),
    period: "Periode",
    week: "Afgelopen 7 dagen",
    channel: "Kanaal",
    text: "Zoek op adverteerder, betaler of onderwerp",
    show: "Toon advertenties",
    empty: "Geen resultaten gevonden voor deze zoekcriteria.",
    next: "Volgende",
    report: "Meld deze advertentie",
    success: "We hebben je melding ontvangen en gaan er mee aan de slag.",
  },
  fr_be: {
    host: "be" as Host,
    lang: "fr",
    title: "Publicités politiques",
    count: (n: number) => (n === 1 ? "1 publicité trouvée" : `${n} publicités trouvées`),
    period: "Période",
    week: "7 derniers jours",
    channel: "Canal",
    text: "Rechercher par annonceur, payeur ou sujet",
    show: "Afficher les publicités",
    empty: "Aucun résultat pour ces critères de recherche.",
    next: "Suivante",
    report: "Signaler cette publicité",
    success: "Nous avons bien reçu votre signalement et allons le traiter.",
  },
};

/** Without JavaScript the filters apply on the submit button; with it, as soon as a select changes. */
async function choose(page: Page, label: string, option: string, javaScriptEnabled: boolean, submitLabel: string) {
  await page.getByLabel(label, { exact: true }).selectOption({ label: option });
  if (!javaScriptEnabled) await page.getByRole("button", { name: submitLabel }).click();
}

function complaintRows(campaignId: string): { reason: string; email: string; locale: string; name: string }[] {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, "app.sqlite"), { readonly: true });
  try {
    return db
      .prepare(
        "select reason, email, locale, name from political_ad_complaint where campaign_id = ? order by created_at",
      )
      .all(campaignId) as never;
  } finally {
    db.close();
  }
}

/** The mail files of the embedded default that contain a text. */
async function mailsContaining(text: string, expected: number): Promise<string[]> {
  const dir = path.join(process.env.E2E_DATA_DIR!, "mail");
  let found: string[] = [];
  await expect
    .poll(
      () => {
        const files = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
        found = files.map((file) => fs.readFileSync(path.join(dir, file), "utf8")).filter((eml) => eml.includes(text));
        return found.length;
      },
      { timeout: 10_000 },
    )
    .toBe(expected);
  return found;
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.describe("the list", () => {
  for (const [turn, [locale, texts]] of Object.entries(TEXTS).entries()) {
    test(
      `${locale}: filters alone and combined give shareable URLs; the empty state`,
      inTurn(turn),
      async ({ page, request, javaScriptEnabled }) => {
        const all = await registerItems(request, texts.host);
        const week = await registerItems(request, texts.host, "&period=PAST_7_DAYS");
        const weekDigital = await registerItems(request, texts.host, "&period=PAST_7_DAYS&channel=DIGITAL");
        await page.goto(siteUrl(texts.host, `/${texts.lang}/political-ads`));
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.title);
        const count = page.getByRole("status").filter({ hasText: texts.count(all.length) });
        await expect(count).toBeVisible();
        await expect(page.getByRole("article")).toHaveCount(10);

        await choose(page, texts.period, texts.week, javaScriptEnabled, texts.show);
        await expect(page).toHaveURL(/period=PAST_7_DAYS/);
        await expect(page.getByRole("status").filter({ hasText: texts.count(week.length) })).toBeVisible();
        await expect(page.getByRole("article")).toHaveCount(Math.min(week.length, 10));
        await expect(page.getByRole("article").first().getByRole("heading")).toHaveText(week[0].sponsorName);

        await choose(page, texts.channel, locale === "fr_be" ? "Numérique" : "Digitaal", javaScriptEnabled, texts.show);
        await expect(page).toHaveURL(/period=PAST_7_DAYS.*channel=DIGITAL|channel=DIGITAL.*period=PAST_7_DAYS/);
        await expect(page.getByRole("status").filter({ hasText: texts.count(weekDigital.length) })).toBeVisible();

        // The URL is the result: opened afresh, it shows the same.
        const shared = page.url();
        await page.goto(shared);
        await expect(page.getByRole("status").filter({ hasText: texts.count(weekDigital.length) })).toBeVisible();
        await expect(page.getByLabel(texts.period, { exact: true })).toHaveValue("PAST_7_DAYS");

        const box = page.getByLabel(texts.text);
        await box.fill("zzzz geen partij");
        if (javaScriptEnabled) {
          // Followed after a pause in typing, without pressing anything.
          await expect(page).toHaveURL(/text=zzzz/);
        } else {
          await page.getByRole("button", { name: texts.show }).click();
        }
        await expect(page.getByText(texts.empty)).toBeVisible();
        await expect(page.getByRole("article")).toHaveCount(0);
      },
    );
  }

  test("the free text ignores case and accents, over payer and context note too", async ({
    page,
    request,
    javaScriptEnabled,
  }) => {
    const payer = (await registerItems(request, "nl")).filter((item) => item.payerName.startsWith("Coöperatie"));
    expect(payer.length).toBeGreaterThan(0);
    await page.goto(siteUrl("nl", "/nl/political-ads"));
    await page.getByLabel(TEXTS.nl_nl.text).fill("COOPERATIE windkracht");
    if (!javaScriptEnabled) await page.getByRole("button", { name: TEXTS.nl_nl.show }).click();
    await expect(page.getByRole("status").filter({ hasText: TEXTS.nl_nl.count(payer.length) })).toBeVisible();
    await expect(page.getByRole("article").first().getByRole("heading")).toHaveText(payer[0].sponsorName);
  });

  test(
    "with JavaScript: a loading state while results come, and a filter combination seen before comes from the cache",
    onlyWithJavaScript("the list follows the filters with JavaScript only"),
    async ({ page }) => {
      const dataRequests: string[] = [];
      // Slow answers, so the loading state can be seen.
      await page.route(/\/nl\/political-ads\?/, async (route) => {
        // The page's own requests for results, not the browser's page loads.
        if (route.request().resourceType() !== "fetch") return route.continue();
        dataRequests.push(new URL(route.request().url()).search);
        await new Promise((resolve) => setTimeout(resolve, 400));
        await route.continue();
      });
      await page.goto(siteUrl("nl", "/nl/political-ads"));
      const period = page.getByLabel("Periode", { exact: true });
      const count = page.locator(".app-ad-results__count");
      await period.selectOption("PAST_30_DAYS");
      await expect(page.getByRole("status").filter({ hasText: "Advertenties worden geladen…" })).toBeVisible();
      await expect(count).toHaveText(soft(/advertenties? gevonden/));
      await period.selectOption("PAST_YEAR");
      await expect(page).toHaveURL(/period=PAST_YEAR/);
      await expect(count).toHaveText(soft(/advertenties? gevonden/));
      const asked = dataRequests.length;
      await period.selectOption("PAST_30_DAYS");
      await expect(page).toHaveURL(/period=PAST_30_DAYS/);
      await expect(count).toHaveText(soft(/advertenties? gevonden/));
      expect(dataRequests.length).toBe(asked);
    },
  );

  test(
    "with JavaScript: typing filters after a pause, in place; a failed answer says so and is not kept",
    onlyWithJavaScript("the list follows the filters with JavaScript only"),
    async ({ page }) => {
      let failing = true;
      const asked: string[] = [];
      await page.route(/\/nl\/political-ads\?/, (route) => {
        if (route.request().resourceType() !== "fetch") return route.continue();
        asked.push(new URL(route.request().url()).searchParams.get("text") ?? "");
        return failing
          ? route.fulfill({ status: 503, contentType: "text/plain", body: "unavailable" })
          : route.continue();
      });
      let loads = 0;
      page.on("load", () => loads++);
      await page.goto(siteUrl("nl", "/nl/political-ads"));
      const text = page.getByLabel("Zoek op adverteerder, betaler of onderwerp");
      await text.pressSequentially("zzzz", { delay: 50 });
      // One request for the whole word, once typing stopped (spec 9: 500 ms).
      await expect(
        page.getByRole("alert").filter({ hasText: "Er is een fout opgetreden bij het laden van de advertenties." }),
      ).toBeVisible();
      expect(asked).toEqual(["zzzz"]);
      await expect(text).toBeFocused();
      await expect(page).toHaveURL(/text=zzzz/);

      failing = false;
      await text.press("Enter");
      await expect(page.locator(".app-ad-results__count")).toHaveText(soft(/advertenties? gevonden/));
      await expect(page.getByRole("alert")).toHaveCount(0);
      expect(asked).toEqual(["zzzz", "zzzz"]);
      expect(loads).toBe(1);
    },
  );

  test("pagination works without JavaScript, keeps the filters and says which page is current", async ({
    page,
    request,
  }) => {
    const all = await registerItems(request, "be");
    const pages = Math.ceil(all.length / 10);
    expect(pages).toBeGreaterThan(2);
    await page.goto(siteUrl("be", "/nl/political-ads"));
    const pagination = page.getByRole("navigation", { name: "Paginering" });
    await expect(pagination.locator("[aria-current=page]")).toHaveText("Pagina 1");
    await pagination.getByRole("link", { name: "Volgende" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(pagination.locator("[aria-current=page]")).toHaveText("Pagina 2");
    await expect(page.getByRole("article").first().getByRole("heading")).toHaveText(all[10].sponsorName);
    await pagination.getByRole("link", { name: `Pagina ${pages}` }).click();
    await expect(page.getByRole("article")).toHaveCount(all.length - (pages - 1) * 10);
    await expect(pagination.getByRole("link", { name: "Volgende" })).toHaveCount(0);
    // A channel only Belgium offers, kept while paging.
    const print = await registerItems(request, "be", "&channel=PRINT");
    await page.goto(siteUrl("be", "/nl/political-ads?channel=PRINT"));
    await expect(page.getByRole("status").filter({ hasText: TEXTS.nl_be.count(print.length) })).toBeVisible();
    if (print.length > 10) {
      await pagination.getByRole("link", { name: "Volgende" }).click();
      await expect(page).toHaveURL(/channel=PRINT.*page=2/);
    }
  });

  test(
    "the rules, the date they apply from, the broadcast link and the bulk downloads",
    theServersAnswer,
    async ({ page }) => {
      await page.goto(siteUrl("nl", "/nl/political-ads"));
      await expect(page.getByText("10 oktober 2025")).toBeVisible();
      await expect(page.getByText(soft(/advertentievoorwaarden/))).toBeVisible();
      await expect(page.getByRole("link", { name: "Politieke advertenties op tv en radio" })).toHaveAttribute(
        "href",
        /^https:\/\//,
      );
      const csv = page.getByRole("link", { name: "Download het volledige register (CSV)" });
      await expect(csv).toHaveAttribute("href", "/api/campaign-items/export?countryCode=NL&format=csv");
      // The advertising-rules text is for the Netherlands only (spec 2).
      await page.goto(siteUrl("be", "/fr/political-ads"));
      await expect(page.getByText("10 octobre 2025")).toBeVisible();
      await expect(page.getByText(soft(/conditions publicitaires|advertentievoorwaarden/))).toHaveCount(0);
      await expect(
        page
          .getByRole("navigation", { name: /Centre de transparence/ })
          .getByRole("link", { name: /Droits en matière de vie privée/ }),
      ).toBeVisible();
    },
  );

  test("axe-clean: nl_nl with a filter", inTurn(0), async ({ page }) => {
    await page.goto(siteUrl("nl", "/nl/political-ads?period=PAST_30_DAYS"));
    await expectAxeClean(page);
  });

  test("axe-clean: fr_be, the empty state", inTurn(1), async ({ page }) => {
    await page.goto(siteUrl("be", "/fr/political-ads?text=zzzz"));
    await expect(page.getByText(TEXTS.fr_be.empty)).toBeVisible();
    await expectAxeClean(page);
  });
});

test.describe("the detail", () => {
  test("facts, parties only when named, the note in the page's language, back link and download", async ({
    page,
    request,
  }) => {
    const items = await registerItems(request, "be");
    const withPayer = items.find((item) => item.payerName && item.ultimateBeneficiaryOwnerName)!;
    const withoutPayer = items.find((item) => !item.payerName && !item.ultimateBeneficiaryOwnerName)!;
    expect(withPayer && withoutPayer).toBeTruthy();

    await page.goto(siteUrl("be", `/fr/political-ads/${withPayer.id}`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(withPayer.sponsorName);
    await expect(page).toHaveTitle(new RegExp(`${withPayer.id}`));
    await expect(page.getByRole("definition").filter({ hasText: withPayer.id })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Payeur" })).toBeVisible();
    await expect(page.getByText(withPayer.payerName)).toBeVisible();
    await expect(page.getByText(withPayer.ultimateBeneficiaryOwnerName)).toBeVisible();
    if (withPayer.campaignContextNoteFr) await expect(page.getByText(withPayer.campaignContextNoteFr)).toBeVisible();
    await expectAxeClean(page);

    await page.goto(siteUrl("be", `/nl/political-ads/${withoutPayer.id}`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(withoutPayer.sponsorName);
    await expect(page.getByRole("heading", { name: "Adverteerder" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Betaler" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Uiteindelijk begunstigde" })).toHaveCount(0);
    await expectAxeClean(page);
    if (withoutPayer.campaignContextNoteNl)
      await expect(page.getByText(withoutPayer.campaignContextNoteNl)).toBeVisible();

    const download = page.getByRole("link", { name: "Download als JSON" });
    await expect(download).toHaveAttribute("href", `/api/campaign-items/${withoutPayer.id}?countryCode=BE`);
    const file = await page.request.get(
      `http://127.0.0.1:${process.env.E2E_PORT}${await download.getAttribute("href")}`,
      { headers: { Host: "be.localhost" } },
    );
    expect(file.headers()["content-disposition"]).toBe(
      `attachment; filename="politieke-advertentie-${withoutPayer.id}.json"`,
    );
    expect(await file.json()).toMatchObject({ id: withoutPayer.id, sponsorName: withoutPayer.sponsorName });

    await page.getByRole("link", { name: "Terug naar alle advertenties" }).click();
    await expect(page).toHaveURL(siteUrl("be", "/nl/political-ads"));
  });

  test(
    "an ad of the other country or an unknown id: 404 with the spec's text",
    theServersAnswer,
    async ({ page, request }) => {
      const [belgian] = await registerItems(request, "be");
      for (const id of [belgian.id, "NL-1999-9999"]) {
        const response = await page.goto(siteUrl("nl", `/nl/political-ads/${id}`));
        expect(response?.status(), id).toBe(404);
        await expect(
          page.getByRole("alert").filter({ hasText: "Er is een fout opgetreden bij het laden van de advertentie." }),
        ).toBeVisible();
      }
    },
  );

  test("from a card to the detail page", async ({ page, request }) => {
    const [newest] = await registerItems(request, "nl");
    await page.goto(siteUrl("nl", "/nl/political-ads"));
    await page
      .getByRole("article")
      .first()
      .getByRole("link", { name: /Bekijk de details/ })
      .click();
    await expect(page).toHaveURL(siteUrl("nl", `/nl/political-ads/${newest.id}`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(newest.sponsorName);
  });
});

test.describe("reporting an ad", () => {
  test(
    "without JavaScript: reason, form with its errors, an undeliverable address, then received",
    onlyWithoutJavaScript("the pages are what a visitor without JavaScript uses; the dialog is tested below"),
    async ({ page, request }) => {
      const [item] = await registerItems(request, "be");
      await page.goto(siteUrl("be", `/fr/political-ads/${item.id}`));
      await page.getByRole("link", { name: "Signaler cette publicité" }).click();
      // The step is in the heading and the title, above the form.
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        "Étape 1 sur 3: Pourquoi signalez-vous cette publicité ?",
      );
      await expect(page).toHaveTitle(/^Pourquoi signalez-vous cette publicité \? \(étape 1 sur 3\) \| /);
      // Each explanation is the reason's description, not also part of its name (read once).
      const misleading = page.getByRole("radio", { name: "Trompeuse", exact: true });
      await expect(misleading).toHaveAccessibleName("Trompeuse");
      await expect(misleading).toHaveAccessibleDescription(/^La publicité donne une image fausse ou trompeuse/);
      await page.getByRole("button", { name: "Suivant" }).click();
      // The error summary every form has, focused, with an alert inside and a link to the first reason.
      const reasonSummary = page.locator(".app-error-summary");
      await expect(reasonSummary).toBeFocused();
      await expect(reasonSummary.getByRole("alert").getByRole("link")).toHaveText(
        soft(/^Choisissez un motif\s?: Choisissez pourquoi vous signalez cette publicité$/),
      );
      await expect(page.locator("#reason-error")).toHaveText(soft(/Choisissez pourquoi vous signalez cette publicité/));
      await expect(page).toHaveTitle(/^Erreur : Pourquoi signalez-vous cette publicité \? \(étape 1 sur 3\)/);
      await expectAxeClean(page);
      await reasonSummary.getByRole("link").click();
      await expect(page).toHaveURL(/#reason-0$/);
      await page.getByRole("radio", { name: /Trompeuse/ }).check();
      await page.getByRole("button", { name: "Suivant" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Étape 2 sur 3: Votre signalement");
      await expect(page).toHaveTitle(/^Votre signalement \(étape 2 sur 3\) \| /);

      await page.getByRole("button", { name: "Envoyer votre signalement" }).click();
      await expect(page).toHaveTitle(/^Erreur : /);
      const summary = page.locator(".app-error-summary");
      await expect(summary.getByRole("link")).toHaveText(
        [
          "Nom : Ce champ est obligatoire",
          "Adresse e-mail : Ce champ est obligatoire",
          "Explication : Ce champ est obligatoire",
        ].map((text) => soft(new RegExp(text.replace(/ : /, "\\s?:\\s?")))),
      );
      await expectAxeClean(page);

      const email = `signal-${unique()}@null-mx.test`;
      await page.getByLabel("Nom").fill("Camille Lecteur");
      await page.getByLabel("Adresse e-mail").fill(email);
      await page.getByLabel("Explication").fill("Le payeur n'est pas mentionné.");
      await page.getByRole("button", { name: "Envoyer votre signalement" }).click();
      await expect(
        page.getByText("Cette adresse e-mail ne semble pas exister.", { exact: false }).first(),
      ).toBeVisible();
      await expect(page.getByLabel("Nom")).toHaveValue("Camille Lecteur");

      const good = `signal-${unique()}@veldhaven-test.nl`;
      await page.getByLabel("Adresse e-mail").fill(good);
      await page.getByRole("button", { name: "Envoyer votre signalement" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Signalement envoyé");
      await expect(page.getByRole("status").filter({ hasText: TEXTS.fr_be.success })).toBeVisible();
      expect(complaintRows(item.id).filter((row) => row.email === good)).toEqual([
        { reason: "MISLEADING", email: good, locale: "fr_be", name: "Camille Lecteur" },
      ]);
      expect(complaintRows(item.id).some((row) => row.email === email)).toBe(false);
      // The reporter's acknowledgement (in French, with the reference) and the compliance team's notice.
      const [acknowledgement] = await mailsContaining(good, 1);
      expect(acknowledgement).toContain(item.id);
      await expectAxeClean(page);
      await page.getByRole("link", { name: "Retour à la publicité" }).first().click();
      await expect(page).toHaveURL(siteUrl("be", `/fr/political-ads/${item.id}`));
    },
  );

  test(
    "with JavaScript: the dialog, focus kept and returned, errors, then received without leaving the page",
    onlyWithJavaScript("the dialog needs JavaScript"),
    async ({ page, request }) => {
      const [item] = await registerItems(request, "nl");
      await page.goto(siteUrl("nl", `/nl/political-ads/${item.id}`));
      const open = page.getByRole("button", { name: TEXTS.nl_nl.report });
      await open.click();
      const dialog = page.getByRole("dialog", { name: "Waarom meld je deze advertentie?" });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("heading", { name: "Waarom meld je deze advertentie?" })).toBeFocused();
      await expectAxeClean(page);
      // Escape closes it and the focus goes back to the button.
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
      await expect(open).toBeFocused();

      await open.click();
      await dialog.getByRole("button", { name: "Volgende" }).click();
      await expect(dialog.getByText("Kies waarom je deze advertentie meldt")).toBeVisible();
      await expect(dialog.getByRole("radio").first()).toBeFocused();
      await dialog.getByRole("radio", { name: /Onjuist gelabeld/ }).check();
      await dialog.getByRole("button", { name: "Volgende" }).click();
      const form = page.getByRole("dialog", { name: "Je melding" });
      await expect(form.getByRole("heading", { name: "Je melding" })).toBeFocused();
      await form.getByRole("button", { name: "Verstuur je melding" }).click();
      await expect(form.locator(".app-error-summary")).toBeFocused();
      await expect(form.locator(".app-error-summary").getByRole("link")).toHaveCount(3);
      // Tab stays inside the dialog.
      for (let step = 0; step < 12; step++) await page.keyboard.press("Tab");
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest("dialog")))).toBe(true);

      await form.getByLabel("Naam").fill("Jan Lezer");
      await form.getByLabel("E-mailadres").fill(`melding-${unique()}@null-mx.test`);
      await form.getByLabel("Toelichting").fill("Er staat niet bij wie deze advertentie betaalt.");
      await form.getByRole("button", { name: "Verstuur je melding" }).click();
      // The server's INVALID_EMAIL stays on the form, on the field.
      await expect(form.getByText("Dit e-mailadres lijkt niet te bestaan.", { exact: false }).first()).toBeVisible();

      const good = `melding-${unique()}@veldhaven-test.nl`;
      await form.getByLabel("E-mailadres").fill(good);
      await form.getByRole("button", { name: "Verstuur je melding" }).click();
      const done = page.getByRole("dialog", { name: "Melding verstuurd" });
      await expect(done.getByRole("status").filter({ hasText: TEXTS.nl_nl.success })).toBeVisible();
      await expect(page).toHaveURL(siteUrl("nl", `/nl/political-ads/${item.id}`));
      expect(complaintRows(item.id).filter((row) => row.email === good)).toEqual([
        { reason: "INCORRECT", email: good, locale: "nl_nl", name: "Jan Lezer" },
      ]);
      await mailsContaining(good, 1);
      await done.getByRole("button", { name: "Sluiten" }).last().click();
      await expect(done).toHaveCount(0);
      await expect(open).toBeFocused();
    },
  );

  test(
    "the dialog with every error fits a 320 px phone (scrolls down, never sideways)",
    onlyWithJavaScript("the dialog needs JavaScript"),
    async ({ page, request }) => {
      const [item] = await registerItems(request, "be");
      await page.setViewportSize({ width: 320, height: 640 });
      await page.goto(siteUrl("be", `/fr/political-ads/${item.id}`));
      await page.getByRole("button", { name: TEXTS.fr_be.report }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("radio").nth(1).check();
      await dialog.getByRole("button", { name: "Suivant" }).click();
      await dialog.getByRole("button", { name: "Envoyer votre signalement" }).click();
      await expect(dialog.locator(".app-error-summary")).toBeFocused();
      const widths = await dialog.evaluate((element) => ({
        dialog: element.getBoundingClientRect().right,
        scroll: element.scrollWidth,
        client: element.clientWidth,
      }));
      expect(widths.dialog).toBeLessThanOrEqual(320);
      expect(widths.scroll).toBeLessThanOrEqual(widths.client);
      // The last control can be reached by scrolling the dialog.
      await dialog.getByRole("button", { name: "Envoyer votre signalement" }).scrollIntoViewIfNeeded();
      await expect(dialog.getByRole("button", { name: "Envoyer votre signalement" })).toBeInViewport();
    },
  );

  test("the report of an unknown ad is a 404", theServersAnswer, async ({ page }) => {
    const response = await page.goto(siteUrl("nl", "/nl/political-ads/NL-1999-9999/report"));
    expect(response?.status()).toBe(404);
  });
});

test.describe("POST /api/political-ad-complaint", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "plain HTTP calls: once is enough");

  const post = (page: Page, host: Host, body: unknown) =>
    page.evaluate(
      async ({ body }) => {
        const answer = await fetch("/api/political-ad-complaint", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: typeof body === "string" ? body : JSON.stringify(body),
        });
        return { status: answer.status, body: await answer.json().catch(() => null) };
      },
      { body },
    );

  test("201 with a reference; 400 INVALID_EMAIL and VALIDATION with localized fields; 404; never 500", async ({
    page,
    request,
  }) => {
    const [belgian] = await registerItems(request, "be");
    const [dutch] = await registerItems(request, "nl");
    await page.goto(siteUrl("be", "/fr/political-ads"));
    const valid = {
      name: "Lou Curieux",
      email: `api-${unique()}@veldhaven-test.nl`,
      explanation: "Pas de payeur.",
      reason: "DISCRIMINATORY",
      campaignId: belgian.id,
      locale: "fr_be",
    };

    const created = await post(page, "be", valid);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ reference: expect.stringMatching(/^PA-/) });
    expect(complaintRows(belgian.id).some((row) => row.email === valid.email && row.reason === "DISCRIMINATORY")).toBe(
      true,
    );

    for (const email of ["niet-een-adres", `x-${unique()}@null-mx.test`]) {
      const refused = await post(page, "be", { ...valid, email });
      expect(refused.status, email).toBe(400);
      expect(refused.body, email).toMatchObject({ validationError: "INVALID_EMAIL" });
    }

    const invalid = await post(page, "be", { ...valid, name: "", reason: "BORING" });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({
      validationError: "VALIDATION",
      fields: { name: ["Ce champ est obligatoire"], reason: ["Veuillez choisir une option"] },
    });

    // An ad of the other country is not in this site's register.
    expect((await post(page, "be", { ...valid, campaignId: dutch.id })).status).toBe(404);
    for (const body of ["{not json", "[]", "null", JSON.stringify({ ...valid, explanation: "x".repeat(5000) })]) {
      const answer = await post(page, "be", body);
      expect(answer.status, body.slice(0, 20)).toBe(400);
    }
  });
});
