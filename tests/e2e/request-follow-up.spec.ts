/**
 * With JavaScript on and off: an officer asks the
 * person for more information (the request waits, its clock stops); the
 * person answers on the page behind the mailed link, in their language,
 * with a file; the officer sees the answer and the file, and the request
 * works on. Without an answer for 30 days the officer may close it, the
 * reason mailed. A request confirmed while the same right for the same
 * address is open is marked as a possible duplicate in both views, and an
 * officer closes it, mailing the reference being handled.
 */
import fs from "node:fs";

import { request } from "../setup/spawn-server";
import { expect, expectAxeClean, inTurn, siteUrl, test, type Host } from "./fixtures";
import { horizontalOverflow, setTextSize } from "./reflow";
import { mailTo, sql } from "./shared-server-data";
import { soft } from "./soft-hyphens";
import { addStaff, signInAsStaff, uniqueStaffEmail } from "./staff-fixtures";

// Long journeys and sweeps: ~15 s on two idle cores, up to 53 s on one
// (pinned with taskset). A limit that fits a machine three times slower.
test.describe.configure({ timeout: 180_000 });

const port = () => Number(process.env.E2E_PORT);
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function makeRequest(host: Host, language: string, email: string, flowType = "RIGHT_OF_ACCESS"): Promise<string> {
  const answer = await request(port(), {
    method: "POST",
    path: "/api/privacy-rights/request",
    host: `${host}.localhost:${port()}`,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ flowType, email, language }),
  });
  expect(answer.status).toBe(201);
  return (JSON.parse(answer.body) as { reference: string }).reference;
}

const openInDatabase = (reference: string, due = new Date(Date.now() + 20 * 86_400_000)) =>
  sql(
    "update privacy_request set state = 'OPEN', verified_at = ?, due_at = ? where reference = ?",
    new Date().toISOString(),
    due.toISOString(),
    reference,
  );

const PERSON = {
  nl: {
    host: "nl" as Host,
    language: "nl",
    title: "Beantwoord onze vraag",
    answer: "Je antwoord",
    files: "Bestanden (niet verplicht)",
    submit: "Antwoord versturen",
    required: "Dit veld is verplicht",
    thanks: "Bedankt voor je antwoord",
    used: "Deze vraag is al beantwoord",
  },
  fr: {
    host: "be" as Host,
    language: "fr",
    title: "Répondez à notre question",
    answer: "Votre réponse",
    files: "Fichiers (facultatif)",
    submit: "Envoyer la réponse",
    required: "Ce champ est obligatoire",
    thanks: "Merci pour votre réponse",
    used: "Cette question a déjà reçu une réponse",
  },
};

