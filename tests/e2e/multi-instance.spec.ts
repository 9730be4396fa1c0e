/**
 * The many-instances recipe, tested as it is run. Two production
 * servers on one PostgreSQL database behind a proxy (TRUST_PROXY=1): the
 * proxy sends every POST to instance A and everything else to B, so a form
 * posted to one has its flash read on the other, and a sign-in on one is
 * used on the other. Limits are counted in the database (one client, both
 * instances, one limit); each mail is sent exactly once although both
 * instances' workers read the outbox; the daily digest is claimed once when
 * both start at the same moment. Runs where TEST_DATABASE_URL is set (CI).
 */
import { execFileSync } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

import { createSpecDatabase, type SpecDatabase } from "../setup/e2e-postgres-database";
import { request, spawnServer, type SpawnedServer } from "../setup/spawn-server";
import { messageIdOf, startSmtp } from "../setup/test-smtp-server";
import { expect, onlyWithJavaScript, test, theServersAnswer } from "./fixtures";
import { STAFF_PASSWORD, submitStaffLogin } from "./staff-fixtures";

const adminUrl = process.env.TEST_DATABASE_URL;
test.skip(!adminUrl, "PostgreSQL runs where TEST_DATABASE_URL is set (CI)");
test.describe.configure({ mode: "serial" });

let database: SpecDatabase;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let instances: [SpawnedServer, SpawnedServer];
let proxy: http.Server;
let proxyPort = 0;

const environment = () => ({
  DATABASE_URL: database.url,
  SESSION_SECRET: "e2e-multi-instance-session-secret-0123456789",
  FILE_ENCRYPTION_KEY: "0123456789abcdef".repeat(4),
  PUBLIC_ORIGIN_NL: "https://privacy.veldhavenmedia.nl",
  PUBLIC_ORIGIN_BE: "https://privacy.veldhavenmedia.be",
  ALLOWED_HOSTS: "nl.localhost,be.localhost",
  SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  MAIL_POLL_INTERVAL_MS: "200",
  TRUST_PROXY: "1",
  PRIVACY_RATE_LIMIT_PER_HOUR: "3",
  DIGEST_HOUR: "0",
  PAGE_CACHE_SECONDS: "0",
  LOG_LEVEL: "warn",
});

/** The proxy: POSTs to A, the rest to B, with the client's address in X-Forwarded-For as a real proxy adds it. */
function startProxy(): Promise<void> {
  proxy = http.createServer((incoming, outgoing) => {
    const target = incoming.method === "POST" ? instances[0] : instances[1];
    const forwarded = http.request(
      {
        host: "127.0.0.1",
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, "x-forwarded-for": "203.0.113.7", "x-forwarded-proto": "http" },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, {
          ...answer.headers,
          "x-instance": target === instances[0] ? "A" : "B",
        });
        answer.pipe(outgoing);
      },
    );
    forwarded.on("error", () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  return new Promise((resolve) =>
    proxy.listen(0, "127.0.0.1", () => ((proxyPort = (proxy.address() as AddressInfo).port), resolve())),
  );
}

const startBoth = async () =>
  (instances = (await Promise.all([spawnServer(environment()), spawnServer(environment())])) as [
    SpawnedServer,
    SpawnedServer,
  ]);

test.beforeAll(async () => {
  database = await createSpecDatabase(adminUrl!, "e2e_multi");
  smtp = await startSmtp();
  await startBoth();
  await startProxy();
});

test.afterAll(async () => {
  proxy?.close();
  await Promise.all((instances ?? []).map((instance) => instance?.stop()));
  await smtp?.stop();
  await database?.drop();
});

const site = (pathname: string) => `http://nl.localhost:${proxyPort}${pathname}`;

test("a form posted to one instance has its flash read on the other", async ({ page }) => {
  const answers: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "document" || response.request().method() === "POST")
      answers.push(`${response.request().method()} ${response.headers()["x-instance"]}`);
  });
  await page.goto(site("/nl"));
  await page.getByLabel("Naam").fill("Lotte de Vries");
  await page.getByLabel("E-mailadres").fill("lotte@veldhaven-test.nl");
  await page.getByLabel("Je vraag").fill(`Twee servers, één vraag (${test.info().project.name})`);
  await page.getByRole("button", { name: "Verstuur" }).click();
  await expect(page.getByTestId("banner")).toContainText("Jouw bericht is succesvol verzonden.");
  expect(answers).toContain("POST A");
  expect(answers.at(-1)).toBe(test.info().project.name === "js" ? "POST A" : "GET B");
});

