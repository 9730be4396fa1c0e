/**
 * The privacy-rights forms as data subjects use them, with
 * JavaScript on and off, in nl_nl, nl_be and fr_be: every form's empty
 * submit with the spec's messages (and 'Fout: ' / 'Erreur : ' before the
 * title), a valid submit ending on the processed page with the right title
 * and message, the objection through both steps with select-all, the toggle
 * and the channel blocks without JavaScript, publication on .be only, and
 * what the scripts add.
 */
import path from "node:path";

import type { Page } from "@playwright/test";
import Database from "better-sqlite3";

import {
  expect,
  expectAxeClean,
  inTurn,
  onlyWithJavaScript,
  siteUrl,
  test,
  theServersAnswer,
  type Host,
} from "./fixtures";
import { soft } from "./soft-hyphens";

const LOCALES = {
  nl_nl: {
    host: "nl" as Host,
    lang: "nl",
    errorTitle: /^Fout: /,
    required: "Dit veld is verplicht",
    option: "Gelieve een optie te kiezen",
    date: "Gelieve een geldige datum in te vullen",
    phone: "Gelieve een geldig telefoonnummer in te vullen (bv. +31612345678)",
    email: "E-mailadres",
    message: "Je bericht",
    submit: "Verstuur je aanvraag",
    submitted: "Jouw aanvraag is succesvol verzonden",
    processed: "Jouw aanvraag is succesvol uitgevoerd",
    verify: "We hebben je een e-mail gestuurd.",
    titles: {
      access: "Inzage in je gegevens",
      forgotten: "Recht om vergeten te worden",
      rectification: "Correctie van je gegevens",
      publication: "",
    },
    addDetails: "Mijn naam en adres toevoegen",
    firstName: "Voornaam",
    lastName: "Achternaam",
    step: (n: number) => `Stap ${n} van 2`,
    selectAll: "Alle merken",
    nextStep: "Volgende stap",
    channels: { PHONE: "Telefoon", EMAIL: "E-mail", POSTAL: "Post" },
    phoneLabel: "Telefoonnummer",
    objectionSubmit: "Verstuur je bezwaar",
    brandCount: 40,
  },
  nl_be: {
    host: "be" as Host,
    lang: "nl",
    errorTitle: /^Fout: /,
    required: "Dit veld is verplicht",
    option: "Gelieve een optie te kiezen",
    date: "Gelieve een geldige datum in te vullen",
    phone: "Gelieve een geldig telefoonnummer in te vullen (bv. +32412345678)",
    email: "E-mailadres",
    message: "Je bericht",
    submit: "Verstuur je aanvraag",
    submitted: "Jouw aanvraag is succesvol verzonden",
    processed: "Jouw aanvraag is succesvol uitgevoerd",
    verify: "We hebben je een e-mail gestuurd.",
    titles: {
      access: "Inzage in je gegevens",
      forgotten: "Recht om vergeten te worden",
      rectification: "Verbetering van je gegevens",
      publication: "Verwijdering uit een publicatie",
    },
    addDetails: "Mijn naam en adres toevoegen",
    firstName: "Voornaam",
    lastName: "Achternaam",
    step: (n: number) => `Stap ${n} van 2`,
    selectAll: "Alle merken",
    nextStep: "Volgende stap",
    channels: { PHONE: "Telefoon", EMAIL: "E-mail", POSTAL: "Post" },
    phoneLabel: "Telefoonnummer",
    objectionSubmit: "Verstuur je bezwaar",
    brandCount: 29,
  },
  fr_be: {
    host: "be" as Host,
    lang: "fr",
    errorTitle: /^Erreur : /,
    required: "Ce champ est obligatoire",
    option: "Veuillez choisir une option",
    date: "Veuillez saisir une date valide",
    phone: "Veuillez saisir un numéro de téléphone valide (p. ex. +32412345678)",
    email: "Adresse e-mail",
    message: "Votre message",
    submit: "Envoyer votre demande",
    submitted: "Votre demande a bien été envoyée",
    processed: "Votre demande a bien été exécutée",
    verify: "Nous vous avons envoyé un e-mail.",
    titles: {
      access: "Accès à vos données",
      forgotten: "Droit à l'oubli",
      rectification: "Rectification de vos données",
      publication: "Retrait d'une publication",
    },
    addDetails: "Ajouter mon nom et mon adresse",
    firstName: "Prénom",
    lastName: "Nom",
    step: (n: number) => `Étape ${n} sur 2`,
    selectAll: "Toutes les marques",
    nextStep: "Étape suivante",
    channels: { PHONE: "Téléphone", EMAIL: "E-mail", POSTAL: "Courrier" },
    phoneLabel: "Numéro de téléphone",
    objectionSubmit: "Envoyer votre opposition",
    brandCount: 29,
  },
};
type Texts = (typeof LOCALES)[keyof typeof LOCALES];

