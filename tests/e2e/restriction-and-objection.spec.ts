/**
 * With JavaScript and without, in Dutch (.nl) and French (.be): a
 * restriction of processing from its form through the mailed link; an
 * officer starts it and its systems get `restrict` tasks; the lift is
 * announced (the person's mail says so, and why), and lifted once that mail
 * was sent: the systems get `lift` tasks and the person's status page says
 * since when it was in force and when it was lifted. An objection to
 * processing: one upheld (its systems get `stop` tasks), another refused,
 * its mail naming the supervisory authority of the person's country. A step
 * that does not apply is refused with a 409 that says why. Its own server:
 * the systems registered here must not give tasks to the other specs'
 * requests.
 */
import fs from "node:fs";
import path from "node:path";

import type { Browser, Page } from "@playwright/test";
import Database from "better-sqlite3";

import { parseConfig, resolveConfig } from "~/config.server";
import { openDatabase } from "~/db/db.server";
import { saveSystems } from "~/services/systems/register.server";
import { dataSystemSchema } from "~/validation/data-system";

import { request, spawnServer, type SpawnedServer } from "../setup/spawn-server";
import { decodeQuotedPrintable } from "../setup/test-smtp-server";
import { expect, expectAxeClean, inTurn, test } from "./fixtures";
import { overflowOnPhoneAt200 } from "./reflow";
import { readable } from "./soft-hyphens";
import { addStaff, submitStaffLogin, uniqueStaffEmail } from "./staff-fixtures";

test.describe.configure({ timeout: 180_000 });

const PERSON = {
  nl_nl: {
    host: "nl",
    lang: "nl",
    tag: "nl-NL",
    submit: "Verstuur je aanvraag",
    required: "Dit veld is verplicht",
    chooseOption: "Gelieve een optie te kiezen",
    email: "E-mailadres",
    confirm: "Bevestig mijn aanvraag",
    ground: "Mijn gegevens kloppen niet; gebruik ze niet tot dat is nagekeken",
    concerns: "Om welke gegevens of welk gebruik gaat het?",
    purpose: "Profilering voor gepersonaliseerde advertenties",
    grounds: "Waarom maak je bezwaar?",
    liftMail: "We gaan die beperking opheffen.",
    upheldMail: "geven je gelijk",
    authority: ["de Autoriteit Persoonsgegevens", "https://www.autoriteitpersoonsgegevens.nl", "naar de rechter"],
    statusReference: "Referentie",
    statusSubmit: "Stuur mij een link",
    since: "Van kracht sinds",
    announced: "hebben we je gemaild dat we de beperking opheffen",
    lifted: "Opgeheven op",
  },
  fr_be: {
    host: "be",
    lang: "fr",
    tag: "fr-BE",
    submit: "Envoyer votre demande",
    required: "Ce champ est obligatoire",
    chooseOption: "Veuillez choisir une option",
    email: "Adresse e-mail",
    confirm: "Confirmer ma demande",
    ground: "Mes données sont inexactes ; ne les utilisez pas avant vérification",
    concerns: "De quelles données ou de quel usage s'agit-il ?",
    purpose: "Le profilage pour la publicité personnalisée",
    grounds: "Pourquoi vous opposez-vous ?",
    liftMail: "Nous allons lever cette limitation.",
    upheldMail: "vous donnons raison",
    authority: [
      "l'Autorité de protection des données",
      "https://www.autoriteprotectiondonnees.be",
      "saisir les tribunaux",
    ],
    statusReference: "Référence",
    statusSubmit: "Envoyez-moi un lien",
    since: "En vigueur depuis le",
    announced: "nous vous avons informé(e) par e-mail que nous levons la limitation",
    lifted: "Levée le",
  },
} as const;
type Person = (typeof PERSON)[keyof typeof PERSON];

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Two systems take part in both rights, in both countries; their tasks are ticked by hand. */
async function registerSystems(server: SpawnedServer) {
  const handle = openDatabase(resolveConfig(parseConfig({ ...process.env, DATA_DIR: server.dataDir })).database);
  try {
    await saveSystems(
      handle.db,
      [
        { id: "crm", name: "Klantenbestand" },
        { id: "ads", name: "Advertentieprofielen" },
      ].map((system) =>
        dataSystemSchema.parse({
          ...system,
          rights: ["RESTRICTION_OF_PROCESSING", "OBJECTION_TO_PROCESSING"],
          countries: ["nl", "be"],
          channel: "manual",
        }),
      ),
    );
  } finally {
    await handle.db.destroy();
  }
}

