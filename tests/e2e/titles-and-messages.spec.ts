/**
 * Titles and messages as a screen reader user meets them, in
 * nl_nl and fr_be, with JavaScript on and off: a back-office request or
 * report is titled with its reference (not the list's title), and a failed
 * action puts the error prefix before it, as the public forms do; each step
 * of the objection and of reporting an ad is in the `<title>` and in the
 * heading above the form (and in the report dialog's name), also after the
 * client-side navigation between steps; every staff and back-office field
 * the spec leaves the text of open says what to do instead of 'Dit veld is
 * verplicht'; and the staff unsubscribe form never offers the staff member's
 * own details while the public forms keep their autofill tokens.
 */
import path from "node:path";

import type { Locator, Page } from "@playwright/test";
import Database from "better-sqlite3";

import { request } from "../setup/spawn-server";
import { expect, inTurn, onlyWithJavaScript, siteUrl, test, type Host } from "./fixtures";
import { registerItems } from "./site-pages";
import { addStaff, STAFF_PASSWORD, uniqueStaffEmail } from "./staff-fixtures";

const SITE_NAME = "Veldhaven Media";

const SITES = {
  nl_nl: {
    host: "nl" as Host,
    lang: "nl",
    failed: (title: string) => `Fout: ${title}`,
    step: (current: number, total: number) => `Stap ${current} van ${total}`,
    signIn: { email: "E-mailadres", password: "Wachtwoord", submit: "Aanmelden" },
    signInMessages: { email: "Vul je e-mailadres in", password: "Vul je wachtwoord in" },
    setup: {
      code: "Code van 6 cijfers uit je app",
      submit: "Tweestapsverificatie aanzetten",
      missing: "Vul de code van 6 cijfers uit je app in",
    },
    required: "Dit veld is verplicht",
    request: {
      title: (reference: string) => `Aanvraag ${reference}`,
      extend: {
        region: "Termijn verlengen",
        months: "Kies met hoeveel maanden je de termijn verlengt",
        reason: "Geef een reden op voor de verlenging",
      },
      complete: { region: "Afronden", note: "Beschrijf hoe de aanvraag is afgehandeld" },
      reject: { region: "Afwijzen", reason: "Geef een reden op voor de weigering" },
      assign: { region: "Toewijzen", message: "Kies een medewerker, of niemand" },
      take: { button: "Ik pak dit op", banner: "Je bent nu de eigenaar." },
    },
    report: {
      title: (reference: string) => `Melding ${reference}`,
      review: "Beoordeling starten",
      close: "Afsluiten en melder informeren",
      outcome: "Beschrijf wat er met de melding is gedaan",
    },
    objection: {
      brands: "Bezwaar tegen direct marketing: merken",
      channels: "Bezwaar tegen direct marketing: communicatiekanalen",
      selectAll: "Alle merken",
      next: "Volgende stap",
    },
    ad: {
      open: "Meld deze advertentie",
      reasonTitle: "Waarom meld je deze advertentie?",
      formTitle: "Je melding",
      reason: "Misleidend",
      next: "Volgende",
    },
    channels: ["Telefoon", "E-mail", "Post"],
  },
  fr_be: {
    host: "be" as Host,
    lang: "fr",
    failed: (title: string) => `Erreur : ${title}`,
    step: (current: number, total: number) => `Étape ${current} sur ${total}`,
    signIn: { email: "Adresse e-mail", password: "Mot de passe", submit: "Se connecter" },
    signInMessages: { email: "Saisissez votre adresse e-mail", password: "Saisissez votre mot de passe" },
    setup: {
      code: "Code à 6 chiffres de votre application",
      submit: "Activer la vérification en deux étapes",
      missing: "Saisissez le code à 6 chiffres de votre application",
    },
    required: "Ce champ est obligatoire",
    request: {
      title: (reference: string) => `Demande ${reference}`,
      extend: {
        region: "Prolonger le délai",
        months: "Choisissez de combien de mois vous prolongez le délai",
        reason: "Indiquez la raison de la prolongation",
      },
      complete: { region: "Terminer", note: "Décrivez comment la demande a été traitée" },
      reject: { region: "Refuser", reason: "Indiquez la raison du refus" },
      assign: { region: "Confier", message: "Choisissez un membre de l'équipe, ou personne" },
      take: { button: "Je m'en charge", banner: "Vous êtes maintenant responsable." },
    },
    report: {
      title: (reference: string) => `Signalement ${reference}`,
      review: "Commencer l'examen",
      close: "Clôturer et informer l'auteur",
      outcome: "Décrivez la suite donnée au signalement",
    },
    objection: {
      brands: "Opposition au marketing direct : marques",
      channels: "Opposition au marketing direct : canaux de communication",
      selectAll: "Toutes les marques",
      next: "Étape suivante",
    },
    ad: {
      open: "Signaler cette publicité",
      reasonTitle: "Pourquoi signalez-vous cette publicité ?",
      formTitle: "Votre signalement",
      reason: "Trompeuse",
      next: "Suivant",
    },
    channels: ["Téléphone", "E-mail", "Courrier"],
  },
};
type Site = (typeof SITES)[keyof typeof SITES];

