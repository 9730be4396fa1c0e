/**
 * End to end, with JavaScript on and off: an erasure request is
 * carried out in every system that holds the person's data. Two real
 * receivers verify every delivery with the `standardwebhooks` package: one
 * answers done at once, one fails (HTTP 500) twice and then accepts; a third
 * system has no API and its contact answers on the task page (without
 * JavaScript in the no-js project). The request goes verified → in progress → 3 tasks → all
 * answered → completed; the person's status page shows the progress; the
 * trail has every step. Its own server: the systems registered here must not
 * give tasks to the other specs' requests.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

import type { Browser, Page } from "@playwright/test";

import { request, spawnServer, type SpawnedServer } from "../setup/spawn-server";
import { decodeQuotedPrintable } from "../setup/test-smtp-server";
import { webhookReceiver } from "../setup/webhook-receiver";
import { expect, expectAxeClean, test } from "./fixtures";
import { horizontalOverflow, ordinaryWordsCut, setTextSize } from "./reflow";
import { soft } from "./soft-hyphens";
import { addStaff, submitStaffLogin, uniqueStaffEmail } from "./staff-fixtures";

test.describe.configure({ timeout: 180_000 });

const SECRET = `whsec_${Buffer.alloc(32, 41).toString("base64")}`;
const TOKENS = {
  crm: "vhs_e2e-crm-callback-token-0123456789abcdef",
  newsletters: "vhs_e2e-newsletter-callback-token-0123456789",
};

/**
 * A system's receiver (tests/setup/webhook-receiver.ts: every delivery verified with
 * `standardwebhooks`, its action checked against its right) that answers
 * with the next status of `statuses` (then 204) and, once it accepted a
 * task, reports it done at the callback address, as a real system would.
 */