const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@veldhaven-test.nl`;
const summary = (page: Page) => page.locator(".app-error-summary");

async function send(page: Page, name: string) {
  await page.getByRole("button", { name, exact: true }).click();
}

/** The processed page after a valid submit: its title, and the message of the flow. */
async function expectProcessed(page: Page, texts: Texts, title: string, message?: string) {
  await expect(page).toHaveURL(siteUrl(texts.host, `/${texts.lang}/privacy-rights/processed`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  if (message) await expect(page.getByText(message, { exact: false }).first()).toBeVisible();
}

for (const [turn, [locale, texts]] of Object.entries(LOCALES).entries()) {
  test.describe(`${locale}`, () => {
    test("access: empty submit, then a valid one ends on the processed page", inTurn(turn), async ({ page }) => {
      await page.goto(siteUrl(texts.host, `/${texts.lang}/privacy-rights/access`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.titles.access);
      await send(page, texts.submit);
      await expect(summary(page)).toBeVisible();
      await expect(summary(page).getByRole("link")).toHaveText([
        soft(new RegExp(`^${texts.email}\\s?:\\s?${texts.required}$`)),
      ]);
      await expect(page).toHaveTitle(texts.errorTitle);
      await expectAxeClean(page);
      await page.getByLabel(texts.email).fill(unique("inzage"));
      await send(page, texts.submit);
      await expectProcessed(page, texts, texts.submitted, texts.verify);
    });

    test(
      "forgotten: the details toggle hides its fields until ticked; empty names when ticked are errors",
      inTurn(turn + 1),
      async ({ page }) => {
        await page.goto(siteUrl(texts.host, `/${texts.lang}/privacy-rights/forgotten`));
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.titles.forgotten);
        const firstName = page.getByLabel(texts.firstName, { exact: true });
        await expect(firstName).toBeHidden();
        await page.getByRole("checkbox", { name: texts.addDetails }).check();
        await expect(firstName).toBeVisible();
        await send(page, texts.submit);
        await expect(summary(page)).toBeVisible();
        await expect(summary(page).getByRole("link", { name: new RegExp(`^${texts.email}`) })).toBeVisible();
        await expect(page).toHaveTitle(texts.errorTitle);
        await expectAxeClean(page);
        await page.getByLabel(texts.email).fill(unique("vergeten"));
        await page.getByRole("checkbox", { name: texts.addDetails }).uncheck();
        await expect(firstName).toBeHidden();
        await send(page, texts.submit);
        await expectProcessed(page, texts, texts.submitted, texts.verify);
      },
    );

    test("rectification: e-mail and message required; a valid submit is processed", inTurn(turn), async ({ page }) => {
      await page.goto(siteUrl(texts.host, `/${texts.lang}/privacy-rights/rectification`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.titles.rectification);
      await send(page, texts.submit);
      await expect(summary(page).getByRole("link")).toHaveCount(2);
      await expect(page.getByText(texts.required).first()).toBeVisible();
      await expect(page).toHaveTitle(texts.errorTitle);
      await expectAxeClean(page);
      await page.getByLabel(texts.email).fill(unique("correctie"));
      await page.getByLabel(texts.message).fill("Mijn adres is verouderd: ik woon sinds maart in Gent.");
      await send(page, texts.submit);
      await expectProcessed(page, texts, texts.submitted, texts.verify);
    });

    test(
      "objection: no brands means no step 2; none chosen is an error; select-all, then the channels",
      inTurn(turn + 1),
      async ({ page, javaScriptEnabled }) => {
        // Step 2 without a choice from step 1: back to the overview.
        await page.goto(siteUrl(texts.host, `/${texts.lang}/privacy-rights/direct-marketing/communication-types`));
        await expect(page).toHaveURL(siteUrl(texts.host, `/${texts.lang}/privacy-rights`));

        await page.goto(siteUrl(texts.host, `/${texts.lang}/privacy-rights/direct-marketing/brands`));
        // The step is in the heading and the title.
        await expect(page.getByRole("heading", { level: 1 })).toContainText(`${texts.step(1)}: `);
        await expect(page).toHaveTitle(new RegExp(`\\(${texts.step(1).toLowerCase()}\\) \\| `));
        await send(page, texts.nextStep);
        await expect(page.getByText(texts.option).first()).toBeVisible();
        await expect(page).toHaveTitle(texts.errorTitle);
        await expectAxeClean(page);
        await page.getByRole("checkbox", { name: texts.selectAll }).check();
        if (javaScriptEnabled) await expect(page.locator('input[name="brands"]:checked')).toHaveCount(texts.brandCount);
        await send(page, texts.nextStep);
        await expect(page).toHaveURL(
          siteUrl(texts.host, `/${texts.lang}/privacy-rights/direct-marketing/communication-types`),
        );
        await expect(page.getByRole("heading", { level: 1 })).toContainText(`${texts.step(2)}: `);
        await expect(page).toHaveTitle(new RegExp(`\\(${texts.step(2).toLowerCase()}\\) \\| `));

        // Back to step 1: every brand is still chosen (the server applied select-all without JavaScript).
        await page.goto(siteUrl(texts.host, `/${texts.lang}/privacy-rights/direct-marketing/brands`));
        await expect(page.locator('input[name="brands"]:checked')).toHaveCount(texts.brandCount);
        await send(page, texts.nextStep);

        await send(page, texts.objectionSubmit);
        await expect(page.getByText(texts.option).first()).toBeVisible();
        const phone = page.getByLabel(texts.phoneLabel);
        await expect(phone).toBeHidden();
        await page.getByRole("checkbox", { name: texts.channels.PHONE }).check();
        await expect(phone).toBeVisible();
        await phone.fill("+3161");
        await send(page, texts.objectionSubmit);
        await expect(page.getByText(texts.phone).first()).toBeVisible();
        await expectAxeClean(page);
        await page
          .getByLabel(texts.phoneLabel)
          .fill(`${texts.host === "nl" ? "+316" : "+324"}${String(Date.now()).slice(-8)}`);
        await send(page, texts.objectionSubmit);
        // Without e-mail there is nothing to verify: executed at once.
        await expectProcessed(page, texts, texts.processed);
      },
    );
  });
}

for (const [turn, locale] of (["nl_be", "fr_be"] as const).entries()) {
  const texts = LOCALES[locale];
  test(
    `${locale}: publication: required fields, an impossible date, and a date typed without the format`,
    inTurn(turn),
    async ({ page, javaScriptEnabled }) => {
      await page.goto(siteUrl(texts.host, `/${texts.lang}/privacy-rights/publication`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.titles.publication);
      await send(page, texts.submit);
      await expect(page).toHaveTitle(texts.errorTitle);
      await expect(summary(page).getByRole("link")).toHaveCount(4);
      await expectAxeClean(page);
      const date = page.getByLabel(locale === "fr_be" ? "Date de publication" : "Publicatiedatum");
      await date.fill("31 - 02 - 2024");
      await send(page, texts.submit);
      await expect(page.getByText(texts.date).first()).toBeVisible();
      await page
        .getByLabel(locale === "fr_be" ? "Article" : "Artikel", { exact: true })
        .fill("Buurtfeest in de Veldstraat");
      await page.getByLabel(texts.email).fill(unique("publicatie"));
      await page.getByLabel(texts.message).fill("Mijn naam en foto staan erin zonder dat ik dat wist.");
      if (javaScriptEnabled) {
        // Typed digits become dd - mm - yyyy.
        await date.fill("");
        await date.pressSequentially("03022024");
        await expect(date).toHaveValue("03 - 02 - 2024");
      } else {
        // What a person types without help is understood.
        await date.fill("3/2/2024");
      }
      await send(page, texts.submit);
      await expectProcessed(page, texts, texts.submitted);
    },
  );
}

test("publication does not exist in the Netherlands", theServersAnswer, async ({ page }) => {
  const response = await page.goto(siteUrl("nl", "/nl/privacy-rights/publication"));
  expect(response?.status()).toBe(404);
});

test.describe("what JavaScript adds, and what is stored", () => {
  test(
    "unticking a block resets it; the phone takes only digits and '+'",
    onlyWithJavaScript("behaviour of the scripts"),
    async ({ page }) => {
      const texts = LOCALES.nl_nl;
      await page.goto(siteUrl("nl", "/nl/privacy-rights/direct-marketing/brands"));
      await page.getByRole("checkbox", { name: "Ademruimte" }).check();
      await send(page, texts.nextStep);
      await page.getByRole("checkbox", { name: texts.channels.PHONE }).check();
      const phone = page.getByLabel(texts.phoneLabel);
      await expect(phone).toHaveValue("+");
      await phone.pressSequentially("31 6-abc12");
      await expect(phone).toHaveValue("+31612");
      await page.getByRole("checkbox", { name: texts.channels.PHONE }).uncheck();
      await page.getByRole("checkbox", { name: texts.channels.PHONE }).check();
      await expect(phone).toHaveValue("+");
      await page.getByRole("checkbox", { name: texts.channels.EMAIL, exact: true }).check();
      const email = page.getByLabel(texts.email);
      await email.fill("iemand@veldhaven-test.nl");
      await page.getByRole("checkbox", { name: texts.channels.EMAIL, exact: true }).uncheck();
      await page.getByRole("checkbox", { name: texts.channels.EMAIL, exact: true }).check();
      await expect(email).toHaveValue("");
      // With an e-mail address, the objection waits for the link.
      await email.fill(unique("bezwaar"));
      await page.getByRole("checkbox", { name: texts.channels.PHONE }).uncheck();
      await send(page, texts.objectionSubmit);
      await expectProcessed(page, texts, texts.submitted, texts.verify);
    },
  );

  for (const first of ["a tap", "an assistive technology's click"] as const) {
    test(
      `${first} on "Alle merken" before the form's code has come ticks every brand`,
      onlyWithJavaScript("the form's code comes at the first interaction"),
      async ({ page }) => {
        const texts = LOCALES.nl_nl;
        // Nothing has been touched: React waits for the first intent, the form's code too.
        await page.goto(siteUrl("nl", "/nl/privacy-rights/direct-marketing/brands"), { waitUntil: "domcontentloaded" });
        await page.waitForLoadState("networkidle");
        await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
        await expect(page.locator(".app-public-form[data-enhanced]")).toHaveCount(0);
        const all = page.getByRole("checkbox", { name: texts.selectAll });
        if (first === "a tap") await all.click();
        // A screen reader's activation: a click event without pointer events before it.
        else await all.evaluate((box: HTMLInputElement) => box.click());
        await expect(page.locator(".app-public-form[data-enhanced]")).toHaveCount(1);
        await expect(page.locator('input[name="brands"]:checked')).toHaveCount(texts.brandCount);
        await send(page, texts.nextStep);
        await expect(page).toHaveURL(siteUrl("nl", "/nl/privacy-rights/direct-marketing/communication-types"));
      },
    );
  }

  test("details filled in but the toggle switched off: nothing of them is stored", async ({ page }) => {
    const texts = LOCALES.nl_nl;
    const address = unique("toggle");
    await page.goto(siteUrl("nl", "/nl/privacy-rights/access"));
    await page.getByRole("checkbox", { name: texts.addDetails }).check();
    await page.getByLabel(texts.firstName, { exact: true }).fill("Noor");
    await page.getByLabel(texts.lastName, { exact: true }).fill("Jansen");
    await page.getByRole("checkbox", { name: texts.addDetails }).uncheck();
    await page.getByLabel(texts.email).fill(address);
    await send(page, texts.submit);
    await expectProcessed(page, texts, texts.submitted);
    const db = new Database(path.join(process.env.E2E_DATA_DIR!, "app.sqlite"), { readonly: true });
    try {
      expect(db.prepare("select user_info from privacy_request where email = ?").all(address)).toEqual([
        { user_info: null },
      ]);
    } finally {
      db.close();
    }
  });

  test("an address whose domain takes no mail gets the message on the e-mail field", async ({ page }) => {
    await page.goto(siteUrl("be", "/fr/privacy-rights/access"));
    await page.getByLabel("Adresse e-mail").fill("quelquun@null-mx.test");
    await send(page, LOCALES.fr_be.submit);
    await expect(page).toHaveTitle(/^Erreur : /);
    const field = page.locator(".app-field").filter({ has: page.getByLabel("Adresse e-mail") });
    await expect(field.locator(".app-field__error")).toContainText("Cette adresse e-mail ne semble pas exister.");
    await expect(page.getByLabel("Adresse e-mail")).toHaveValue("quelquun@null-mx.test");
  });
});