const full = (title: string) => `${title} | ${SITE_NAME}`;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function postJson(host: Host, pathname: string, body: unknown): Promise<{ status: number; reference: string }> {
  const port = Number(process.env.E2E_PORT);
  const answer = await request(port, {
    method: "POST",
    path: pathname,
    host: `${host}.localhost:${port}`,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: answer.status, reference: (JSON.parse(answer.body) as { reference: string }).reference };
}

/** A verified access request on the site's country (OPEN, due in a month), as the mailed link leaves it. */
async function openRequest(site: Site): Promise<string> {
  const made = await postJson(site.host, "/api/privacy-rights/request", {
    flowType: "RIGHT_OF_ACCESS",
    email: `titel-${unique()}@veldhaven-test.nl`,
    language: site.lang,
    userMessage: "Welke gegevens hebben jullie?",
  });
  expect(made.status).toBe(201);
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, "app.sqlite"));
  try {
    db.prepare("update privacy_request set state = 'OPEN', verified_at = ?, due_at = ? where reference = ?").run(
      new Date().toISOString(),
      new Date(Date.now() + 30 * 86_400_000).toISOString(),
      made.reference,
    );
  } finally {
    db.close();
  }
  return made.reference;
}

async function submitSignIn(page: Page, site: Site, email: string) {
  await page.getByLabel(site.signIn.email).fill(email);
  await page.getByLabel(site.signIn.password).fill(STAFF_PASSWORD);
  await page.getByRole("button", { name: site.signIn.submit, exact: true }).click();
}

/** Signs in on the site's own host (the session cookie is per host), in its language. */
async function signIn(page: Page, site: Site, email: string) {
  await page.goto(siteUrl(site.host, `/${site.lang}/internal-privacy-rights/login`));
  await submitSignIn(page, site, email);
  await expect(page).toHaveURL(/confirm-login$/);
}

