/**
 * The rights beyond the specification's five, as a person meets them, with
 * JavaScript on and off, in nl_nl and fr_be: the overview offers each with
 * its article, each form refuses an empty submit with the spec's messages,
 * a choice that needs more asks for it, and a valid submit is stored with
 * the person's answers and ends on the processed page. The JSON call takes
 * the same rights with the same rules.
 */
import path from "node:path";

import type { Page } from "@playwright/test";
import Database from "better-sqlite3";

import { request } from "../setup/spawn-server";
import { expect, expectAxeClean, inTurn, siteUrl, test, type Host } from "./fixtures";
import { expectFocusShown } from "./focus";
import { soft } from "./soft-hyphens";

const SITES = {
  nl_nl: {
    host: "nl" as Host,
    lang: "nl",
    errorTitle: /^Fout: /,
    required: "Dit veld is verplicht",
    option: "Gelieve een optie te kiezen",
    email: "E-mailadres",
    submit: "Verstuur je aanvraag",
    submitted: "Jouw aanvraag is succesvol verzonden",
    article: (article: string) => `AVG, artikel ${article}`,
    restriction: {
      title: "Beperking van de verwerking",
      ground: "Ik heb mijn gegevens nodig voor een rechtszaak of een claim",
      concerns: "Om welke gegevens of welk gebruik gaat het?",
    },
    portability: {
      title: "Je gegevens meenemen",
      toController: "Rechtstreeks naar een ander bedrijf",
      controllerName: "Naam van het andere bedrijf (alleen als we het rechtstreeks sturen)",
      controllerAddress: "Adres van het andere bedrijf (alleen als we het rechtstreeks sturen)",
    },
    objection: {
      title: "Bezwaar tegen de verwerking van je gegevens",
      other: "Iets anders",
      otherPurpose: "Welke verwerking bedoel je? (alleen bij 'iets anders')",
      grounds: "Waarom maak je bezwaar?",
    },
  },
  fr_be: {
    host: "be" as Host,
    lang: "fr",
    errorTitle: /^Erreur : /,
    required: "Ce champ est obligatoire",
    option: "Veuillez choisir une option",
    email: "Adresse e-mail",
    submit: "Envoyer votre demande",
    submitted: "Votre demande a bien été envoyée",
    article: (article: string) => `RGPD, article ${article}`,
    restriction: {
      title: "Limitation du traitement",
      ground: "J'ai besoin de mes données pour une action en justice ou une réclamation",
      concerns: "De quelles données ou de quel usage s'agit-il ?",
    },
    portability: {
      title: "Emporter vos données",
      toController: "Directement à une autre entreprise",
      controllerName: "Nom de l'autre entreprise (seulement si nous l'envoyons directement)",
      controllerAddress: "Adresse de l'autre entreprise (seulement si nous l'envoyons directement)",
    },
    objection: {
      title: "Opposition au traitement de vos données",
      other: "Autre chose",
      otherPurpose: "De quel traitement s'agit-il ? (seulement pour « autre chose »)",
      grounds: "Pourquoi vous opposez-vous ?",
    },
  },
};
type Texts = (typeof SITES)[keyof typeof SITES];

