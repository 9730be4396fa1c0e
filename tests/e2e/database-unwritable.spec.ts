/**
 * Seen from outside, with JavaScript on and off: when the
 * database answers reads but refuses writes, `/readyz` answers 503 (so a
 * load balancer sends visitors elsewhere), and a form's post is answered 503
 * with a banner that keeps 'Er is iets misgelopen' first, then says from
 * when to try again and gives the privacy team's address and our phone
 * number; the page shown again without JavaScript carries the Retry-After
 * the text was made from. Once writes work again, so does `/readyz`.
 *
 * The writes are refused by triggers another connection adds to the
 * server's SQLite file (a root test process cannot make the file read-only;
 * server/database-readiness.test.ts and app/http/storage-refusal.test.ts use a database
 * opened read-only).
 */
import path from "node:path";

import type { Page } from "@playwright/test";
import Database from "better-sqlite3";

import { request, spawnServer, type SpawnedServer } from "../setup/spawn-server";
import { expect, test } from "./fixtures";
import { soft } from "./soft-hyphens";

const REFUSED_TABLES = ["app_meta", "contact_message", "privacy_request"];

let server: SpawnedServer;
test.beforeEach(async () => {
  server = await spawnServer({ LOG_LEVEL: "warn" });
});
test.afterEach(async () => {
  await server?.stop();
});

const url = (pathname: string) => `http://nl.localhost:${server.port}${pathname}`;

function refuseWrites(refused: boolean) {
  const db = new Database(path.join(server.dataDir, "app.sqlite"));
  try {
    for (const table of REFUSED_TABLES) {
      for (const event of ["insert", "update"]) {
        const name = `refuse_${event}_${table}`;
        db.exec(
          refused
            ? `create trigger ${name} before ${event} on ${table} begin select raise(abort, 'database or disk is full'); end`
            : `drop trigger ${name}`,
        );
      }
    }
  } finally {
    db.close();
  }
}

const readiness = async () => {
  const answer = await request(server.port, { path: "/readyz" });
  return `${answer.status} ${answer.body}`;
};

/** Submits and returns the post's own answer (before any redirect). */
async function submit(page: Page, button: string) {
  const answer = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: button }).click();
  return answer;
}

test("a database that refuses writes: /readyz 503, and the forms say when to try again and how else to reach us", async ({
  page,
  javaScriptEnabled,
}) => {
  expect(await readiness()).toBe("200 ready");
  refuseWrites(true);
  await expect.poll(readiness, { timeout: 5000 }).toBe("503 database unavailable");

  await page.goto(url("/nl"));
  await page.getByLabel("Naam").fill("Lotte");
  await page.getByLabel("E-mailadres").fill("lotte@veldhaven-test.nl");
  await page.getByLabel("Je vraag").fill("Hoe lang bewaren jullie mijn gegevens?");
  const contactAnswer = await submit(page, "Verstuur");
  expect(contactAnswer.status()).toBe(503);
  // The document (no JavaScript) carries the header; a data request's answer is read by the page itself.
  if (!javaScriptEnabled) expect(await contactAnswer.headerValue("retry-after")).toBe("300");
  await expect(
    page.getByRole("alert").filter({
      hasText: soft(
        /Er is iets misgelopen\. We kunnen je bericht op dit moment niet opslaan\. Probeer het opnieuw vanaf (?:\S+ \d{1,2} \S+ om )?\d{2}:\d{2}\. Je kunt je vraag ook mailen naar privacy@veldhavenmedia\.nl of ons bellen op 088 330 33 00\./,
      ),
    }),
  ).toBeVisible();
  await expect(page.getByLabel("Naam")).toHaveValue("Lotte");

  await page.goto(url("/nl/privacy-rights/access"));
  await page.getByLabel("E-mailadres").fill("lotte@veldhaven-test.nl");
  expect((await submit(page, "Verstuur je aanvraag")).status()).toBe(503);
  await expect(
    page.getByRole("alert").filter({
      hasText: soft(
        /Er is iets misgelopen\. We kunnen je aanvraag op dit moment niet opslaan\. Probeer het opnieuw vanaf (?:\S+ \d{1,2} \S+ om )?\d{2}:\d{2}\. Je kunt ook ons privacyteam mailen op privacy@veldhavenmedia\.nl of ons bellen op 088 330 33 00\./,
      ),
    }),
  ).toBeVisible();

  refuseWrites(false);
  await expect.poll(readiness, { timeout: 5000 }).toBe("200 ready");
});