/** A failed field's message, in the error summary and beside the field, and no generic 'Dit veld is verplicht'. */
async function expectFieldMessage(scope: Locator, message: string, site: Site) {
  await expect(scope.locator(".app-error-summary").getByRole("link").filter({ hasText: message })).toHaveCount(1);
  await expect(scope.locator(".app-field__error").filter({ hasText: message })).toBeVisible();
  await expect(scope.getByText(site.required)).toHaveCount(0);
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * What a heading with its step is called: "Stap 1 van 2: <title>". Chromium
 * puts a space around the block-level caption's hidden colon in the
 * accessible name ("Stap 1 van 2 : …"), which no screen reader voices.
 */
const withStep = (step: string, title: string) => new RegExp(`^${escaped(step)}\\s?: ${escaped(title)}$`);

for (const [turn, [locale, site]] of Object.entries(SITES).entries()) {
  test.describe(locale, () => {
    test(
      "a request's and a report's back-office page are titled with their reference; a failed action adds the error prefix, each field says what to do",
      inTurn(turn),
      async ({ page }) => {
        const reference = await openRequest(site);
        const officer = uniqueStaffEmail("titles");
        await addStaff(officer, "officer");
        await signIn(page, site, officer);

        await page.goto(siteUrl(site.host, `/${site.lang}/internal-privacy-rights/requests/${reference}`));
        const title = full(site.request.title(reference));
        await expect(page).toHaveTitle(title);

        const extend = page.getByRole("region", { name: site.request.extend.region });
        await extend.getByRole("button", { name: site.request.extend.region }).click();
        await expect(page).toHaveTitle(site.failed(title));
        await expectFieldMessage(extend, site.request.extend.months, site);
        await expectFieldMessage(extend, site.request.extend.reason, site);
        await expect(extend.getByRole("textbox")).toHaveAccessibleDescription(new RegExp(site.request.extend.reason));

        const complete = page.getByRole("region", { name: site.request.complete.region });
        await complete.getByRole("button", { name: site.request.complete.region }).click();
        await expectFieldMessage(complete, site.request.complete.note, site);
        await expect(complete.getByRole("textbox")).toHaveAccessibleDescription(new RegExp(site.request.complete.note));
        await expect(page).toHaveTitle(site.failed(title));

        const reject = page.getByRole("region", { name: site.request.reject.region });
        await reject.getByRole("button", { name: site.request.reject.region }).click();
        await expectFieldMessage(reject, site.request.reject.reason, site);
        await expect(page).toHaveTitle(site.failed(title));

        // A failed owner form, then another action that succeeds: the page answers as a fresh one, no error left.
        const assign = page.getByRole("region", { name: site.request.assign.region });
        await assign.getByRole("button", { name: site.request.assign.region, exact: true }).click();
        await expectFieldMessage(assign, site.request.assign.message, site);
        await page.getByRole("button", { name: site.request.take.button }).click();
        await expect(page.getByTestId("banner")).toContainText(site.request.take.banner);
        await expect(page).toHaveTitle(title);
        await expect(page.locator(".app-error-summary, .app-field__error")).toHaveCount(0);
        await expect(page.locator("[aria-invalid='true']")).toHaveCount(0);

        // An ad report's page too.
        const [ad] = await registerItems(page.request, "be");
        const made = await postJson("be", "/api/political-ad-complaint", {
          name: "Lotte Lezer",
          email: `melder-${unique()}@veldhaven-test.nl`,
          explanation: "Geen betaler vermeld.",
          reason: "MISLEADING",
          campaignId: ad.id,
          locale: "nl_be",
        });
        expect(made.status).toBe(201);
        await page.goto(siteUrl(site.host, `/${site.lang}/internal-privacy-rights/ad-reports/${made.reference}`));
        const reportTitle = full(site.report.title(made.reference));
        await expect(page).toHaveTitle(reportTitle);
        await page.getByRole("button", { name: site.report.review }).click();
        await expect(page.getByRole("button", { name: site.report.close })).toBeVisible();
        await expect(page).toHaveTitle(reportTitle);
        await page.getByRole("button", { name: site.report.close }).click();
        await expect(page).toHaveTitle(site.failed(reportTitle));
        await expectFieldMessage(page.locator("main"), site.report.outcome, site);
      },
    );

    test(
      "staff sign-in and enrolling a second factor: each empty field says what to do, and the title says it failed",
      inTurn(turn + 1),
      async ({ page }) => {
        await page.goto(siteUrl(site.host, `/${site.lang}/internal-privacy-rights/login`));
        const title = await page.title();
        await page.getByRole("button", { name: site.signIn.submit, exact: true }).click();
        await expect(page).toHaveTitle(site.failed(title));
        const form = page.locator("main");
        await expectFieldMessage(form, site.signInMessages.email, site);
        await expectFieldMessage(form, site.signInMessages.password, site);
        await expect(page.getByLabel(site.signIn.email)).toHaveAccessibleDescription(
          new RegExp(site.signInMessages.email),
        );
        await expect(page.getByLabel(site.signIn.password)).toHaveAccessibleDescription(
          new RegExp(site.signInMessages.password),
        );

        // Enrolment takes the app's code only: its message does not offer a recovery code.
        const email = uniqueStaffEmail("enrol");
        await addStaff(email, "agent", { requireTotp: true });
        await page.goto(siteUrl(site.host, `/${site.lang}/internal-privacy-rights/login`));
        await submitSignIn(page, site, email);
        await expect(page).toHaveURL(/two-factor\/setup$/);
        await page.getByRole("button", { name: site.setup.submit }).click();
        await expectFieldMessage(form, site.setup.missing, site);
        await expect(page.getByLabel(site.setup.code)).toHaveAccessibleDescription(new RegExp(site.setup.missing));
      },
    );

    test(
      "each step of the objection is in the title and in the heading above the form, after a client-side step too",
      inTurn(turn),
      async ({ page, javaScriptEnabled }) => {
        await page.goto(siteUrl(site.host, `/${site.lang}/privacy-rights/direct-marketing/brands`));
        const heading = page.getByRole("heading", { level: 1 });
        const step1 = full(`${site.objection.brands} (${site.step(1, 2).toLowerCase()})`);
        await expect(page).toHaveTitle(step1);
        await expect(heading).toHaveAccessibleName(withStep(site.step(1, 2), site.objection.brands));
        await expectAboveTheForm(page, heading);

        await page.getByRole("button", { name: site.objection.next, exact: true }).click();
        await expect(page).toHaveTitle(site.failed(step1));
        await expect(heading).toHaveAccessibleName(withStep(site.step(1, 2), site.objection.brands));

        await page.getByRole("checkbox", { name: site.objection.selectAll }).check();
        await markDocument(page, javaScriptEnabled);
        await page.getByRole("button", { name: site.objection.next, exact: true }).click();
        await expect(page).toHaveURL(/communication-types$/);
        await expect(page).toHaveTitle(full(`${site.objection.channels} (${site.step(2, 2).toLowerCase()})`));
        await expect(heading).toHaveAccessibleName(withStep(site.step(2, 2), site.objection.channels));
        await expectAboveTheForm(page, heading);
        await expectSameDocument(page, javaScriptEnabled);
      },
    );

    test(
      "each step of reporting an ad is in the title and in the heading above the form, after a client-side step too",
      inTurn(turn + 1),
      async ({ page, javaScriptEnabled }) => {
        const [ad] = await registerItems(page.request, site.host);
        await page.goto(siteUrl(site.host, `/${site.lang}/political-ads/${encodeURIComponent(ad.id)}/report`));
        const heading = page.getByRole("heading", { level: 1 });
        await expect(page).toHaveTitle(full(`${site.ad.reasonTitle} (${site.step(1, 3).toLowerCase()})`));
        await expect(heading).toHaveAccessibleName(withStep(site.step(1, 3), site.ad.reasonTitle));
        await expectAboveTheForm(page, heading);

        await page.getByRole("radio", { name: site.ad.reason, exact: true }).check();
        await markDocument(page, javaScriptEnabled);
        await page.getByRole("button", { name: site.ad.next, exact: true }).click();
        await expect(page).toHaveTitle(full(`${site.ad.formTitle} (${site.step(2, 3).toLowerCase()})`));
        await expect(heading).toHaveAccessibleName(withStep(site.step(2, 3), site.ad.formTitle));
        await expectAboveTheForm(page, heading);
        await expectSameDocument(page, javaScriptEnabled);
      },
    );

    test(
      "the report dialog's name says its step",
      onlyWithJavaScript("without JavaScript the report is the pages above"),
      async ({ page }) => {
        const [ad] = await registerItems(page.request, site.host);
        await page.goto(siteUrl(site.host, `/${site.lang}/political-ads/${encodeURIComponent(ad.id)}`));
        await page.getByRole("button", { name: site.ad.open }).click();
        const dialog = page.getByRole("dialog");
        await expect(dialog).toHaveAccessibleName(withStep(site.step(1, 3), site.ad.reasonTitle));
        await expect(dialog.getByRole("heading", { level: 2 })).toBeFocused();
        await dialog.getByRole("radio", { name: site.ad.reason, exact: true }).check();
        await dialog.getByRole("button", { name: site.ad.next, exact: true }).click();
        await expect(dialog).toHaveAccessibleName(withStep(site.step(2, 3), site.ad.formTitle));
        await expect(dialog.getByRole("heading", { level: 2 })).toBeFocused();
      },
    );
  });
}

/** The heading comes before the form in reading order (the step above the form, NL Design System). */
async function expectAboveTheForm(page: Page, heading: Locator) {
  const form = page.locator("main form").first();
  await expect(form).toBeVisible();
  const formElement = await form.elementHandle();
  expect(
    await heading.evaluate(
      (h1, element) => Boolean(h1.compareDocumentPosition(element!) & Node.DOCUMENT_POSITION_FOLLOWING),
      formElement,
    ),
  ).toBe(true);
}

/** With JavaScript the next step is a client-side navigation: a mark on the window survives it. */
async function markDocument(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await page.evaluate(() => Object.assign(window, { stepMark: true }));
}

async function expectSameDocument(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) expect(await page.evaluate(() => "stepMark" in window)).toBe(true);
}

