/**
 * Mail never stops, on the production build as it runs. Contact
 * messages are acknowledged while the SMTP server is away; it comes back
 * (no restart of ours) and every one of them arrives, once, counted by
 * Message-ID: with one instance on the embedded database, and with two
 * instances on one PostgreSQL database (where TEST_DATABASE_URL is set). A
 * mail the server refuses for good is shown to the officer on the request.
 * Server behaviour: runs once, in the "js" project, but for the officer's
 * page, which is checked with and without JavaScript.
 */
import { createSpecDatabase } from "../setup/e2e-postgres-database";
import { freePort, request, spawnServer, type SpawnedServer } from "../setup/spawn-server";
import { startSmtp } from "../setup/test-smtp-server";
import { expect, expectAxeClean, siteUrl, test, theServersAnswer } from "./fixtures";
import { mailTo, sql } from "./shared-server-data";
import { addStaff, signInAsStaff, uniqueStaffEmail } from "./staff-fixtures";

test.setTimeout(90_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Posts contact messages to the servers in turn; each must be acknowledged (stored with its mail). */
async function postContacts(servers: SpawnedServer[], count: number, tag: string): Promise<void> {
  const statuses = await Promise.all(
    Array.from({ length: count }, (_, n) =>
      request(servers[n % servers.length].port, {
        method: "POST",
        path: "/api/contact?locale=nl_nl",
        localAddress: `127.0.2.${n + 1}`,
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          name: `Lezer ${tag} ${n}`,
          email: `lezer-${tag}-${n}@veldhaven-test.nl`,
          question: "Wanneer verschijnt de krant?",
        }),
      }).then((answer) => answer.status),
    ),
  );
  expect(statuses).toEqual(Array(count).fill(201));
}

/** Every acknowledged message arrives once SMTP is back, and none twice. */
async function expectEachOnce(received: { messageId: string }[], count: number): Promise<void> {
  await expect.poll(() => new Set(received.map((mail) => mail.messageId)).size, { timeout: 30_000 }).toBe(count);
  // Time for a duplicate to show, if one were coming.
  await sleep(1_500);
  expect(received).toHaveLength(count);
}

test.describe("SMTP away, then back", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server behaviour: runs once");

  test("one instance: mail acknowledged while SMTP was down is delivered once it is up, each message once, without a restart", async () => {
    const smtpPort = await freePort();
    const server = await spawnServer({
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_POLL_INTERVAL_MS: "60000",
      LOG_LEVEL: "warn",
    });
    let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
    try {
      await postContacts([server], 12, "een");
      // Long enough for more failed connections than the pool has places (before the fix each kept its place for good).
      await sleep(3_000);
      smtp = await startSmtp(smtpPort);
      await expectEachOnce(smtp.received, 12);
    } finally {
      await server.stop();
      await smtp?.stop();
    }
  });

  test("two instances on one PostgreSQL database: SMTP down for 5 s, then each message once", async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    test.skip(!adminUrl, "PostgreSQL runs where TEST_DATABASE_URL is set (CI)");
    const database = await createSpecDatabase(adminUrl!, "mail_outage");
    const smtpPort = await freePort();
    const environment = {
      DATABASE_URL: database.url,
      SESSION_SECRET: "e2e-mail-outage-session-secret-0123456789abcdef",
      FILE_ENCRYPTION_KEY: "0123456789abcdef".repeat(4),
      PUBLIC_ORIGIN_NL: "https://privacy.veldhavenmedia.nl",
      PUBLIC_ORIGIN_BE: "https://privacy.veldhavenmedia.be",
      ALLOWED_HOSTS: "nl.localhost,be.localhost",
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_POLL_INTERVAL_MS: "60000",
      LOG_LEVEL: "warn",
    };
    const servers: SpawnedServer[] = [];
    let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
    try {
      servers.push(await spawnServer(environment));
      servers.push(await spawnServer(environment));
      await postContacts(servers, 20, "twee");
      await sleep(5_000);
      smtp = await startSmtp(smtpPort);
      await expectEachOnce(smtp.received, 20);
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      await smtp?.stop();
      await database.drop();
    }
  });
});

test(
  "a verification mail the server refused for good is shown to the officer on the request",
  theServersAnswer,
  async ({ page }) => {
    const email = `onbekend-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@veldhaven-test.nl`;
    const made = await request(Number(process.env.E2E_PORT), {
      method: "POST",
      path: "/api/privacy-rights/request",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        flowType: "RIGHT_OF_ACCESS",
        email,
        language: "nl",
        userMessage: "Welke gegevens hebben jullie?",
      }),
    });
    expect(made.status).toBe(201);
    const { reference } = JSON.parse(made.body) as { reference: string };
    // The shared server writes mail to files; what an SMTP server's 550 leaves behind is this row
    // (the bounce itself: app/services/mail/mail-faults.test.ts), written once the worker is done with it.
    await mailTo(email, reference);
    sql(
      "update outbox set status = 'bounced', last_error = ? where recipient = ?",
      "Recipient command failed: 550 5.1.1 Mailbox does not exist",
      email,
    );

    const officer = uniqueStaffEmail("officer");
    await addStaff(officer, "officer");
    await signInAsStaff(page, officer);
    await page.goto(siteUrl("nl", `/nl/internal-privacy-rights/requests/${reference}`));
    const notice = page.getByRole("region", { name: "Mail niet bezorgd" });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText("De betrokkene heeft deze mail niet gekregen.");
    await expect(notice.getByRole("listitem")).toHaveCount(1);
    await expect(notice.getByRole("listitem")).toContainText("geweigerd door de mailserver");
    await expect(notice.getByRole("listitem")).toContainText("550 5.1.1 Mailbox does not exist");
    await expectAxeClean(page);
  },
);
