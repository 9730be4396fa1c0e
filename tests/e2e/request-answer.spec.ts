/**
 * With JavaScript on and off: an officer attaches the
 * answer's files to an access request (a file of a kind we do not take is
 * refused by its content, whatever its name), sends the answer with a
 * message; the person gets a mail in their language with a link to a page
 * that offers each file by a POST button, downloads, and gets the bytes that
 * were uploaded. After the window the retention run deletes the files from
 * the database and the link answers with the expired page.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { request } from "../setup/spawn-server";
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
import { horizontalOverflow, setTextSize } from "./reflow";
import { mailTo, sql } from "./shared-server-data";
import { addStaff, signInAsStaff, uniqueStaffEmail } from "./staff-fixtures";

// Long journeys and sweeps: ~15 s on two idle cores, up to 53 s on one
// (pinned with taskset). A limit that fits a machine three times slower.
test.describe.configure({ timeout: 180_000 });

const port = () => Number(process.env.E2E_PORT);
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A verified access request made through the public call, in the person's language. */
async function openRequest(host: Host, language: string, email: string): Promise<string> {
  const answer = await request(port(), {
    method: "POST",
    path: "/api/privacy-rights/request",
    host: `${host}.localhost:${port()}`,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      flowType: "RIGHT_OF_ACCESS",
      email,
      language,
      userMessage: "Welke gegevens hebben jullie?",
    }),
  });
  expect(answer.status).toBe(201);
  const { reference } = JSON.parse(answer.body) as { reference: string };
  sql(
    "update privacy_request set state = 'OPEN', verified_at = ?, due_at = ? where reference = ?",
    new Date().toISOString(),
    new Date(Date.now() + 20 * 86_400_000).toISOString(),
    reference,
  );
  return reference;
}