/** The autocomplete attribute of every text input of the channel blocks, once all three are ticked. */
async function channelTokens(page: Page, channels: string[]): Promise<Record<string, string | null>> {
  for (const channel of channels) await page.getByRole("checkbox", { name: channel, exact: true }).check();
  return page
    .locator(".app-channels input:not([type=checkbox]):not([type=hidden])")
    .evaluateAll((inputs) =>
      Object.fromEntries(inputs.map((input) => [input.getAttribute("name"), input.getAttribute("autocomplete")])),
    );
}

test("the staff unsubscribe form (fr) never offers the staff member's own details; the public forms keep their tokens", async ({
  page,
}) => {
  const site = SITES.fr_be;
  const agent = uniqueStaffEmail("autofill-fr");
  await addStaff(agent);
  await signIn(page, site, agent);
  await page.goto(siteUrl(site.host, `/${site.lang}/internal-privacy-rights/direct-marketing`));
  const staffTokens = await channelTokens(page, site.channels);
  expect(Object.keys(staffTokens)).toEqual(
    expect.arrayContaining([
      "phoneNumber",
      "email",
      "userInfo.firstName",
      "userInfo.lastName",
      "userInfo.address.street",
      "userInfo.address.postalCode",
      "userInfo.address.city",
    ]),
  );
  for (const [name, token] of Object.entries(staffTokens)) expect(token, name).toBe("off");

  // The public forms are filled in by the person they are about.
  await page.goto(siteUrl(site.host, `/${site.lang}/privacy-rights/access`));
  await page.getByRole("checkbox", { name: "Ajouter mon nom et mon adresse" }).check();
  const tokens = (names: string[]) =>
    Promise.all(names.map((name) => page.locator(`main [name="${name}"]`).getAttribute("autocomplete")));
  expect(
    await tokens([
      "email",
      "userInfo.firstName",
      "userInfo.lastName",
      "userInfo.address.street",
      "userInfo.address.postalCode",
      "userInfo.address.city",
      "userInfo.address.country",
    ]),
  ).toEqual(["email", "given-name", "family-name", "address-line1", "postal-code", "address-level2", "country-name"]);
  await page.goto(siteUrl(site.host, `/${site.lang}/about`));
  expect(await page.locator('form#contact [name="name"]').getAttribute("autocomplete")).toBe("name");
  expect(await page.locator('form#contact [name="email"]').getAttribute("autocomplete")).toBe("email");
});