for (const [turn, [language, person]] of Object.entries(PERSON).entries()) {
  test(
    `asking for more information: the clock stops, the person answers with a file, the request works on (${language})`,
    inTurn(turn),
    async ({ page, browser }) => {
      const officer = uniqueStaffEmail("officer");
      await addStaff(officer, "officer");
      const email = `vraag-${unique()}@veldhaven-test.nl`;
      const reference = await makeRequest(person.host, person.language, email);
      const due = new Date(Date.now() + 10 * 86_400_000);
      openInDatabase(reference, due);

      await signInAsStaff(page, officer);
      await page.goto(siteUrl("nl", `/nl/internal-privacy-rights/requests/${reference}`));
      await page.getByRole("button", { name: "Vraag versturen" }).click();
      await expect(page.getByText("Schrijf de vraag aan de aanvrager").first()).toBeVisible();
      await page
        .getByLabel("Vraag aan de aanvrager")
        .fill("Stuur ons een kopie van je klantenkaart, zodat we weten welke gegevens bij jou horen.");
      await page.getByRole("button", { name: "Vraag versturen" }).click();
      await expect(
        page.getByText("De vraag is naar de aanvrager gemaild; de termijn staat stil tot die antwoordt."),
      ).toBeVisible();
      await expect(page.getByText("Inzage · Wacht op aanvrager")).toBeVisible();
      await expect(page.getByText(soft(/Deze aanvraag wacht sinds .* op de aanvrager/))).toBeVisible();

      const mail = await mailTo(email, "privacy-rights/reply?token=");
      const link = /https?:\/\/\S+\/privacy-rights\/reply\?token=[A-Za-z0-9_-]{43}/.exec(mail)![0];
      expect(link.startsWith(siteUrl(person.host, `/${person.language}/`))).toBe(true);
      // The clock stood still this long (set back, as days pass in real life).
      sql(
        "update privacy_request set paused_at = ? where reference = ?",
        new Date(Date.now() - 3 * 86_400_000).toISOString(),
        reference,
      );

      const context = await browser.newContext({
        javaScriptEnabled: test.info().project.use.javaScriptEnabled !== false,
      });
      const their = await context.newPage();
      await their.goto(link);
      await expect(their).toHaveURL(siteUrl(person.host, `/${person.language}/privacy-rights/reply`));
      await expect(their.getByRole("heading", { level: 1 })).toHaveText(person.title);
      await expect(their.getByText("Stuur ons een kopie van je klantenkaart")).toBeVisible();
      await expectAxeClean(their);
      // One title, with the error prefix after a failed send.
      await expect(their.locator("title")).toHaveCount(1);
      await their.getByRole("button", { name: person.submit }).click();
      await expect(their.locator(".app-error-summary")).toContainText(person.required);
      await expect(their).toHaveTitle(
        new RegExp(`^${person.language === "fr" ? "Erreur : " : "Fout: "}${person.title}`),
      );
      await expect(their.locator("title")).toHaveCount(1);
      // A real image (1 × 1 pixel), as a phone's photo of the card would be one.
      const card = Buffer.from(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
        "base64",
      );
      await their.getByLabel(person.answer).fill("Hierbij mijn klantenkaart.");
      await their
        .getByLabel(person.files)
        .setInputFiles({ name: "klantenkaart.png", mimeType: "image/png", buffer: card });
      await their.getByRole("button", { name: person.submit }).click();
      await expect(their.getByRole("heading", { level: 1 })).toHaveText(person.thanks);
      await expect(their).toHaveTitle(new RegExp(`^${person.thanks}`));
      await their.goto(link);
      await expect(their.getByRole("heading", { level: 1 })).toHaveText(person.used);
      await expect(their).toHaveTitle(new RegExp(`^${person.used}`));
      await their.setViewportSize({ width: 320, height: 640 });
      await setTextSize(their, 2);
      await their.reload();
      expect(await horizontalOverflow(their)).toBeNull();
      await context.close();

      // The request works on; its due date moved by the three days it waited.
      await page.reload();
      await expect(page.getByText("Inzage · In behandeling")).toBeVisible();
      await expect(page.getByText("Hierbij mijn klantenkaart.")).toBeVisible();
      const [{ due_at: newDue }] = sql<{ due_at: string }>(
        "select due_at from privacy_request where reference = ?",
        reference,
      );
      expect(Math.round((new Date(newDue).getTime() - due.getTime()) / 86_400_000)).toBe(3);
      const row = page.getByRole("row").filter({ hasText: "klantenkaart.png" });
      await expect(row).toContainText("Van de aanvrager");
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        row.getByRole("button", { name: "klantenkaart.png downloaden" }).click(),
      ]);
      expect(Buffer.compare(fs.readFileSync(await download.path()), card)).toBe(0);
    },
  );
}

// The question's mail is lost; the status page (its link proves the mailbox) shows the question and leads to the reply form.
const STATUS_PAGE = {
  nl: {
    form: "Stuur mij een link",
    reference: "Referentie",
    email: "E-mailadres",
    question: "Onze vraag aan jou",
    answerButton: "Beantwoord de vraag",
    answered: "Je hebt deze vraag beantwoord op",
    state: "In behandeling",
  },
  fr: {
    form: "Envoyez-moi un lien",
    reference: "Référence",
    email: "Adresse e-mail",
    question: "Notre question",
    answerButton: "Répondre à la question",
    answered: "Vous avez répondu à cette question le",
    state: "En cours de traitement",
  },
};