/** One row of the spawned server's database. */
function row<T>(server: SpawnedServer, statement: string, ...values: unknown[]): T {
  const db = new Database(path.join(server.dataDir, "app.sqlite"), { readonly: true });
  try {
    return db.prepare(statement).get(...values) as T;
  } finally {
    db.close();
  }
}

/** Waits for the mail to `address` that holds `containing` in the server's mail folder (written once sent). */
async function mailTo(server: SpawnedServer, address: string, containing: string): Promise<string> {
  const dir = path.join(server.dataDir, "mail");
  let found = "";
  await expect
    .poll(
      () =>
        (found =
          (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [])
            .map((file) => decodeQuotedPrintable(fs.readFileSync(path.join(dir, file), "utf8")))
            .find((mail) => mail.includes(address) && mail.includes(containing)) ?? ""),
      { timeout: 15_000 },
    )
    .not.toBe("");
  return found;
}

const linkIn = (mail: string, pattern: RegExp) => pattern.exec(mail)![0];

/** The person's own browser, with or without JavaScript as the project says. */
async function personsBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled !== false });
  return context.newPage();
}

/** Confirms the request through the mailed link; returns its reference. */
async function confirmByMail(server: SpawnedServer, their: Page, person: Person, email: string): Promise<string> {
  const mail = await mailTo(server, email, "email-verification?token=");
  await their.goto(linkIn(mail, /http:\/\/\S+\/email-verification\?token=[\w-]+/));
  await their.getByRole("button", { name: person.confirm }).click();
  await expect(their).toHaveURL(/email-verified/);
  return row<{ reference: string }>(server, "select reference from privacy_request where email = ?", email).reference;
}

/** An officer of the spawned server, signed in on its .nl host. */
async function signInOfficer(server: SpawnedServer, page: Page) {
  const officer = uniqueStaffEmail("decisions");
  await addStaff(officer, "officer", { dataDir: server.dataDir });
  await page.goto(`http://nl.localhost:${server.port}/nl/internal-privacy-rights/login`);
  await submitStaffLogin(page, officer);
  await expect(page).toHaveURL(/confirm-login/);
  return (reference: string) => `http://nl.localhost:${server.port}/nl/internal-privacy-rights/requests/${reference}`;
}

/**
 * A post of one of the page's forms, with the officer's session, as an older
 * view of the page sends it (Node does not resolve *.localhost: to 127.0.0.1
 * with the page's host): the answer's status and text as it reads (without its soft hyphens).
 */
async function postForm(page: Page, url: string, fields: Record<string, string>) {
  const target = new URL(url);
  const cookies = await page.context().cookies(url);
  const answer = await request(Number(target.port), {
    method: "POST",
    path: target.pathname,
    host: target.host,
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; "),
    },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: answer.status, text: readable(answer.body) };
}

const tasksTable = (page: Page) => page.getByRole("table", { name: "Systemen" });

let spawned: SpawnedServer | undefined;
test.afterEach(async () => {
  await spawned?.stop();
  spawned = undefined;
});

async function startServer() {
  spawned = await spawnServer({ MAIL_POLL_INTERVAL_MS: "200" });
  await registerSystems(spawned);
  return spawned;
}