async function receiver(server: () => SpawnedServer, system: keyof typeof TOKENS, statuses: number[]) {
  const callbacks: number[] = [];
  const hooks = await webhookReceiver(SECRET, {
    statuses,
    onAccepted: (delivery) => {
      // Node does not resolve *.localhost: the callback goes to 127.0.0.1 with the URL's host.
      const callback = new URL(delivery.data.callbackUrl);
      void request(server().port, {
        method: "POST",
        path: callback.pathname,
        host: callback.host,
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${TOKENS[system]}` },
        body: JSON.stringify({ status: "done" }),
      }).then((answer) => callbacks.push(answer.status));
    },
  });
  return { ...hooks, callbacks };
}

/** The spawned server's mails to one address (its file transport), decoded. */
function mailsTo(server: SpawnedServer, address: string): string[] {
  const dir = path.join(server.dataDir, "mail");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((file) => decodeQuotedPrintable(fs.readFileSync(path.join(dir, file), "utf8")))
    .filter((mail) => mail.includes(address));
}

async function linkIn(server: SpawnedServer, address: string, pattern: RegExp): Promise<string> {
  let link = "";
  await expect
    .poll(
      () =>
        (link =
          mailsTo(server, address)
            .map((mail) => pattern.exec(mail)?.[0] ?? "")
            .find(Boolean) ?? ""),
      { timeout: 15_000 },
    )
    .not.toBe("");
  return link;
}

/** The contact's own browser, with or without JavaScript as the project says. */
async function contactsBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled !== false });
  return context.newPage();
}

test("an erasure is carried out in three systems: signed webhooks with retries, a contact's task page, every answer in the trail, the person sees the progress", async ({
  page,
  browser,
}) => {
  let spawned: SpawnedServer | undefined;
  const server = () => spawned!;
  const quick = await receiver(server, "crm", []);
  const flaky = await receiver(server, "newsletters", [500, 500]);
  try {
    // The receivers listen on 127.0.0.1: a private address, allowed here as in local development.
    spawned = await spawnServer({
      WEBHOOK_POLL_INTERVAL_MS: "100",
      WEBHOOK_RETRY_SECONDS: "1,1,1",
      MAIL_POLL_INTERVAL_MS: "200",
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: "1",
    });
    const base = `http://nl.localhost:${server().port}`;
    // The register, loaded as an operator loads it.
    const file = path.join(server().dataDir, "systems.csv");
    fs.writeFileSync(
      file,
      [
        "id,name,rights,countries,channel,webhook_url,secret,callback_token,contact_email,contact_locale",
        `crm,Klantenbestand,RIGHT_TO_BE_FORGOTTEN RIGHT_OF_ACCESS,NL,webhook,${quick.url},${SECRET},${TOKENS.crm},,`,
        `newsletters,Nieuwsbrieven,RIGHT_TO_BE_FORGOTTEN,NL BE,webhook,${flaky.url},${SECRET},${TOKENS.newsletters},,`,
        "print,Drukkerij Oost,RIGHT_TO_BE_FORGOTTEN,NL,email,,,,orders@drukkerij-example.nl,nl_nl",
        "ads-be,Advertentieplatform BE,RIGHT_TO_BE_FORGOTTEN,BE,manual,,,,,",
      ].join("\n"),
    );
    const imported = execFileSync(path.join("node_modules", ".bin", "tsx"), ["scripts/systems.ts", "import", file], {
      env: { ...process.env, DATA_DIR: server().dataDir, LOG_LEVEL: "warn", WEBHOOK_ALLOW_PRIVATE_NETWORKS: "1" },
      encoding: "utf8",
    });
    expect(imported).toContain("4 system(s) saved.");

    // The person asks for erasure and confirms it through the mailed link.
    const email = `wis-${Date.now().toString(36)}@veldhaven-test.nl`;
    const submitted = await request(server().port, {
      method: "POST",
      path: "/api/privacy-rights/request",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ flowType: "RIGHT_TO_BE_FORGOTTEN", email, language: "nl" }),
    });
    expect(submitted.status).toBe(201);
    const { reference } = JSON.parse(submitted.body) as { reference: string };
    await page.goto(await linkIn(server(), email, /http:\/\/\S+\/email-verification\?token=[\w-]+/));
    await page.getByRole("button", { name: "Bevestig mijn aanvraag" }).click();
    await expect(page).toHaveURL(/email-verified/);

    // An officer starts processing: three tasks (the Belgian system takes no part).
    const officer = uniqueStaffEmail("systems");
    await addStaff(officer, "officer", { dataDir: server().dataDir });
    await page.goto(`${base}/nl/internal-privacy-rights/login`);
    await submitStaffLogin(page, officer);
    await expect(page).toHaveURL(/confirm-login/);
    await page.goto(`${base}/nl/internal-privacy-rights/requests/${reference}`);
    await expect(page.getByText("Er zijn (nog) geen taken")).toBeVisible();
    await page.getByRole("button", { name: "In behandeling nemen" }).click();
    await expect(page.getByText("De aanvraag is in behandeling genomen.")).toBeVisible();
    const systems = page.getByRole("table", { name: "Systemen" });
    await expect(systems.getByRole("row")).toHaveCount(4);
    await expect(page.getByText(soft(/\d van 3 taken klaar/))).toBeVisible();
    await expectAxeClean(page);

    // The webhooks: the quick system at once, the flaky one after two HTTP 500s; each verified, each retry the same webhook-id.
    await expect.poll(() => quick.callbacks, { timeout: 20_000 }).toEqual([200]);
    await expect.poll(() => flaky.callbacks, { timeout: 30_000 }).toEqual([200]);
    expect(quick.deliveries).toHaveLength(1);
    expect(flaky.deliveries).toHaveLength(3);
    expect([...quick.problems(), ...flaky.problems()]).toEqual([]);
    expect(new Set(flaky.deliveries.map((delivery) => delivery.id)).size).toBe(1);
    expect(quick.deliveries[0].data).toMatchObject({
      reference,
      right: "RIGHT_TO_BE_FORGOTTEN",
      action: "erase",
      country: "NL",
      subject: { email },
    });

    // The person's status page: two of three systems done, no system named.
    await page.context().clearCookies();
    await page.goto(`${base}/nl/privacy-rights/status`);
    await page.getByLabel("Referentie").fill(reference);
    await page.getByLabel("E-mailadres").fill(email);
    await page.getByRole("button", { name: "Stuur mij een link" }).click();
    await page.goto(await linkIn(server(), email, /http:\/\/\S+\/privacy-rights\/status\/view\?token=[\w-]+/));
    await expect(page.getByText("2 van 3 opdrachten aan onze systemen uitgevoerd")).toBeVisible();
    await expect(page.locator("main")).not.toContainText("Klantenbestand");
    const statusView = page.url();

    // The printer has no API: its contact answers on the task page (in the no-js project, without JavaScript).
    const contact = await contactsBrowser(browser);
    const taskLink = await linkIn(
      server(),
      "orders@drukkerij-example.nl",
      /http:\/\/\S+\/privacy-rights\/system-task\?token=[\w-]+/,
    );
    await contact.goto(taskLink);
    await expect(contact).toHaveURL(`${base}/nl/privacy-rights/system-task`);
    await expect(contact.getByRole("heading", { level: 1 })).toHaveText("Privacyverzoek uitvoeren");
    await expect(contact.getByText(email)).toBeVisible();
    await expectAxeClean(contact);
    await setTextSize(contact, 2);
    await contact.setViewportSize({ width: 320, height: 720 });
    expect(await horizontalOverflow(contact)).toBeNull();
    await contact.getByRole("radio", { name: "Het lukt niet" }).check();
    await contact.getByRole("button", { name: "Antwoord versturen" }).click();
    await expect(contact.locator(".app-error-summary")).toContainText("Beschrijf waarom het niet lukte");
    // On a phone at 200 %, the task's words ("Uitgevoerd", the summary's links) break only at their syllables.
    expect(await ordinaryWordsCut(contact)).toEqual([]);
    await contact.getByRole("radio", { name: "Uitgevoerd" }).check();
    await contact.getByLabel("Toelichting").fill("Adres uit de bezorglijst gehaald.");
    await contact.getByRole("button", { name: "Antwoord versturen" }).click();
    await expect(contact.getByRole("heading", { level: 1 })).toHaveText("Bedankt, je antwoord is vastgelegd");
    // Single use: the link no longer opens the task.
    await contact.goto(taskLink);
    await expect(contact.getByRole("heading", { level: 1 })).toHaveText("Deze link werkt niet (meer)");
    await contact.context().close();

    // A system that answers again changes nothing.
    const again = await request(server().port, {
      method: "POST",
      path: new URL(quick.deliveries[0].data.callbackUrl).pathname,
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${TOKENS.crm}` },
      body: JSON.stringify({ status: "failed", reason: "toch niet" }),
    });
    expect(again.status).toBe(409);

    await page.goto(statusView);
    await expect(page.getByText("3 van 3 opdrachten aan onze systemen uitgevoerd")).toBeVisible();

    // Every system answered: the officer completes the request without a reason for open tasks.
    await page.goto(`${base}/nl/internal-privacy-rights/login`);
    await submitStaffLogin(page, officer);
    await expect(page).toHaveURL(/confirm-login/);
    await page.goto(`${base}/nl/internal-privacy-rights/requests/${reference}`);
    await expect(page.getByText("3 van 3 taken klaar")).toBeVisible();
    await expect(page.getByLabel("Waarom rond je af terwijl systemen nog niet hebben geantwoord?")).toHaveCount(0);
    // The request's page with its systems, 320 px wide and text at 200 %: the table scrolls in its own region, the page does not.
    await setTextSize(page, 2);
    await page.setViewportSize({ width: 320, height: 720 });
    expect(await horizontalOverflow(page)).toBeNull();
    await setTextSize(page, 1);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByLabel("Wat is er gedaan?").fill("Verwijderd in alle drie systemen.");
    await page.getByRole("button", { name: "Afronden" }).click();
    await expect(page.getByText("De aanvraag is afgerond.")).toBeVisible();
    const history = page.locator(".app-history");
    await expect(history).toContainText("Taken naar de systemen gestuurd");
    await expect(history.getByText("Systeem heeft geantwoord")).toHaveCount(3);
    await expect(history).toContainText("crm: DONE");
    await expect(history).toContainText("newsletters: DONE");
    await expect(history).toContainText("print: DONE (Adres uit de bezorglijst gehaald.)");
    await expect(history).toContainText("Afgerond");
  } finally {
    await spawned?.stop();
    await quick.close();
    await flaky.close();
  }
});
