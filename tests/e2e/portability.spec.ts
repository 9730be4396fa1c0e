/**
 * Data portability (GDPR Art. 20), end to end in Dutch (nl.localhost) and
 * French (be.localhost), with JavaScript and without (the projects take
 * turns over the locales). The person asks for their data to go to
 * another controller: the form first says what is missing (where the data
 * should go, then that controller's name and address). They confirm by the
 * mailed link; an officer starts handling it; two webhook systems answer
 * their export task at the callback, after the JSON-only rule refused a
 * CSV file and a text: one with JSON `data`, one with a JSON file; a third
 * system's contact uploads a JSON file on the task page. The
 * officer sends the answer; the person opens the mailed link, downloads the
 * one zip, unzips it and finds every file's SHA-256 in manifest.json and
 * every file JSON. The officer records the hand-over to the controller and
 * the person's status page says so. Its own server: the systems registered
 * here must not get the other specs' requests.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

import type { Browser, Page } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";

import { request, spawnServer, type SpawnedServer } from "../setup/spawn-server";
import { decodeQuotedPrintable } from "../setup/test-smtp-server";
import { expect, expectAxeClean, inTurn, test } from "./fixtures";
import { overflowOnPhoneAt200 } from "./reflow";
import { soft } from "./soft-hyphens";
import { addStaff, submitStaffLogin, uniqueStaffEmail } from "./staff-fixtures";

test.describe.configure({ timeout: 180_000 });

const SECRET = `whsec_${Buffer.alloc(32, 23).toString("base64")}`;
const TOKENS = {
  crm: "vhs_e2e-portability-crm-token-0123456789ab",
  newsletters: "vhs_e2e-portability-news-token-0123456789",
};
const PRINT_CONTACT = "orders@drukkerij-example.nl";
const CONTROLLER = { name: "Leesclub Noord BV", address: "privacy@leesclub-noord.example" };

type Delivery = { data: { taskId: string; action: string; reference: string; callbackUrl: string } };

/** A system's receiver: takes every delivery (204) and keeps it; the test answers at the callback itself. */
async function receiver() {
  const deliveries: Delivery[] = [];
  const server = http.createServer((incoming, outgoing) => {
    let body = "";
    incoming.on("data", (chunk) => (body += chunk));
    incoming.on("end", () => {
      deliveries.push(JSON.parse(body) as Delivery);
      outgoing.statusCode = 204;
      outgoing.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    deliveries,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** The mails of the spawned server to one address, decoded. */
function mailsTo(server: SpawnedServer, address: string): string[] {
  const dir = path.join(server.dataDir, "mail");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((file) => decodeQuotedPrintable(fs.readFileSync(path.join(dir, file), "utf8")))
    .filter((mail) => mail.includes(address));
}

async function mailWith(
  server: SpawnedServer,
  address: string,
  pattern: RegExp,
): Promise<{ mail: string; link: string }> {
  let found = { mail: "", link: "" };
  await expect
    .poll(
      () => {
        const mail = mailsTo(server, address).find((text) => pattern.test(text)) ?? "";
        found = { mail, link: pattern.exec(mail)?.[0] ?? "" };
        return found.link;
      },
      { timeout: 15_000 },
    )
    .not.toBe("");
  return found;
}

/** A system's answer at its callback, as the system sends it. */
function answer(server: SpawnedServer, delivery: Delivery, token: string, body: { type: string; content: string }) {
  const callback = new URL(delivery.data.callbackUrl);
  return request(server.port, {
    method: "POST",
    path: callback.pathname,
    host: callback.host,
    headers: { "Content-Type": body.type, Authorization: `Bearer ${token}` },
    body: body.content,
  });
}

const json = (value: unknown) => ({ type: "application/json", content: JSON.stringify(value) });

/** multipart/form-data with `status` and one file part named `file`. */
function withFile(status: string, name: string, content: string) {
  const boundary = "----portability-e2e-boundary";
  return {
    type: `multipart/form-data; boundary=${boundary}`,
    content: [
      `--${boundary}\r\nContent-Disposition: form-data; name="status"\r\n\r\n${status}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/json\r\n\r\n${content}\r\n`,
      `--${boundary}--\r\n`,
    ].join(""),
  };
}

const PERSON = {
  nl: {
    host: "nl",
    language: "nl",
    country: "NL",
    submit: "Verstuur je aanvraag",
    chooseOption: "Gelieve een optie te kiezen",
    required: "Dit veld is verplicht",
    toController: "Rechtstreeks naar een ander bedrijf",
    controllerName: soft(/^Naam van het andere bedrijf/),
    controllerAddress: soft(/^Adres van het andere bedrijf/),
    email: "E-mailadres",
    confirm: "Bevestig mijn aanvraag",
    packageMail: "in één zip-bestand: een JSON-bestand per systeem dat gegevens over je heeft (3 bestanden)",
    download: (name: string) => `${name} downloaden`,
    statusSubmit: "Stuur mij een link",
    reference: "Referentie",
    handedOver: `naar ${CONTROLLER.name} gestuurd`,
  },
  fr: {
    host: "be",
    language: "fr",
    country: "BE",
    submit: "Envoyer votre demande",
    chooseOption: "Veuillez choisir une option",
    required: "Ce champ est obligatoire",
    toController: "Directement à une autre entreprise",
    controllerName: soft(/^Nom de l'autre entreprise/),
    controllerAddress: soft(/^Adresse de l'autre entreprise/),
    email: "Adresse e-mail",
    confirm: "Confirmer ma demande",
    packageMail:
      "dans un seul fichier zip : un fichier JSON par système qui détient des données vous concernant (3 fichiers)",
    download: (name: string) => `Télécharger ${name}`,
    statusSubmit: "Envoyez-moi un lien",
    reference: "Référence",
    handedOver: `Envoyé à ${CONTROLLER.name} le`,
  },
} as const;

/** A browser of the person's own, with or without JavaScript as the project says. */
async function ownBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: test.info().project.use.javaScriptEnabled !== false,
    acceptDownloads: true,
  });
  return context.newPage();
}

for (const [turn, [language, person]] of Object.entries(PERSON).entries()) {
  test(
    `a package of every system's JSON goes to the person and is handed to the controller they named (${language})`,
    inTurn(turn),
    async ({ page, browser }) => {
      let spawned: SpawnedServer | undefined;
      const crm = await receiver();
      const newsletters = await receiver();
      try {
        spawned = await spawnServer({
          WEBHOOK_POLL_INTERVAL_MS: "100",
          MAIL_POLL_INTERVAL_MS: "200",
          WEBHOOK_ALLOW_PRIVATE_NETWORKS: "1",
          PRIVACY_RATE_LIMIT_PER_HOUR: "1000",
        });
        const server = spawned;
        const origin = `http://${person.host}.localhost:${server.port}`;
        const file = path.join(server.dataDir, "systems.csv");
        fs.writeFileSync(
          file,
          [
            "id,name,rights,countries,channel,webhook_url,secret,callback_token,contact_email,contact_locale",
            `crm,Klantenbestand,DATA_PORTABILITY,NL BE,webhook,${crm.url},${SECRET},${TOKENS.crm},,`,
            `newsletters,Nieuwsbrieven,DATA_PORTABILITY,NL BE,webhook,${newsletters.url},${SECRET},${TOKENS.newsletters},,`,
            `print,Drukkerij Oost,DATA_PORTABILITY,NL BE,email,,,,${PRINT_CONTACT},nl_nl`,
          ].join("\n"),
        );
        execFileSync(path.join("node_modules", ".bin", "tsx"), ["scripts/systems.ts", "import", file], {
          env: { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: "warn", WEBHOOK_ALLOW_PRIVATE_NETWORKS: "1" },
          stdio: ["ignore", "ignore", "inherit"],
        });

        // The form: sent empty it asks where the data should go; sent to a controller, for its name and address.
        const their = await ownBrowser(browser);
        const email = `meenemen-${Date.now().toString(36)}@veldhaven-test.nl`;
        await their.goto(`${origin}/${person.language}/privacy-rights/portability`);
        await their.getByRole("button", { name: person.submit }).click();
        const summary = their.locator(".app-error-summary");
        await expect(summary).toContainText(person.chooseOption);
        await expect(their.getByLabel(person.email, { exact: true })).toHaveAccessibleDescription(
          soft(new RegExp(person.required)),
        );
        await their.getByRole("radio", { name: person.toController }).check();
        await their.getByLabel(person.email, { exact: true }).fill(email);
        await their.getByRole("button", { name: person.submit }).click();
        await expect(their.getByLabel(person.controllerName)).toHaveAccessibleDescription(
          soft(new RegExp(person.required)),
        );
        await expect(their.getByLabel(person.controllerAddress)).toHaveAccessibleDescription(
          soft(new RegExp(person.required)),
        );
        await expectAxeClean(their);
        await their.getByLabel(person.controllerName).fill(CONTROLLER.name);
        await their.getByLabel(person.controllerAddress).fill(CONTROLLER.address);
        await their.getByRole("button", { name: person.submit }).click();
        await expect(their).toHaveURL(/privacy-rights\/processed/);

        // Confirmed through the mailed link.
        const verification = await mailWith(server, email, /http:\/\/\S+\/email-verification\?token=[\w-]+/);
        await their.goto(verification.link);
        await their.getByRole("button", { name: person.confirm }).click();
        await expect(their).toHaveURL(/email-verified/);
        const reference = /PR-[0-9A-Z]{4}-[0-9A-Z]{4}/.exec(verification.mail)![0];

        // The officer sees where the package goes, and starts: each system gets its export task.
        const officer = uniqueStaffEmail("portability");
        await addStaff(officer, "officer", { dataDir: server.dataDir });
        await page.goto(`http://nl.localhost:${server.port}/nl/internal-privacy-rights/login`);
        await submitStaffLogin(page, officer);
        await expect(page).toHaveURL(/confirm-login/);
        const requestPage = `http://nl.localhost:${server.port}/nl/internal-privacy-rights/requests/${reference}`;
        await page.goto(requestPage);
        const asked = page.locator(".app-facts").first();
        await expect(asked).toContainText("Rechtstreeks naar een ander bedrijf");
        await expect(asked).toContainText(CONTROLLER.name);
        await page.getByRole("button", { name: "In behandeling nemen" }).click();
        await expect(page.getByText("De aanvraag is in behandeling genomen.")).toBeVisible();
        await expect.poll(() => crm.deliveries.length + newsletters.deliveries.length, { timeout: 20_000 }).toBe(2);
        expect(crm.deliveries[0].data).toMatchObject({ action: "export", reference });

        // JSON only: a CSV file and a text are refused (400, nothing kept); JSON data and a JSON file are taken.
        const csv = await answer(
          server,
          crm.deliveries[0],
          TOKENS.crm,
          withFile("done", "export.csv", "naam;e-mail\n"),
        );
        expect(csv.status).toBe(400);
        expect(JSON.parse(csv.body)).toMatchObject({ error: "VALIDATION", fields: { file: [expect.any(String)] } });
        const text = await answer(server, crm.deliveries[0], TOKENS.crm, json({ status: "done", data: "An, lid" }));
        expect(text.status).toBe(400);
        expect(JSON.parse(text.body)).toMatchObject({ fields: { data: ["'data' must be a JSON object or array."] } });
        const crmData = { customer: { email, since: "2019-02-01" }, subscriptions: [{ title: "Dagblad Oost" }] };
        const done = await answer(server, crm.deliveries[0], TOKENS.crm, json({ status: "done", data: crmData }));
        expect(JSON.parse(done.body)).toMatchObject({ state: "DONE", files: 1 });
        const lists = '[{"list":"ochtendkrant","since":"2021-05-03"}]';
        const filed = await answer(
          server,
          newsletters.deliveries[0],
          TOKENS.newsletters,
          withFile("done", "lists.json", lists),
        );
        expect(JSON.parse(filed.body)).toMatchObject({ state: "DONE", files: 1 });

        // The printer has no API: its contact sends the data as a JSON file on the task page.
        const contact = await ownBrowser(browser);
        const task = await mailWith(server, PRINT_CONTACT, /http:\/\/\S+\/privacy-rights\/system-task\?token=[\w-]+/);
        await contact.goto(task.link);
        await expect(contact.getByText("De gegevens die de persoon zelf gaf uitvoeren als JSON-bestand")).toBeVisible();
        await expectAxeClean(contact);
        await contact.getByRole("radio", { name: "Uitgevoerd" }).check();
        await contact.getByRole("button", { name: "Antwoord versturen" }).click();
        const dataFile = contact.getByLabel("Bestand met de gegevens (JSON)");
        await expect(dataFile).toHaveAccessibleDescription(/Voeg het JSON-bestand met de gegevens toe/);
        await contact.getByRole("radio", { name: "Uitgevoerd" }).check();
        await dataFile.setInputFiles({
          name: "klant.json",
          mimeType: "application/json",
          buffer: Buffer.from("naam;e-mail\n"),
        });
        await contact.getByRole("button", { name: "Antwoord versturen" }).click();
        await expect(dataFile).toHaveAccessibleDescription(/Dit bestand is geen geldig JSON-bestand/);
        const printData = '{"deliveries":[{"title":"Dagblad Oost","address":"Kerkstraat 12"}]}';
        await contact.getByRole("radio", { name: "Uitgevoerd" }).check();
        await dataFile.setInputFiles({
          name: "klant.json",
          mimeType: "application/json",
          buffer: Buffer.from(printData),
        });
        await contact.getByRole("button", { name: "Antwoord versturen" }).click();
        await expect(contact.getByRole("heading", { level: 1 })).toHaveText("Bedankt, je antwoord is vastgelegd");
        await contact.context().close();

        // The officer sends the answer: one zip goes out.
        await page.goto(requestPage);
        await expect(page.getByText("3 van 3 taken klaar")).toBeVisible();
        await page.getByLabel("Bericht aan de aanvrager").fill("Hierbij je gegevens in één pakket.");
        await page.getByRole("button", { name: "Antwoord versturen" }).click();
        await expect(page.getByText("Het antwoord is verstuurd en de aanvraag is afgerond.")).toBeVisible();
        const zipName = `${reference}.zip`;
        await expect(page.getByRole("row").filter({ hasText: zipName })).toContainText("Nog niet gedownload");

        // The hand-over to the controller: how, and today by default.
        const handOver = page.getByRole("region", { name: "Doorsturen naar een andere organisatie" });
        await expect(handOver).toContainText(CONTROLLER.address);
        await expectAxeClean(page);
        expect(await overflowOnPhoneAt200(page)).toBeNull();
        await page.getByRole("button", { name: "Doorsturen vastleggen" }).click();
        await expect(page.getByText("Schrijf op hoe het pakket is verstuurd").first()).toBeVisible();
        await page
          .getByLabel("Hoe is het pakket verstuurd?")
          .fill("Via SFTP naar hun functionaris gegevensbescherming");
        await page.getByRole("button", { name: "Doorsturen vastleggen" }).click();
        await expect(page.getByText("Vastgelegd: het pakket is naar de andere organisatie gestuurd.")).toBeVisible();
        await expect(handOver).toContainText("Via SFTP naar hun functionaris gegevensbescherming");
        await expect(page.getByRole("button", { name: "Doorsturen vastleggen" })).toHaveCount(0);
        await expect(page.locator(".app-history")).toContainText("Pakket naar andere organisatie gestuurd");

        // The person: the mail says what the package holds; the one zip, unzipped, matches its manifest.
        const delivered = await mailWith(server, email, /http:\/\/\S+\/privacy-rights\/answer\?token=[\w-]+/);
        expect(delivered.mail.replace(/\s+/g, " ")).toContain(person.packageMail);
        await their.goto(delivered.link);
        await expect(their.getByRole("button", { name: /downloaden|Télécharger/ })).toHaveCount(1);
        const [download] = await Promise.all([
          their.waitForEvent("download"),
          their.getByRole("button", { name: person.download(zipName) }).click(),
        ]);
        expect(download.suggestedFilename()).toBe(zipName);
        const files = unzipSync(fs.readFileSync(await download.path()));
        const manifest = JSON.parse(strFromU8(files["manifest.json"])) as {
          reference: string;
          files: { name: string; sha256: string; bytes: number }[];
        };
        expect(manifest.reference).toBe(reference);
        expect(manifest.files.map((entry) => entry.name).sort()).toEqual([
          "crm.json",
          "newsletters.json",
          "print.json",
        ]);
        expect(Object.keys(files).sort()).toEqual(["crm.json", "manifest.json", "newsletters.json", "print.json"]);
        for (const entry of manifest.files) {
          expect(createHash("sha256").update(files[entry.name]).digest("hex")).toBe(entry.sha256);
          expect(files[entry.name].byteLength).toBe(entry.bytes);
          expect(() => JSON.parse(strFromU8(files[entry.name]))).not.toThrow();
        }
        expect(JSON.parse(strFromU8(files["crm.json"]))).toEqual(crmData);
        expect(strFromU8(files["newsletters.json"])).toBe(lists);
        expect(strFromU8(files["print.json"])).toBe(printData);

        // The status page says where the package went.
        await their.goto(`${origin}/${person.language}/privacy-rights/status`);
        await their.getByLabel(person.reference).fill(reference);
        await their.getByLabel(person.email).fill(email);
        await their.getByRole("button", { name: person.statusSubmit }).click();
        const status = await mailWith(server, email, /http:\/\/\S+\/privacy-rights\/status\/view\?token=[\w-]+/);
        await their.goto(status.link);
        await expect(their.locator("main")).toContainText(person.handedOver);
        await their.context().close();
      } finally {
        await spawned?.stop();
        await crm.close();
        await newsletters.close();
      }
    },
  );
}
