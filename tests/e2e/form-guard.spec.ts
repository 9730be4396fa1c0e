/**
 * The guard every public form carries, seen from the
 * browser with JavaScript on and off: a limit answers 429 with a banner
 * that says from when to try again and which address to write to instead,
 * and stores nothing (a privacy form's page and its JSON call share one
 * count); a flooded mailbox is protected whoever sends; a filled-in
 * honeypot stores and sends nothing. Each test has its own server with a
 * limit of two posts an hour per address.
 */
import fs from "node:fs";
import path from "node:path";

import type { Page } from "@playwright/test";
import Database from "better-sqlite3";

import { request as rawRequest, spawnServer, type SpawnedServer } from "../setup/spawn-server";
import { expect, onlyWithoutJavaScript, test, theServersAnswer } from "./fixtures";
import { soft } from "./soft-hyphens";

const rateLimited = (address: string) =>
  soft(
    new RegExp(
      `Er zijn vanaf jouw internetverbinding te veel berichten na elkaar verstuurd\\. Probeer het opnieuw vanaf (?:\\S+ \\d{1,2} \\S+ om )?\\d{2}:\\d{2}, of mail ons op ${address.replaceAll(".", "\\.")}\\.`,
    ),
  );

let server: SpawnedServer;
test.beforeEach(async () => {
  server = await spawnServer({
    RATE_LIMIT_PER_HOUR: "2",
    PRIVACY_RATE_LIMIT_PER_HOUR: "2",
    LOG_LEVEL: "warn",
    MAIL_POLL_INTERVAL_MS: "100",
  });
});
test.afterEach(async () => {
  await server?.stop();
});

const url = (pathname: string) => `http://nl.localhost:${server.port}${pathname}`;

function rowCount(table: string): number {
  const db = new Database(path.join(server.dataDir, "app.sqlite"), { readonly: true });
  try {
    return (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/** A privacy request by the JSON call from another visitor's address. */
const postFrom = (localAddress: string, body: object) =>
  rawRequest(server.port, {
    method: "POST",
    path: "/api/privacy-rights/request",
    localAddress,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

/** Submits and returns the status of the post's own answer (before any redirect). */
async function submit(page: Page, button: string): Promise<number> {
  const answer = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: button }).click();
  return (await answer).status();
}

async function sendContact(page: Page, n: number): Promise<number> {
  await page.goto(url("/nl"));
  await page.getByLabel("Naam").fill(`Bezoeker ${n}`);
  await page.getByLabel("E-mailadres").fill(`bezoeker${n}@veldhaven-test.nl`);
  await page.getByLabel("Je vraag").fill("Hoe lang bewaren jullie mijn gegevens?");
  return submit(page, "Verstuur");
}

test("after the hourly limit the contact form answers 429 with the banner, keeps the values, and stores nothing", async ({
  page,
}) => {
  for (const n of [1, 2]) {
    // With JavaScript the post answers with the redirect as data (204); without, a 302.
    expect(await sendContact(page, n)).toBeLessThan(400);
    await expect(page.getByTestId("banner")).toContainText("Jouw bericht is succesvol verzonden.");
  }
  expect(await sendContact(page, 3)).toBe(429);
  await expect(
    page.getByRole("alert").filter({ hasText: rateLimited("klantenservice@veldhavenmedia.nl") }),
  ).toBeVisible();
  await expect(page.getByLabel("Naam")).toHaveValue("Bezoeker 3");
  expect(rowCount("contact_message")).toBe(2);
});

test("a privacy form's page and its JSON call share one limit", theServersAnswer, async ({ page, browser }) => {
  // The JSON calls come from the same browser (a script in another tab), so from the same address.
  const caller = await browser.newContext({ javaScriptEnabled: true });
  const tab = await caller.newPage();
  await tab.goto(url("/nl"));
  const statuses = await tab.evaluate(async () => {
    const send = (n: number) =>
      fetch("/api/privacy-rights/request", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ flowType: "RIGHT_OF_ACCESS", email: `api${n}@veldhaven-test.nl` }),
      }).then((answer) => answer.status);
    return [await send(1), await send(2)];
  });
  await caller.close();
  expect(statuses).toEqual([201, 201]);
  await page.goto(url("/nl/privacy-rights/access"));
  await page.getByLabel("E-mailadres").fill("pagina@veldhaven-test.nl");
  expect(await submit(page, "Verstuur je aanvraag")).toBe(429);
  await expect(page.getByRole("alert").filter({ hasText: rateLimited("privacy@veldhavenmedia.nl") })).toBeVisible();
  await expect(page).toHaveTitle(/^Fout: Inzage in je gegevens/);
  expect(rowCount("privacy_request")).toBe(2);
});

test("a mailbox that already got three links this hour gets no fourth, whoever asks; the page says so and offers the privacy team", async ({
  page,
}) => {
  // Three requests for one address, each from another visitor.
  for (const visitor of ["127.0.0.2", "127.0.0.3", "127.0.0.4"]) {
    const answer = await postFrom(visitor, { flowType: "RIGHT_TO_BE_FORGOTTEN", email: "doelwit@veldhaven-test.nl" });
    expect(answer.status, answer.body).toBe(201);
  }
  await page.goto(url("/nl/privacy-rights/access"));
  await page.getByLabel("E-mailadres").fill("Doelwit@veldhaven-test.nl");
  expect(await submit(page, "Verstuur je aanvraag")).toBe(429);
  await expect(
    page.getByRole("alert").filter({
      hasText: soft(
        /Naar dit e-mailadres of telefoonnummer zijn in korte tijd al meerdere berichten gestuurd\. .* vanaf (?:\S+ \d{1,2} \S+ om )?\d{2}:\d{2} opnieuw proberen\. Liever niet wachten\? Mail ons op privacy@veldhavenmedia\.nl\./,
      ),
    }),
  ).toBeVisible();
  await expect(page.getByLabel("E-mailadres")).toHaveValue("Doelwit@veldhaven-test.nl");
  expect(rowCount("privacy_request")).toBe(3);
});

test(
  "a filled-in honeypot stores nothing and sends no mail",
  onlyWithoutJavaScript("a bot that fills the hidden field does not run our scripts"),
  async ({ page }) => {
    await page.goto(url("/nl/privacy-rights/access"));
    await page.getByLabel("E-mailadres").fill("robot@veldhaven-test.nl");
    // What an autofilling bot does: the field is out of sight for people.
    await page.locator('input[name="website"]').fill("https://spam.example", { force: true });
    expect(await submit(page, "Verstuur je aanvraag")).toBe(400);
    await expect(page.getByRole("alert").filter({ hasText: "Er is iets misgelopen" })).toBeVisible();
    await expect(page).toHaveURL(/\/nl\/privacy-rights\/access$/);
    // Give the mail worker time to send anything it was handed.
    await page.waitForTimeout(500);
    expect(rowCount("privacy_request")).toBe(0);
    expect(rowCount("outbox")).toBe(0);
    const mailDir = path.join(server.dataDir, "mail");
    expect(fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : []).toEqual([]);
  },
);