for (const [turn, [language, person]] of Object.entries(PERSON).entries()) {
  const status = STATUS_PAGE[language as keyof typeof STATUS_PAGE];
  test(
    `the mail with the question is lost: the status page shows the question and leads to the reply form (${language})`,
    inTurn(turn + 1),
    async ({ page, browser }) => {
      // Two browsers, three mails and the whole flow from question to answer.
      const officer = uniqueStaffEmail("officer");
      await addStaff(officer, "officer");
      const email = `kwijt-${unique()}@veldhaven-test.nl`;
      const reference = await makeRequest(person.host, person.language, email);
      openInDatabase(reference);
      await signInAsStaff(page, officer);
      await page.goto(siteUrl("nl", `/nl/internal-privacy-rights/requests/${reference}`));
      // Two lines, and markup that must stay text.
      await page
        .getByLabel("Vraag aan de aanvrager")
        .fill("Welk klantnummer heb je?\nHet staat op je factuur, naast <b>Klant</b>.");
      await page.getByRole("button", { name: "Vraag versturen" }).click();
      await expect(page.getByText("Inzage · Wacht op aanvrager")).toBeVisible();
      const questionMail = await mailTo(email, "privacy-rights/reply?token=");
      const mailedLink = /https?:\/\/\S+\/privacy-rights\/reply\?token=[A-Za-z0-9_-]{43}/.exec(questionMail)![0];

      const context = await browser.newContext({
        javaScriptEnabled: test.info().project.use.javaScriptEnabled !== false,
      });
      const their = await context.newPage();
      await their.goto(siteUrl(person.host, `/${person.language}/privacy-rights/status`));
      await their.getByLabel(status.reference).fill(reference);
      await their.getByLabel(status.email).fill(email);
      await their.getByRole("button", { name: status.form }).click();
      const statusMail = await mailTo(email, "status/view?token=");
      await their.goto(/https?:\/\/\S+\/privacy-rights\/status\/view\?token=[A-Za-z0-9_-]{43}/.exec(statusMail)![0]);

      await expect(their.getByRole("heading", { level: 2, name: status.question })).toBeVisible();
      const shown = their.locator("blockquote");
      await expect(shown).toHaveText("Welk klantnummer heb je?\nHet staat op je factuur, naast <b>Klant</b>.");
      expect(await shown.innerText()).toContain("\n");
      await expect(shown.locator("b")).toHaveCount(0);
      await expectAxeClean(their);
      const answerButton = their.getByRole("button", { name: status.answerButton });
      await answerButton.focus();
      await expect(answerButton).toBeFocused();
      await their.setViewportSize({ width: 320, height: 640 });
      await setTextSize(their, 2);
      await their.reload();
      expect(await horizontalOverflow(their)).toBeNull();
      await their.setViewportSize({ width: 1280, height: 720 });
      await setTextSize(their, 1);

      // The reply form, with no token in its address.
      await their.getByRole("button", { name: status.answerButton }).click();
      await expect(their).toHaveURL(siteUrl(person.host, `/${person.language}/privacy-rights/reply`));
      await expect(their.getByRole("heading", { level: 1 })).toHaveText(person.title);
      await expect(their.getByText("Welk klantnummer heb je?")).toBeVisible();
      await their.getByLabel(person.answer).fill("NL-123456");
      await their.getByRole("button", { name: person.submit }).click();
      await expect(their.getByRole("heading", { level: 1 })).toHaveText(person.thanks);

      // The status page now says it was answered, and offers no second answer.
      await their.goto(siteUrl(person.host, `/${person.language}/privacy-rights/status/view`));
      await expect(their.getByRole("definition").filter({ hasText: status.state })).toBeVisible();
      await expect(their.getByText(status.answered)).toBeVisible();
      await expect(their.getByRole("button", { name: status.answerButton })).toHaveCount(0);
      // The mailed link, found again later, says the question is answered.
      await their.goto(mailedLink);
      await expect(their.getByRole("heading", { level: 1 })).toHaveText(person.used);
      await context.close();

      await page.reload();
      await expect(page.getByText("Inzage · In behandeling")).toBeVisible();
      await expect(page.getByText("NL-123456")).toBeVisible();
    },
  );
}