/** A PDF as a PDF reader would see it: its signature, then 1.5 MB (two stored chunks) of anything. */
const pdfBytes = () => Buffer.concat([Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"), randomBytes(1_500_000)]);

const PERSON = {
  nl: {
    host: "nl" as Host,
    language: "nl",
    mailText: "We hebben je aanvraag afgehandeld",
    title: "Het antwoord op je aanvraag",
    download: (name: string) => `${name} downloaden`,
    expired: "Deze link is verlopen",
    referenceLabel: "Referentie",
    emailLabel: "E-mailadres",
    statusSubmit: "Stuur mij een link",
  },
  fr: {
    host: "be" as Host,
    language: "fr",
    mailText: "Nous avons trait",
    title: "La réponse à votre demande",
    download: (name: string) => `Télécharger ${name}`,
    expired: "Ce lien a expiré",
    referenceLabel: "Référence",
    emailLabel: "Adresse e-mail",
    statusSubmit: "Envoyez-moi un lien",
  },
};

for (const [turn, [language, person]] of Object.entries(PERSON).entries()) {
  test(
    `an answer with its file, delivered by a link and downloaded byte for byte, then gone after its window (${language})`,
    inTurn(turn),
    async ({ page, browser }) => {
      // The whole journey, officer and person, two browsers, two mails: longer than one page's test.
      const officer = uniqueStaffEmail("officer");
      await addStaff(officer, "officer");
      const subject = `antwoord-${unique()}@veldhaven-test.nl`;
      const reference = await openRequest(person.host, person.language, subject);
      const javaScript = test.info().project.use.javaScriptEnabled !== false;

      await signInAsStaff(page, officer);
      await page.goto(siteUrl("nl", `/nl/internal-privacy-rights/requests/${reference}`));
      await expect(page.getByRole("heading", { name: "Antwoord en bestanden" })).toBeVisible();

      // Named like a PDF, but a Windows program inside: refused by its content, nothing kept.
      await page.getByLabel("Bestanden kiezen").setInputFiles({
        name: "rapport.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.concat([Buffer.from("MZ\x90\x00"), randomBytes(4000)]),
      });
      await page.getByRole("button", { name: "Bestanden toevoegen" }).click();
      // Said by the file field, with JavaScript or without (answer-upload.spec.ts).
      await expect(page.getByLabel("Bestanden kiezen")).toHaveAccessibleDescription(
        /rapport\.pdf is geen PDF, ZIP, CSV, JSON of afbeelding\./,
      );
      expect(
        sql<{ n: number }>(
          "select count(*) as n from request_file f join privacy_request r on r.id = f.request_id where r.reference = ?",
          reference,
        )[0].n,
      ).toBe(0);

      const uploaded = pdfBytes();
      const name = `gegevens-${unique()}.pdf`;
      await page.getByLabel("Bestanden kiezen").setInputFiles({ name, mimeType: "application/pdf", buffer: uploaded });
      await page.getByRole("button", { name: "Bestanden toevoegen" }).click();
      // JavaScript: the upload's outcome is announced; without it the banner after the redirect says it.
      await expect(page.getByRole("status").filter({ hasText: "1 bestand toegevoegd." })).toBeVisible();
      const row = page.getByRole("row").filter({ hasText: name });
      await expect(row).toContainText("Nog niet verstuurd");
      await expect(row).toContainText("1,5 MB");
      // The section and its table's scroll region have names of their own.
      await expect(page.getByRole("region", { name: "Antwoord en bestanden", exact: true })).toHaveCount(1);
      await expect(page.getByRole("region", { name: "Bestanden bij deze aanvraag", exact: true })).toHaveCount(1);
      // Stored sealed: no chunk holds the file's bytes as they are.
      const chunks = sql<{ data: Buffer }>(
        "select c.data from file_chunk c join request_file f on f.id = c.file_id where f.name = ?",
        name,
      );
      expect(chunks).toHaveLength(2);
      expect(chunks.some((chunk) => chunk.data.includes(uploaded.subarray(0, 64)))).toBe(false);

      // Sending without a message says what to do; then with one.
      await page.getByRole("button", { name: "Antwoord versturen" }).click();
      await expect(page.getByText("Schrijf een bericht aan de aanvrager").first()).toBeVisible();
      await page
        .getByLabel("Bericht aan de aanvrager")
        .fill("Hierbij de gegevens die we over je hebben.\nMet vriendelijke groet.");
      await page.getByRole("button", { name: "Antwoord versturen" }).click();
      await expect(page.getByText("Het antwoord is verstuurd en de aanvraag is afgerond.")).toBeVisible();
      await expect(page.getByRole("row").filter({ hasText: name })).toContainText("Nog niet gedownload");

      const mail = await mailTo(subject, person.mailText);
      expect(mail).toContain(reference);
      const link = /https?:\/\/\S+\/privacy-rights\/answer\?token=[A-Za-z0-9_-]{43}/.exec(mail)![0];
      expect(link.startsWith(siteUrl(person.host, `/${person.language}/`))).toBe(true);

      // The person, in a browser of their own.
      const context = await browser.newContext({ javaScriptEnabled: javaScript, acceptDownloads: true });
      const their = await context.newPage();
      await their.goto(link);
      await expect(their).toHaveURL(siteUrl(person.host, `/${person.language}/privacy-rights/answer`));
      await expect(their.getByRole("heading", { level: 1 })).toHaveText(person.title);
      await expect(their.getByText("Hierbij de gegevens die we over je hebben.")).toBeVisible();
      await expectAxeClean(their);
      // Keyboard only: the download button is reached by Tab, with its focus in view.
      await their.keyboard.press("Tab");
      const downloadButton = their.getByRole("button", { name: person.download(name) });
      for (
        let presses = 0;
        presses < 30 && !(await downloadButton.evaluate((element) => element === document.activeElement));
        presses += 1
      )
        await their.keyboard.press("Tab");
      await expect(downloadButton).toBeFocused();
      await expect(downloadButton).toBeInViewport();
      const [download] = await Promise.all([
        their.waitForEvent("download"),
        their.getByRole("button", { name: person.download(name) }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(name);
      expect(Buffer.compare(fs.readFileSync(await download.path()), uploaded)).toBe(0);

      // The status page shows the same answer, and its file downloads from there too.
      await their.goto(siteUrl(person.host, `/${person.language}/privacy-rights/status`));
      await their.getByLabel(person.referenceLabel).fill(reference);
      await their.getByLabel(person.emailLabel).fill(subject);
      await their.getByRole("button", { name: person.statusSubmit }).click();
      const statusMail = await mailTo(subject, "status/view?token=");
      await their.goto(/https?:\/\/\S+\/privacy-rights\/status\/view\?token=[A-Za-z0-9_-]{43}/.exec(statusMail)![0]);
      await expect(their.getByText("Hierbij de gegevens die we over je hebben.")).toBeVisible();
      const [again] = await Promise.all([
        their.waitForEvent("download"),
        their.getByRole("button", { name: person.download(name) }).click(),
      ]);
      expect(Buffer.compare(fs.readFileSync(await again.path()), uploaded)).toBe(0);
      await their.goto(link);

      // A phone with the text at 200 %: neither page scrolls sideways.
      for (const view of [their, page]) {
        await view.setViewportSize({ width: 320, height: 640 });
        await setTextSize(view, 2);
        await view.reload();
        expect(await horizontalOverflow(view)).toBeNull();
      }
      await expect(page.getByRole("row").filter({ hasText: name })).toContainText("2 keer gedownload");
      await expect(page.getByRole("listitem").filter({ hasText: "Bestand gedownload door de aanvrager" })).toHaveCount(
        2,
      );

      // The window passes; the retention run deletes the files; the link says it expired.
      sql(
        "update request_delivery set expires_at = ? where request_id = (select id from privacy_request where reference = ?)",
        new Date(Date.now() - 1000).toISOString(),
        reference,
      );
      execFileSync(path.join("node_modules", ".bin", "tsx"), ["scripts/retention.ts"], {
        env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: "warn" },
        stdio: ["ignore", "ignore", "inherit"],
      });
      expect(
        sql<{ n: number }>(
          "select count(*) as n from file_chunk c join request_file f on f.id = c.file_id where f.name = ?",
          name,
        )[0].n,
      ).toBe(0);
      const answer = await their.goto(link);
      expect(answer?.status()).toBe(410);
      await expect(their.getByRole("heading", { level: 1 })).toHaveText(person.expired);
      await expect(their.getByRole("button", { name: person.download(name) })).toHaveCount(0);
      await context.close();
    },
  );
}

test(
  "a wrong link gets the page that says so, never a 500; a download is a POST only",
  theServersAnswer,
  async ({ page }) => {
    const wrong = await page.goto(siteUrl("nl", `/nl/privacy-rights/answer?token=${"x".repeat(43)}`));
    expect(wrong?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deze link werkt niet");
    // The title says it too, not the page's usual title.
    await expect(page).toHaveTitle(/^Deze link werkt niet \|/);
    const status = await page.goto(siteUrl("nl", `/nl/privacy-rights/status/view?token=${"x".repeat(43)}`));
    expect(status?.status()).toBe(404);
    await expect(page).toHaveTitle(/^Deze link werkt niet \|/);
    const get = await request(port(), {
      method: "GET",
      path: "/nl/privacy-rights/answer/download",
      host: `nl.localhost:${port()}`,
    });
    expect(get.status).toBeGreaterThanOrEqual(400);
    expect(get.status).toBeLessThan(500);
  },
);

test(
  "with JavaScript an upload shows its progress and says when it is done",
  onlyWithJavaScript("the progress needs JavaScript; without it the browser shows its own"),
  async ({ page }) => {
    const officer = uniqueStaffEmail("officer");
    await addStaff(officer, "officer");
    const reference = await openRequest("nl", "nl", `voortgang-${unique()}@veldhaven-test.nl`);
    await signInAsStaff(page, officer);
    await page.goto(siteUrl("nl", `/nl/internal-privacy-rights/requests/${reference}`));
    // A slow line: 1.5 MB at 400 kB/s takes a few seconds.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 400_000,
    });
    await page
      .getByLabel("Bestanden kiezen")
      .setInputFiles({ name: "traag.pdf", mimeType: "application/pdf", buffer: pdfBytes() });
    await page.getByRole("button", { name: "Bestanden toevoegen" }).click();
    await expect(page.getByRole("progressbar", { name: "Voortgang van het uploaden" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "De bestanden worden verstuurd…" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Bestanden toevoegen" })).toBeDisabled();
    await expect(page.getByRole("status").filter({ hasText: "1 bestand toegevoegd." })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole("progressbar")).toHaveCount(0);
    await expect(page.getByRole("row").filter({ hasText: "traag.pdf" })).toContainText("Nog niet verstuurd");
  },
);