for (const [turn, [locale, person]] of Object.entries(PERSON).entries()) {
  test(
    `a restriction from its form to its lift: restrict tasks, the lift announced by mail, lifted once it was sent, lift tasks, the status page (${locale})`,
    inTurn(turn),
    async ({ page, browser }) => {
      const server = await startServer();
      const base = `http://${person.host}.localhost:${server.port}/${person.lang}`;
      const email = `beperking-${unique()}@veldhaven-test.nl`;

      // The form: every field says what it needs, then the request is sent and confirmed.
      const their = await personsBrowser(browser);
      await their.goto(`${base}/privacy-rights/restriction`);
      await their.getByRole("button", { name: person.submit }).click();
      const summary = their.locator(".app-error-summary");
      await expect(summary).toContainText(person.chooseOption);
      await expect(summary).toContainText(person.required);
      await their.getByRole("radio", { name: person.ground }).check();
      await their.getByLabel(person.concerns).fill("Mijn adres in de abonnementenadministratie.");
      await their.getByLabel(person.email).fill(email);
      await their.getByRole("button", { name: person.submit }).click();
      await expect(their).toHaveURL(`${base}/privacy-rights/processed`);
      const reference = await confirmByMail(server, their, person, email);

      // The officer starts it: each system is asked to restrict.
      const requestPage = await signInOfficer(server, page);
      await page.goto(requestPage(reference));
      await page.getByRole("button", { name: "In behandeling nemen" }).click();
      await expect(page.getByText("De aanvraag is in behandeling genomen.")).toBeVisible();
      await expect(tasksTable(page).getByRole("row").filter({ hasText: "Afschermen" })).toHaveCount(2);
      const restriction = page.getByRole("region", { name: "Beperking van de verwerking" });
      await expect(restriction).toContainText("Van kracht sinds");
      await expectAxeClean(page);
      expect(await overflowOnPhoneAt200(page)).toBeNull();
      await page.setViewportSize({ width: 1280, height: 800 });

      // The lift is announced with its reason, which is required and mailed to the person.
      await restriction.getByRole("button", { name: "Aankondigen en mailen" }).click();
      await expect(restriction.getByText("Geef een reden op voor het opheffen van de beperking").first()).toBeVisible();
      const reason = `Je adres is nagekeken en klopt (${unique()}).`;
      await restriction.getByLabel("Waarom wordt de beperking opgeheven?", { exact: false }).fill(reason);
      await restriction.getByRole("button", { name: "Aankondigen en mailen" }).click();
      await expect(page.getByText("De opheffing is aangekondigd")).toBeVisible();
      const notice = await mailTo(server, email, reason);
      expect(notice).toContain(person.liftMail);
      expect(notice).toContain(reference);

      // Between the two: the person's status page says the lift was announced.
      await their.goto(`${base}/privacy-rights/status`);
      await their.getByLabel(person.statusReference).fill(reference);
      await their.getByLabel(person.email).fill(email);
      await their.getByRole("button", { name: person.statusSubmit }).click();
      await their.goto(
        linkIn(
          await mailTo(server, email, "status/view?token="),
          /http:\/\/\S+\/privacy-rights\/status\/view\?token=[\w-]+/,
        ),
      );
      const restrictedAt = row<{ restricted_at: string }>(
        server,
        "select restricted_at from privacy_request where reference = ?",
        reference,
      ).restricted_at;
      const date = (iso: string) =>
        new Intl.DateTimeFormat(person.tag, { dateStyle: "long", timeZone: "Europe/Brussels" }).format(new Date(iso));
      await expect(their.getByText(`${person.since} ${date(restrictedAt)}`)).toBeVisible();
      await expect(their.getByText(person.announced, { exact: false })).toBeVisible();

      // The notice has left the outbox (its file is written when it is sent): the page says so, and the lift goes.
      const stale = await page.context().newPage();
      await stale.goto(requestPage(reference));
      await expect(async () => {
        await page.reload();
        await expect(restriction).toContainText("melding verstuurd op", { timeout: 1000 });
      }).toPass({ timeout: 15_000 });
      await restriction.getByRole("button", { name: "Beperking nu opheffen" }).click();
      await expect(page.getByText("De beperking is opgeheven")).toBeVisible();
      await expect(tasksTable(page).getByRole("row").filter({ hasText: "Afscherming opheffen" })).toHaveCount(2);
      await expect(tasksTable(page).getByRole("row").filter({ hasText: "Afschermen" })).toHaveCount(2);
      await expect(restriction).toContainText("Opgeheven op");
      await expect(page.locator(".app-history")).toContainText("Beperking opgeheven");

      // Lifted once: an older view of the page that lifts again is told why nothing happened.
      await stale.getByRole("button", { name: "Beperking nu opheffen" }).click();
      await expect(stale.getByText("Er is geen beperking van kracht", { exact: false }).first()).toBeVisible();
      const again = await postForm(page, requestPage(reference), { form: "restriction-lift" });
      expect(again.status).toBe(409);
      expect(again.text).toContain("Er is geen beperking van kracht");
      await stale.close();

      // The person's status page: in force since, lifted on.
      await their.reload();
      await expect(their.getByText(`${person.since} ${date(restrictedAt)}`)).toBeVisible();
      const liftedAt = row<{ lifted_at: string }>(
        server,
        "select lifted_at from privacy_request where reference = ?",
        reference,
      ).lifted_at;
      await expect(their.getByText(`${person.lifted} ${date(liftedAt)}`)).toBeVisible();
      expect(await overflowOnPhoneAt200(their)).toBeNull();
      await their.context().close();
    },
  );
}

