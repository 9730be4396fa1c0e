/**
 * The e-mail link, end to end, with the mail read from a real SMTP
 * server: opening the link changes nothing, confirming executes once, a
 * reused link executes nothing twice, a tampered one fails, an expired one
 * says so. JavaScript on and off.
 */
import path from "node:path";

import Database from "better-sqlite3";

import { request, spawnServer, type SpawnedServer } from "../setup/spawn-server";
import { decodeQuotedPrintable, startSmtp } from "../setup/test-smtp-server";
import { expect, expectAxeClean, test, theServersAnswer } from "./fixtures";

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let server: SpawnedServer;

test.beforeAll(async () => {
  smtp = await startSmtp();
  server = await spawnServer({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_POLL_INTERVAL_MS: "200",
    LOG_LEVEL: "warn",
  });
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

const mailsTo = (address: string) =>
  smtp.received.filter((mail) => mail.to.includes(address)).map((mail) => decodeQuotedPrintable(mail.raw));

async function submit(
  host: "nl" | "be",
  body: Record<string, unknown>,
): Promise<{ link: string; reference: string; email: string }> {
  const answer = await request(server.port, {
    method: "POST",
    path: "/api/privacy-rights/request",
    host: `${host}.localhost:${server.port}`,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(answer.status).toBe(201);
  const { reference } = JSON.parse(answer.body) as { reference: string };
  const email = String(body.email);
  await expect.poll(() => mailsTo(email).length, { timeout: 10_000 }).toBe(1);
  const link = /https?:\/\/\S+token=[A-Za-z0-9_-]{43}/.exec(mailsTo(email)[0])?.[0];
  expect(link, "the mail holds the link").toBeTruthy();
  return { link: link!, reference, email };
}

const unique = (name: string) => `${name}-${test.info().project.name}-${Date.now()}@veldhaven-test.nl`;

test("opening the link executes nothing; confirming does, once; a reused link executes nothing twice", async ({
  page,
}) => {
  const { link, reference, email } = await submit("nl", {
    flowType: "RIGHT_OF_ACCESS",
    email: unique("inzage"),
    language: "nl",
  });
  expect(mailsTo(email)[0]).toContain(`referentie ${reference}`);

  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bevestig je aanvraag");
  await expect(page.getByText(reference)).toBeVisible();
  await expectAxeClean(page);
  // A mail scanner (or a second look) opening the link again still finds it unconfirmed.
  await page.goto(link);
  await expect(page.getByRole("button", { name: "Bevestig mijn aanvraag" })).toBeVisible();
  expect(mailsTo(email)).toHaveLength(1);

  await page.getByRole("button", { name: "Bevestig mijn aanvraag" }).click();
  await expect(page).toHaveURL(/\/nl\/email-verified$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("E-mailadres bevestigd");
  await expectAxeClean(page);
  await expect.poll(() => mailsTo(email).length).toBe(2);
  expect(mailsTo(email)[1]).toContain(
    `Bedankt, je aanvraag voor inzage in je gegevens is bevestigd (referentie ${reference})`,
  );
  await expect.poll(() => mailsTo("privacy@veldhavenmedia.nl").some((mail) => mail.includes(reference))).toBe(true);

  // A used link: the page says the request was already confirmed.
  await page.goto(link);
  await expect(page).toHaveURL(/\/nl\/email-verified\?already=1$/);
  await expect(page.getByText("Deze link is al gebruikt: je aanvraag was al bevestigd.")).toBeVisible();
  await page.waitForTimeout(500); // give a wrongly queued mail the chance to arrive
  expect(mailsTo(email)).toHaveLength(2);
});

test("a tampered link fails; an expired one says so and offers a new request (French)", async ({ page }) => {
  const { link, email } = await submit("be", {
    flowType: "RIGHT_TO_BE_FORGOTTEN",
    email: unique("oubli"),
    language: "fr",
  });
  expect(link).toContain("/fr/email-verification?token=");
  const tampered = link.replace(/token=(.)/, (_, first: string) => `token=${first === "A" ? "B" : "A"}`);
  await page.goto(tampered);
  await expect(page).toHaveURL(/\/fr\/email-verification-failed$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Échec de la vérification");
  await expect(page.getByText("privacy@veldhavenmedia.be")).toBeVisible();
  await expectAxeClean(page);

  // The clock we control: the link's expiry moved into the past in the server's database.
  const db = new Database(path.join(server.dataDir, "app.sqlite"));
  db.prepare("update privacy_request set verification_expires_at = ? where email = ?").run(
    "2020-01-01T00:00:00.000Z",
    email,
  );
  db.close();
  await page.goto(link);
  await expect(page).toHaveURL(/\/fr\/email-verification-expired$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lien de vérification expiré");
  await page.getByRole("link", { name: "Introduire une nouvelle demande" }).click();
  await expect(page).toHaveURL(/\/fr\/privacy-rights$/);
  expect(mailsTo(email)).toHaveLength(1);
});

test("the result pages in Dutch with their spec titles", theServersAnswer, async ({ page }) => {
  await page.goto(`http://nl.localhost:${server.port}/nl/email-verification-failed`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Verificatie mislukt");
  await page.goto(`http://be.localhost:${server.port}/nl/email-verification-expired`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Verificatielink vervallen");
  await expect(page.getByRole("link", { name: "Nieuwe aanvraag indienen" })).toHaveAttribute(
    "href",
    "/nl/privacy-rights",
  );
});

test("once read, the token leaves the address and the page; the page sends no referrer elsewhere; confirming still works", async ({
  page,
}) => {
  const { link, email } = await submit("nl", {
    flowType: "RIGHT_OF_ACCESS",
    email: unique("tokenloos"),
    language: "nl",
  });
  const token = /token=([A-Za-z0-9_-]{43})/.exec(link)![1];
  const opened = await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bevestig je aanvraag");
  expect(page.url()).toMatch(/\/nl\/email-verification$/);
  expect(await page.content()).not.toContain(token);
  expect(["no-referrer", "same-origin"]).toContain(opened!.headers()["referrer-policy"]);

  // A second look changes nothing; the button still confirms, once.
  await page.reload();
  await expect(page.getByRole("button", { name: "Bevestig mijn aanvraag" })).toBeVisible();
  expect(mailsTo(email)).toHaveLength(1);
  await page.getByRole("button", { name: "Bevestig mijn aanvraag" }).click();
  await expect(page).toHaveURL(/\/nl\/email-verified$/);
  await expect.poll(() => mailsTo(email).length).toBe(2);
});
