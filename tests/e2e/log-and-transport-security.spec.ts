/**
 * What the server's log keeps of a request (no
 * verification token, no search text, no address, no URL longer than the
 * cap; the staff account by id on sign-in; no term an officer searched by) and HSTS only over HTTPS, as seen
 * directly or through a trusted proxy.
 */
import fs from "node:fs";
import path from "node:path";

import Database from "better-sqlite3";

import { request, spawnServer, type SpawnedServer } from "../setup/spawn-server";
import { decodeQuotedPrintable } from "../setup/test-smtp-server";
import { expect, siteUrl, test } from "./fixtures";
import { addStaff, submitStaffLogin } from "./staff-fixtures";

/** The longest URL a log line may hold (app/utils/log-redaction.ts). */
const LOGGED_URL_CAP = 512;

let server: SpawnedServer;
test.beforeAll(async () => {
  server = await spawnServer({ TRUST_PROXY: "1", MAIL_POLL_INTERVAL_MS: "200" });
});
test.afterAll(async () => {
  await server?.stop();
});

const linesFor = (id: string) =>
  server.logLines().filter((line) => (line.req as { id?: string } | undefined)?.id === id);

async function verificationLink(email: string): Promise<string> {
  const made = await request(server.port, {
    method: "POST",
    path: "/api/privacy-rights/request",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ flowType: "RIGHT_OF_ACCESS", email, language: "nl" }),
  });
  expect(made.status).toBe(201);
  const folder = path.join(server.dataDir, "mail");
  let link = "";
  await expect
    .poll(
      () => {
        for (const file of fs.existsSync(folder) ? fs.readdirSync(folder) : []) {
          const mail = decodeQuotedPrintable(fs.readFileSync(path.join(folder, file), "utf8"));
          if (mail.includes(email)) link = /https?:\/\/\S+token=[A-Za-z0-9_-]{43}/.exec(mail)?.[0] ?? "";
        }
        return link;
      },
      { timeout: 10_000 },
    )
    .not.toBe("");
  return link;
}

test.describe("the log", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "plain HTTP requests and the log: once is enough");

  test("holds no verification token, no search text or address, and no URL over the cap", async () => {
    const email = `log-${Date.now()}@veldhaven-test.nl`;
    const link = await verificationLink(email);
    const token = /token=([A-Za-z0-9_-]{43})/.exec(link)![1];
    await expect.poll(() => server.logLines().some((line) => line.msg === "mail written to file")).toBe(true);

    const secrets = ["geheim-adres@veldhaven-test.nl", "mijn-geheime-zoekvraag", "0612345678"];
    const probes = [
      `/nl/email-verification?token=${token}`,
      `/nl/internal-privacy-rights/requests?state=OPEN&text=${encodeURIComponent(secrets[0])}`,
      `/nl/internal-privacy-rights/requests?text=${secrets[0]}`,
      `/nl/search?q=${secrets[1]}`,
      `/nl/phone?q=${secrets[2]}`,
      `/nl/about?filler=${"a".repeat(15_000)}`,
    ];
    for (const [index, probe] of probes.entries()) {
      const id = `probe-log-redaction-${index}`;
      await request(server.port, { path: probe, headers: { "X-Request-Id": id } });
      await expect.poll(() => linesFor(id).length).toBe(1);
      const url = (linesFor(id)[0].req as { url: string }).url;
      expect(url.length, probe.slice(0, 60)).toBeLessThanOrEqual(LOGGED_URL_CAP);
      expect(url.startsWith(probe.slice(0, probe.indexOf("?") + 1)), url).toBe(true);
    }
    const log = server.output();
    expect(log).not.toContain(token);
    for (const secret of secrets) {
      expect(log).not.toContain(secret);
      expect(log).not.toContain(encodeURIComponent(secret));
    }
  });

  test("names the staff account by id, never by address, when a sign-in fails and when it succeeds", async ({
    page,
  }) => {
    const officer = `officer-log-${Date.now()}@veldhaven-test.nl`;
    await addStaff(officer, "officer", { dataDir: server.dataDir });
    const db = new Database(path.join(server.dataDir, "app.sqlite"));
    const { id } = db.prepare("select id from staff_account where email = ?").get(officer) as { id: string };
    db.close();

    await page.goto(`http://nl.localhost:${server.port}/nl/internal-privacy-rights/login`);
    await submitStaffLogin(page, officer, "Verkeerd-Wachtwoord-12");
    await expect(page.getByText("Dit e-mailadres en dit wachtwoord horen niet bij elkaar").first()).toBeVisible();
    await submitStaffLogin(page, officer);
    await expect(page).toHaveURL(/confirm-login/);

    const about = (event: string) => server.logLines().filter((line) => line.event === event);
    await expect.poll(() => about("staff-sign-in-failed").some((line) => line.staffAccountId === id)).toBe(true);
    await expect.poll(() => about("staff-signed-in").some((line) => line.staffAccountId === id)).toBe(true);
    expect(server.output()).not.toContain(officer);

    // The officer searches by a person's address; it reaches neither a URL nor the log.
    const person = `gezocht-${Date.now()}@veldhaven-test.nl`;
    await verificationLink(person);
    await page.goto(`http://nl.localhost:${server.port}/nl/internal-privacy-rights/search`);
    await page.getByLabel("Referentie, e-mailadres, telefoonnummer of advertentie-id").fill(person);
    await page.getByRole("button", { name: "Zoeken", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "1 zaak gevonden" })).toBeVisible();
    expect(page.url()).toBe(`http://nl.localhost:${server.port}/nl/internal-privacy-rights/search`);
    const output = server.output();
    expect(output).toContain("internal-privacy-rights/search");
    expect(output).not.toContain(`gezocht-`);
  });
});

test.describe("Strict-Transport-Security", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "plain HTTP requests: once is enough");

  test("is sent when a trusted proxy says the visitor used HTTPS, and not over plain HTTP", async () => {
    const overHttps = await request(server.port, { path: "/nl", headers: { "X-Forwarded-Proto": "https" } });
    expect(overHttps.headers["strict-transport-security"]).toMatch(/^max-age=\d{7,}/);
    const overHttp = await request(server.port, { path: "/nl" });
    expect(overHttp.headers["strict-transport-security"]).toBeUndefined();
  });

  test("is not sent when an untrusted client claims HTTPS", async () => {
    // The shared test server trusts no proxy (TRUST_PROXY unset).
    const answer = await request(Number(new URL(siteUrl("nl", "/")).port), {
      path: "/nl",
      headers: { "X-Forwarded-Proto": "https" },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers["strict-transport-security"]).toBeUndefined();
  });
});
