/**
 * A request's answer files on PostgreSQL (when TEST_DATABASE_URL is set, as in CI): a server
 * of its own on a fresh database, configured as production is (DATABASE_URL
 * with its required secrets and origins). An officer uploads the answer's
 * file, sends it; the person downloads the same bytes through the mailed
 * link; after the window the retention run deletes the sealed chunks from
 * PostgreSQL and the link says it expired.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { createSpecDatabase, type SpecDatabase } from "../setup/e2e-postgres-database";
import { request, spawnServer, type SpawnedServer } from "../setup/spawn-server";
import { decodeQuotedPrintable } from "../setup/test-smtp-server";
import { expect, onlyWithoutJavaScript, test } from "./fixtures";
import { STAFF_PASSWORD, submitStaffLogin } from "./staff-fixtures";

const adminUrl = process.env.TEST_DATABASE_URL;
test.skip(!adminUrl, "PostgreSQL runs where TEST_DATABASE_URL is set (CI)");

let database: SpecDatabase;
let server: SpawnedServer;
const officer = `officer-pg-${Date.now()}@veldhaven-test.nl`;

const production = () => ({
  DATABASE_URL: database.url,
  SESSION_SECRET: "e2e-postgres-session-secret-0123456789abcdef",
  FILE_ENCRYPTION_KEY: "fedcba9876543210".repeat(4),
  PUBLIC_ORIGIN_NL: "https://privacy.veldhavenmedia.nl",
  PUBLIC_ORIGIN_BE: "https://privacy.veldhavenmedia.be",
  ALLOWED_HOSTS: "nl.localhost,be.localhost",
  LOG_LEVEL: "warn",
});

const tool = (script: string, args: string[], input?: string) =>
  execFileSync(path.join("node_modules", ".bin", "tsx"), [script, ...args], {
    input,
    env: { ...process.env, ...production(), DATA_DIR: server.dataDir },
    stdio: ["pipe", "ignore", "inherit"],
  });

test.beforeAll(async () => {
  database = await createSpecDatabase(adminUrl!, "e2e_answer");
  server = await spawnServer(production());
  tool("scripts/staff.ts", ["add", officer, "--role", "officer"], `${STAFF_PASSWORD}\n`);
});

test.afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

async function mailWith(containing: string): Promise<string> {
  const dir = path.join(server.dataDir, "mail");
  let found = "";
  await expect
    .poll(
      () => {
        const files = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
        found =
          files
            .map((file) => decodeQuotedPrintable(fs.readFileSync(path.join(dir, file), "utf8")))
            .find((eml) => eml.includes(containing)) ?? "";
        return found !== "";
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found;
}

test(
  "on PostgreSQL: upload, send, download the same bytes, deleted after the window",
  onlyWithoutJavaScript(
    "what differs here is the database; the journey with and without JavaScript is request-answer.spec.ts",
  ),
  async ({ page, browser }) => {
    const site = `http://nl.localhost:${server.port}`;
    const email = `pg-${test.info().project.name}-${Date.now()}@veldhaven-test.nl`;
    const made = await request(server.port, {
      method: "POST",
      path: "/api/privacy-rights/request",
      host: `nl.localhost:${server.port}`,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ flowType: "RIGHT_OF_ACCESS", email, language: "nl" }),
    });
    expect(made.status).toBe(201);
    const { reference } = JSON.parse(made.body) as { reference: string };
    await database.sql(
      "update privacy_request set state = 'OPEN', verified_at = $1, due_at = $2 where reference = $3",
      [new Date().toISOString(), new Date(Date.now() + 20 * 86_400_000).toISOString(), reference],
    );

    await page.goto(`${site}/nl/internal-privacy-rights/login`);
    await submitStaffLogin(page, officer);
    await expect(page).toHaveURL(/confirm-login/);
    await page.goto(`${site}/nl/internal-privacy-rights/requests/${reference}`);
    const uploaded = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(2_500_000)]);
    await page
      .getByLabel("Bestanden kiezen")
      .setInputFiles({ name: "gegevens.pdf", mimeType: "application/pdf", buffer: uploaded });
    await page.getByRole("button", { name: "Bestanden toevoegen" }).click();
    await expect(page.getByRole("row").filter({ hasText: "gegevens.pdf" })).toContainText("Nog niet verstuurd");
    const [{ chunks }] = await database.sql<{ chunks: string }>(
      "select count(*) as chunks from file_chunk c join request_file f on f.id = c.file_id join privacy_request r on r.id = f.request_id where r.reference = $1",
      [reference],
    );
    expect(Number(chunks)).toBe(3);
    await page.getByLabel("Bericht aan de aanvrager").fill("Hierbij je gegevens.");
    await page.getByRole("button", { name: "Antwoord versturen" }).click();
    await expect(page.getByText("Het antwoord is verstuurd en de aanvraag is afgerond.")).toBeVisible();

    // The link names the production origin; the person reaches this server by its local name.
    const mail = await mailWith("privacy-rights/answer?token=");
    const link = /https:\/\/privacy\.veldhavenmedia\.nl(\/nl\/privacy-rights\/answer\?token=[A-Za-z0-9_-]{43})/.exec(
      mail,
    )![1];
    const context = await browser.newContext({
      javaScriptEnabled: test.info().project.use.javaScriptEnabled !== false,
      acceptDownloads: true,
    });
    const their = await context.newPage();
    await their.goto(`${site}${link}`);
    const [download] = await Promise.all([
      their.waitForEvent("download"),
      their.getByRole("button", { name: "gegevens.pdf downloaden" }).click(),
    ]);
    expect(Buffer.compare(fs.readFileSync(await download.path()), uploaded)).toBe(0);

    await database.sql(
      "update request_delivery set expires_at = $1 where request_id = (select id from privacy_request where reference = $2)",
      [new Date(Date.now() - 1000).toISOString(), reference],
    );
    tool("scripts/retention.ts", []);
    const [{ left }] = await database.sql<{ left: string }>(
      "select count(*) as left from file_chunk c join request_file f on f.id = c.file_id join privacy_request r on r.id = f.request_id where r.reference = $1",
      [reference],
    );
    expect(Number(left)).toBe(0);
    const expired = await their.goto(`${site}${link}`);
    expect(expired?.status()).toBe(410);
    await expect(their.getByRole("heading", { level: 1 })).toHaveText("Deze link is verlopen");
    await context.close();
  },
);