for (const [turn, [locale, person]] of Object.entries(PERSON).entries()) {
  test(
    `an objection to processing upheld with stop tasks, another refused with the authority of the person's country (${locale})`,
    inTurn(turn + 1),
    async ({ page, browser }) => {
      const server = await startServer();
      const base = `http://${person.host}.localhost:${server.port}/${person.lang}`;
      const upheldEmail = `bezwaar-${unique()}@veldhaven-test.nl`;
      const refusedEmail = `bezwaar-${unique()}@veldhaven-test.nl`;

      // One through the form, whose fields say what they need; the other through the JSON call.
      const their = await personsBrowser(browser);
      await their.goto(`${base}/privacy-rights/objection-to-processing`);
      await their.getByRole("button", { name: person.submit }).click();
      const summary = their.locator(".app-error-summary");
      await expect(summary).toContainText(person.chooseOption);
      await expect(summary).toContainText(person.required);
      await their.getByRole("checkbox", { name: person.purpose }).check();
      await their.getByLabel(person.grounds).fill("Ik schrijf als journalist over de sector.");
      await their.getByLabel(person.email).fill(upheldEmail);
      await their.getByRole("button", { name: person.submit }).click();
      await expect(their).toHaveURL(`${base}/privacy-rights/processed`);
      const upheld = await confirmByMail(server, their, person, upheldEmail);
      const called = await request(server.port, {
        method: "POST",
        path: "/api/privacy-rights/request",
        host: `${person.host}.localhost:${server.port}`,
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          flowType: "OBJECTION_TO_PROCESSING",
          email: refusedEmail,
          language: person.lang,
          purposes: ["AUDIENCE_MEASUREMENT"],
          grounds: "Ik wil niet gemeten worden.",
        }),
      });
      expect(called.status).toBe(201);
      const refused = await confirmByMail(server, their, person, refusedEmail);
      await their.context().close();

      // Upheld: started, then decided; the systems are asked to stop.
      const requestPage = await signInOfficer(server, page);
      await page.goto(requestPage(upheld));
      await page.getByRole("button", { name: "In behandeling nemen" }).click();
      await expect(page.getByText("Er zijn (nog) geen taken", { exact: false })).toBeVisible();
      await expect(page.getByRole("button", { name: "Afwijzen", exact: true })).toHaveCount(0);
      await expectAxeClean(page);
      expect(await overflowOnPhoneAt200(page)).toBeNull();
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByLabel("Toelichting voor de betrokkene (optioneel)").fill("Ook uit de bestaande profielen.");
      await page.getByRole("button", { name: "Bezwaar toewijzen" }).click();
      await expect(page.getByText("Het bezwaar is toegewezen: de systemen krijgen de opdracht")).toBeVisible();
      await expect(tasksTable(page).getByRole("row").filter({ hasText: "Verwerking stoppen" })).toHaveCount(2);
      expect(await mailTo(server, upheldEmail, person.upheldMail)).toContain("Ook uit de bestaande profielen.");
      // Decided once; and a restriction's steps do not apply to it.
      const twice = await postForm(page, requestPage(upheld), { form: "objection-uphold" });
      expect([twice.status, twice.text.includes("Over dit bezwaar is al beslist")]).toEqual([409, true]);
      const lift = await postForm(page, requestPage(upheld), { form: "restriction-announce-lift", reason: "Waarom?" });
      expect([lift.status, lift.text.includes("Er is geen beperking van kracht")]).toEqual([409, true]);
      // Completed as any request, once its systems answered or with a reason.
      await page.getByLabel("Wat is er gedaan?").fill("Verwerking gestopt.");
      await page
        .getByLabel("Waarom rond je af terwijl systemen nog niet hebben geantwoord?")
        .fill("Met de hand gecontroleerd.");
      await page.getByRole("button", { name: "Afronden" }).click();
      await expect(page.getByText("De aanvraag is afgerond.")).toBeVisible();

      // Refused: the grounds are required, mailed with the authority of the person's country and the courts.
      await page.goto(requestPage(refused));
      await page.getByRole("button", { name: "In behandeling nemen" }).click();
      await page.getByRole("button", { name: "Bezwaar afwijzen" }).click();
      await expect(page.getByText("Geef de dwingende gerechtvaardigde gronden op").first()).toBeVisible();
      const grounds = `De bereiksmeting is nodig voor onze adverteerders (${unique()}).`;
      await page.getByLabel("Dwingende gerechtvaardigde gronden", { exact: false }).fill(grounds);
      await page.getByRole("button", { name: "Bezwaar afwijzen" }).click();
      await expect(page.getByText("Het bezwaar is afgewezen en de betrokkene is gemaild.")).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 }).locator("..")).toContainText("Afgewezen");
      await expect(page.getByText("Er zijn (nog) geen taken", { exact: false })).toBeVisible();
      const mail = await mailTo(server, refusedEmail, grounds);
      for (const part of person.authority) expect(mail).toContain(part);
    },
  );
}