test("a sign-in on one instance is valid on the other", theServersAnswer, async ({ page }) => {
  const officer = `officer-multi-${test.info().project.name}-${Date.now()}@veldhaven-test.nl`;
  execFileSync(path.join("node_modules", ".bin", "tsx"), ["scripts/staff.ts", "add", officer, "--role", "officer"], {
    input: `${STAFF_PASSWORD}\n`,
    env: { ...process.env, ...environment(), DATA_DIR: instances[0].dataDir },
    stdio: ["pipe", "ignore", "inherit"],
  });
  await page.goto(site("/nl/internal-privacy-rights/login"));
  await submitStaffLogin(page, officer);
  await expect(page).toHaveURL(/confirm-login/);
  const staffPage = await page.goto(site("/nl/internal-privacy-rights/requests"));
  expect(staffPage?.headers()["x-instance"]).toBe("B");
  await expect(page.getByText(`Aangemeld als ${officer}`)).toBeVisible();
});

test(
  "one client's limit is one limit on both instances",
  onlyWithJavaScript("one run is enough: the limit is per client address, which both projects would share"),
  async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const instance = instances[i % 2];
      const answer = await request(instance.port, {
        method: "POST",
        path: "/api/privacy-rights/request",
        host: `nl.localhost:${instance.port}`,
        headers: { "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.23" },
        body: JSON.stringify({ flowType: "RIGHT_OF_ACCESS", email: `limit-${i}-${Date.now()}@veldhaven-test.nl` }),
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
  },
);

test(
  "every mail is sent exactly once, and the digest is claimed once when both start together",
  onlyWithJavaScript("one run is enough: it restarts both instances"),
  async () => {
    // Ten more requests, five through each instance, each with its own client address.
    for (let i = 0; i < 10; i++) {
      const instance = instances[i % 2];
      const answer = await request(instance.port, {
        method: "POST",
        path: "/api/privacy-rights/request",
        host: `be.localhost:${instance.port}`,
        headers: { "Content-Type": "application/json", "X-Forwarded-For": `198.51.100.${100 + i}` },
        body: JSON.stringify({
          flowType: "RIGHT_OF_ACCESS",
          email: `once-${i}-${Date.now()}@veldhaven-test.nl`,
          language: "nl",
        }),
      });
      expect(answer.status).toBe(201);
    }
    // One request overdue, for the digest; the day's claim undone, as on a new morning.
    await database.sql(
      "update privacy_request set state = 'OPEN', verified_at = now()::text, due_at = '2020-01-01T00:00:00.000Z' where id = (select id from privacy_request order by created_at limit 1)",
    );
    await Promise.all(instances.map((instance) => instance.stop()));
    await database.sql("update app_meta set value = '' where key = 'privacy-digest-sent-on'");
    await startBoth();

    // Each instance claims the digest in its first retention run, which starts with the
    // server but may end after it answers: wait for the digest before counting the outbox.
    const digests = async () =>
      Number(
        (await database.sql<{ n: string }>("select count(*) as n from outbox where kind = 'privacy-digest'"))[0].n,
      );
    await expect.poll(digests, { timeout: 20_000 }).toBeGreaterThan(0);
    await expect
      .poll(
        async () =>
          Number((await database.sql<{ n: string }>("select count(*) as n from outbox where status <> 'sent'"))[0].n),
        { timeout: 20_000 },
      )
      .toBe(0);
    const sent = await database.sql<{ id: string; kind: string }>("select id, kind from outbox");
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(sent.length);
    const messageIds = smtp.received.map((mail) => messageIdOf(mail.raw));
    expect(new Set(messageIds).size).toBe(sent.length);
    expect(sent.filter((row) => row.kind === "privacy-digest")).toHaveLength(1);
  },
);