const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@veldhaven-test.nl`;

const summaryLinks = (page: Page) => page.locator(".app-error-summary").getByRole("link");

async function send(page: Page, texts: Texts) {
  await page.getByRole("button", { name: texts.submit, exact: true }).click();
}

/** What the request keeps: its right, its state, and the person's answers. */
function storedRequest(email: string) {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, "app.sqlite"), { readonly: true });
  try {
    return db.prepare("select right_type, state, right_details from privacy_request where email = ?").get(email) as
      { right_type: string; state: string; right_details: string } | undefined;
  } finally {
    db.close();
  }
}

async function expectSubmitted(page: Page, texts: Texts) {
  await expect(page).toHaveURL(siteUrl(texts.host, `/${texts.lang}/privacy-rights/processed`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.submitted);
}

for (const [turn, [locale, texts]] of Object.entries(SITES).entries()) {
  test.describe(locale, () => {
    test("the overview offers each right with the article it rests on", inTurn(turn), async ({ page }) => {
      await page.goto(siteUrl(texts.host, `/${texts.lang}/privacy-rights`));
      for (const [title, article, slug] of [
        [texts.restriction.title, "18", "restriction"],
        [texts.portability.title, "20", "portability"],
        [texts.objection.title, "21(1)", "objection-to-processing"],
      ]) {
        const block = page.locator(".app-rights__link", { hasText: texts.article(article) });
        await expect(block).toHaveAttribute("href", `/${texts.lang}/privacy-rights/${slug}`);
        await block.click();
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
        await page.goBack();
      }
    });

    test(
      "restriction: a ground and what it concerns are required; a valid one is stored",
      inTurn(turn),
      async ({ page }) => {
        await page.goto(siteUrl(texts.host, `/${texts.lang}/privacy-rights/restriction`));
        await send(page, texts);
        await expect(summaryLinks(page)).toHaveCount(3);
        await expect(page.getByText(texts.option).first()).toBeVisible();
        await expect(page).toHaveTitle(texts.errorTitle);
        await expectAxeClean(page);
        const email = unique("beperking");
        await page.getByRole("radio", { name: texts.restriction.ground }).check();
        await page.getByLabel(texts.restriction.concerns).fill("Mijn leesgeschiedenis in de app");
        await page.getByLabel(texts.email).fill(email);
        await send(page, texts);
        await expectSubmitted(page, texts);
        const stored = storedRequest(email);
        expect(stored?.right_type).toBe("RESTRICTION_OF_PROCESSING");
        expect(stored?.state).toBe("AWAITING_VERIFICATION");
        expect(JSON.parse(stored!.right_details)).toEqual({
          ground: "LEGAL_CLAIM",
          concerns: "Mijn leesgeschiedenis in de app",
        });
      },
    );

    test("portability: sent to another company needs its name and address", inTurn(turn + 1), async ({ page }) => {
      await page.goto(siteUrl(texts.host, `/${texts.lang}/privacy-rights/portability`));
      await page.getByRole("radio", { name: texts.portability.toController }).check();
      await send(page, texts);
      await expect(summaryLinks(page)).toHaveText([
        soft(new RegExp(`^${escape(texts.portability.controllerName)}\\s?:\\s?${texts.required}$`)),
        soft(new RegExp(`^${escape(texts.portability.controllerAddress)}\\s?:\\s?${texts.required}$`)),
        soft(new RegExp(`^${texts.email}\\s?:\\s?${texts.required}$`)),
      ]);
      await expectAxeClean(page);
      const email = unique("meenemen");
      await page.getByLabel(texts.portability.controllerName).fill("Nieuwsbode BV");
      await page.getByLabel(texts.portability.controllerAddress).fill("privacy@nieuwsbode.example");
      await page.getByLabel(texts.email).fill(email);
      await send(page, texts);
      await expectSubmitted(page, texts);
      expect(JSON.parse(storedRequest(email)!.right_details)).toEqual({
        delivery: "CONTROLLER",
        controllerName: "Nieuwsbode BV",
        controllerAddress: "privacy@nieuwsbode.example",
      });
    });

    test(
      "objection to processing: 'other' needs a description, grounds are required",
      inTurn(turn + 1),
      async ({ page }) => {
        await page.goto(siteUrl(texts.host, `/${texts.lang}/privacy-rights/objection-to-processing`));
        await page.getByRole("checkbox", { name: texts.objection.other }).check();
        await send(page, texts);
        await expect(summaryLinks(page)).toHaveCount(3);
        await expect(page.getByLabel(texts.objection.grounds)).toHaveAttribute("aria-invalid", "true");
        await expect(page.getByLabel(texts.objection.otherPurpose)).toHaveAttribute("aria-invalid", "true");
        await expectAxeClean(page);
        const email = unique("bezwaar");
        await page.getByLabel(texts.objection.otherPurpose).fill("Gebruik van mijn locatie voor lokaal nieuws");
        await page.getByLabel(texts.objection.grounds).fill("Ik woon op een adres dat niemand mag kennen.");
        await page.getByLabel(texts.email).fill(email);
        await send(page, texts);
        await expectSubmitted(page, texts);
        expect(JSON.parse(storedRequest(email)!.right_details)).toEqual({
          purposes: ["OTHER"],
          otherPurpose: "Gebruik van mijn locatie voor lokaal nieuws",
          grounds: "Ik woon op een adres dat niemand mag kennen.",
        });
      },
    );
  });
}

test("keyboard only, at 320 px: an objection to processing is filled in and sent", inTurn(1), async ({ page }) => {
  const texts = SITES.fr_be;
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(siteUrl(texts.host, `/${texts.lang}/privacy-rights/objection-to-processing`));
  // The skip link, then through the form in page order.
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  for (let step = 0; step < 20; step += 1) {
    await page.keyboard.press("Tab");
    if (
      await page
        .getByRole("checkbox")
        .first()
        .evaluate((box) => box === document.activeElement)
    )
      break;
  }
  await expectFocusShown(page);
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel(texts.objection.otherPurpose)).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel(texts.objection.grounds)).toBeFocused();
  await expectFocusShown(page);
  await page.keyboard.type("Mon employeur lit ce journal et voit mes habitudes de lecture.");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel(texts.email)).toBeFocused();
  await expectFocusShown(page);
  await page.keyboard.type(unique("clavier"));
  await page.keyboard.press("Enter");
  await expectSubmitted(page, texts);
});

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

test.describe("the JSON call", () => {
  const port = () => Number(process.env.E2E_PORT);
  async function post(body: unknown) {
    const answer = await request(port(), {
      method: "POST",
      path: "/api/privacy-rights/request",
      host: `nl.localhost:${port()}`,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: answer.status, body: JSON.parse(answer.body) as Record<string, unknown> };
  }

  test("takes the new rights with the pages' rules", inTurn(0), async () => {
    // Without a ground, a restriction is refused; portability needs an address to deliver to.
    expect(await post({ flowType: "RESTRICTION_OF_PROCESSING", email: unique("api"), concerns: "x" })).toEqual({
      status: 400,
      body: { error: "VALIDATION", fields: { ground: ["Gelieve een optie te kiezen"] } },
    });
    expect(await post({ flowType: "DATA_PORTABILITY", delivery: "PERSON" })).toEqual({
      status: 400,
      body: { error: "VALIDATION", fields: { email: ["Dit veld is verplicht"] } },
    });
    expect(
      await post({ flowType: "OBJECTION_TO_PROCESSING", email: unique("api"), purposes: ["AUDIENCE_MEASUREMENT"] }),
    ).toEqual({ status: 400, body: { error: "VALIDATION", fields: { grounds: ["Dit veld is verplicht"] } } });
    const email = unique("api");
    const accepted = await post({
      flowType: "OBJECTION_TO_PROCESSING",
      email,
      purposes: ["AUDIENCE_MEASUREMENT", "PERSONALISED_ADVERTISING"],
      grounds: "Ik wil niet gevolgd worden.",
    });
    expect(accepted.status).toBe(201);
    expect(storedRequest(email)?.right_type).toBe("OBJECTION_TO_PROCESSING");
  });
});