test("no answer in 30 days: the officer closes the request, the reason mailed", async ({ page }) => {
  const officer = uniqueStaffEmail("officer");
  await addStaff(officer, "officer");
  const email = `stil-${unique()}@veldhaven-test.nl`;
  const reference = await makeRequest("nl", "nl", email);
  openInDatabase(reference);
  await signInAsStaff(page, officer);
  await page.goto(siteUrl("nl", `/nl/internal-privacy-rights/requests/${reference}`));
  await page.getByLabel("Vraag aan de aanvrager").fill("Welk klantnummer heb je?");
  await page.getByRole("button", { name: "Vraag versturen" }).click();
  await expect(page.getByText("Inzage · Wacht op aanvrager")).toBeVisible();
  // Not before 30 days.
  await expect(page.getByRole("button", { name: "Afsluiten", exact: true })).toHaveCount(0);
  sql(
    "update privacy_request set paused_at = ? where reference = ?",
    new Date(Date.now() - 31 * 86_400_000).toISOString(),
    reference,
  );
  await page.reload();
  await page.getByRole("button", { name: "Afsluiten", exact: true }).click();
  await expect(page.getByText("Geef een reden op voor het afsluiten").first()).toBeVisible();
  await page
    .getByLabel("Reden (we mailen die naar de aanvrager)")
    .fill("We hebben geen antwoord gekregen op onze vraag van 31 dagen geleden.");
  await page.getByRole("button", { name: "Afsluiten", exact: true }).click();
  await expect(page.getByText("De aanvraag is afgesloten en de aanvrager is gemaild.")).toBeVisible();
  await expect(page.getByText("Inzage · Afgesloten")).toBeVisible();
  expect(await mailTo(email, "Aanvraag afgesloten")).toContain(
    "We hebben geen antwoord gekregen op onze vraag van 31 dagen geleden.",
  );
});

test("a request confirmed while the same one is open: marked in both views, closed as a duplicate with the reference mailed; another right is not a duplicate", async ({
  page,
  browser,
}) => {
  const officer = uniqueStaffEmail("officer");
  await addStaff(officer, "officer");
  const email = `dubbel-${unique()}@veldhaven-test.nl`;
  const first = await makeRequest("nl", "nl", email);
  openInDatabase(first);
  const erasure = await makeRequest("nl", "nl", email, "RIGHT_TO_BE_FORGOTTEN");
  const second = await makeRequest("nl", "nl", email);

  // The person confirms both new ones with the links they were mailed.
  const context = await browser.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled !== false });
  const their = await context.newPage();
  for (const reference of [erasure, second]) {
    const mail = await mailTo(email, reference);
    await their.goto(/https?:\/\/\S+\/email-verification\?token=[A-Za-z0-9_-]{43}/.exec(mail)![0]);
    await their.getByRole("button", { name: "Bevestig mijn aanvraag" }).click();
    await expect(their).toHaveURL(/email-verified/);
  }
  await context.close();

  await signInAsStaff(page, officer);
  // The list's text filter reads references (an address is searched by POST, never put in a URL where logs and history keep it).
  for (const [reference, duplicate] of [
    [second, true],
    [erasure, false],
  ] as const) {
    await page.goto(siteUrl("nl", "/nl/internal-privacy-rights/requests"));
    await page.getByLabel("Zoek op referentie").fill(reference);
    await page.getByRole("button", { name: "Filteren" }).click();
    const row = page.getByRole("row").filter({ hasText: reference });
    if (duplicate) await expect(row).toContainText("mogelijk dubbel");
    else await expect(row).not.toContainText("mogelijk dubbel");
  }

  await page.goto(siteUrl("nl", `/nl/internal-privacy-rights/requests/${first}`));
  await expect(page.getByText("Mogelijke dubbels van deze aanvraag:")).toContainText(second);
  await page.goto(siteUrl("nl", `/nl/internal-privacy-rights/requests/${second}`));
  await expect(page.getByText(soft(/Mogelijk dubbel: dezelfde aanvraag/))).toContainText(first);
  await page.getByRole("button", { name: "Afsluiten als dubbel" }).click();
  await expect(page.getByText("De aanvraag is afgesloten als dubbel en de aanvrager is gemaild.")).toBeVisible();
  await expect(page.getByText("Inzage · Afgesloten")).toBeVisible();
  expect(await mailTo(email, "Aanvraag al in behandeling")).toContain(`We antwoorden je onder referentie ${first}.`);
});
