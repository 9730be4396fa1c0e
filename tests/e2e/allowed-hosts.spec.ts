/**
 * The server answers only for the hosts the deployment
 * serves (docs/configuration.md, "Allowed hosts"). A forged Host, or X-Forwarded-Host behind
 * a trusted proxy, gets 'Cannot determine country' and never reaches a mail;
 * a production start without public origins is refused. Server behaviour:
 * runs once, in the "js" project.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

import { rawExchange, request, spawnServer, type SpawnedServer } from "../setup/spawn-server";
import { decodeQuotedPrintable } from "../setup/test-smtp-server";
import { expect, test } from "./fixtures";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server behaviour: runs once");

const FORGED = "privacy.evil-veldhaven.nl";

/** Every mail the server wrote to DATA_DIR/mail, decoded. */
function mails(server: SpawnedServer): string[] {
  const folder = path.join(server.dataDir, "mail");
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder)
    .filter((file) => file.endsWith(".eml"))
    .map((file) => decodeQuotedPrintable(fs.readFileSync(path.join(folder, file), "utf8")));
}

function askForAccess(server: SpawnedServer, email: string, host: string, headers: Record<string, string> = {}) {
  return request(server.port, {
    method: "POST",
    path: "/api/privacy-rights/request",
    host,
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify({ flowType: "RIGHT_OF_ACCESS", email, language: "nl" }),
  });
}

/** The verification link mailed to `email`, once the outbox has written it. */
async function mailedLink(server: SpawnedServer, email: string): Promise<string> {
  let link = "";
  await expect
    .poll(
      () => {
        const mail = mails(server).find((text) => text.includes(email));
        link = (mail && /https?:\/\/\S+token=[A-Za-z0-9_-]{43}/.exec(mail)?.[0]) || "";
        return link;
      },
      { timeout: 10_000 },
    )
    .not.toBe("");
  return link;
}

test.describe("the embedded default (no public origins configured)", () => {
  let server: SpawnedServer;
  test.beforeAll(async () => {
    server = await spawnServer({ TRUST_PROXY: "1", MAIL_POLL_INTERVAL_MS: "100", LOG_LEVEL: "warn" });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("a forged Host or trusted X-Forwarded-Host gets 400 'Cannot determine country'; no mail ever names it", async () => {
    const own = `nl.localhost:${server.port}`;
    const forgeries: Array<{ host: string; headers?: Record<string, string> }> = [
      { host: FORGED },
      { host: `${FORGED.toUpperCase()}.:${server.port}` },
      { host: own, headers: { "X-Forwarded-Host": FORGED } },
      { host: own, headers: { "X-Forwarded-Host": `${FORGED}, nl.localhost` } },
      // A subdomain of a local name is not one of them.
      { host: `privacy.evil-veldhaven.nl.localhost:${server.port}` },
    ];
    for (const [index, { host, headers }] of forgeries.entries()) {
      const page = await request(server.port, { path: "/nl", host, headers });
      expect(page.status, `GET /nl with ${host} ${JSON.stringify(headers ?? {})}`).toBe(400);
      expect(page.body).toContain("Cannot determine country");
      const call = await askForAccess(server, `forged-${index}@veldhaven-test.nl`, host, headers);
      expect(call.status, `the request call with ${host} ${JSON.stringify(headers ?? {})}`).toBe(400);
    }
    // The absolute form of the request target names a host of its own (RFC 9112 3.2.2).
    const body = JSON.stringify({
      flowType: "RIGHT_OF_ACCESS",
      email: "forged-absolute@veldhaven-test.nl",
      language: "nl",
    });
    await rawExchange(
      server.port,
      `POST http://${FORGED}/api/privacy-rights/request HTTP/1.1\r\nHost: ${own}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );

    // Our own host still works, and its mail links to it.
    const email = `allowed-host-${Date.now()}@veldhaven-test.nl`;
    expect((await askForAccess(server, email, own)).status).toBe(201);
    expect(await mailedLink(server, email)).toMatch(
      new RegExp(`^http://nl\\.localhost:${server.port}/nl/email-verification\\?token=`),
    );
    expect((await request(server.port, { path: "/nl", host: `be.localhost:${server.port}` })).status).toBe(200);

    const written = mails(server);
    expect(written.length).toBeGreaterThan(0);
    for (const mail of written) expect(mail.toLowerCase()).not.toContain("evil-veldhaven");
    expect(written.filter((mail) => /forged-\d@/.test(mail))).toEqual([]);
  });
});

test.describe("a deployment with public origins", () => {
  let server: SpawnedServer;
  test.beforeAll(async () => {
    server = await spawnServer({
      TRUST_PROXY: "1",
      MAIL_POLL_INTERVAL_MS: "100",
      LOG_LEVEL: "warn",
      PUBLIC_ORIGIN_NL: "https://privacy.veldhavenmedia.nl",
      PUBLIC_ORIGIN_BE: "https://privacy.veldhavenmedia.be",
      ALLOWED_HOSTS: "staging.veldhavenmedia.nl",
    });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("serves its public hosts, ALLOWED_HOSTS and the local names; refuses the rest; mails link to the public origin", async () => {
    for (const host of [
      "privacy.veldhavenmedia.nl",
      "Privacy.VeldhavenMedia.be:443",
      "staging.veldhavenmedia.nl",
      `nl.localhost:${server.port}`,
    ]) {
      expect((await request(server.port, { path: "/nl", host })).status, host).toBe(200);
    }
    for (const host of [FORGED, "veldhavenmedia.nl", "privacy.veldhavenmedia.nl.evil.be"]) {
      const page = await request(server.port, { path: "/nl", host });
      expect(page.status, host).toBe(400);
      expect(page.body).toContain("Cannot determine country");
    }
    const behindProxy = await request(server.port, {
      path: "/nl",
      host: "privacy.veldhavenmedia.nl",
      headers: { "X-Forwarded-Host": FORGED },
    });
    expect(behindProxy.status).toBe(400);

    const email = `staging-${Date.now()}@veldhaven-test.nl`;
    expect((await askForAccess(server, email, "staging.veldhavenmedia.nl")).status).toBe(201);
    expect(await mailedLink(server, email)).toMatch(
      /^https:\/\/privacy\.veldhavenmedia\.nl\/nl\/email-verification\?token=/,
    );
    for (const mail of mails(server)) expect(mail.toLowerCase()).not.toContain("evil-veldhaven");
    // The start-up lines name the addresses visitors use, not the local ones.
    expect(server.output()).toContain("  https://privacy.veldhavenmedia.nl/\n  https://privacy.veldhavenmedia.be/\n");
    expect(server.output()).not.toContain("http://nl.localhost");
  });
});

test("a production start (DATABASE_URL) without PUBLIC_ORIGIN_NL and PUBLIC_ORIGIN_BE is refused, naming them", () => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "no-origins-")),
    // Nothing listens there: the configuration must stop the start before any connection.
    DATABASE_URL: "postgres://app@127.0.0.1:1/app",
    SESSION_SECRET: "s".repeat(32),
  };
  delete env.PUBLIC_ORIGIN_NL;
  delete env.PUBLIC_ORIGIN_BE;
  const result = spawnSync(process.execPath, ["build/server.js"], { env, encoding: "utf8", timeout: 15_000 });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain("Invalid configuration");
  expect(result.stderr).toMatch(/PUBLIC_ORIGIN_NL: is required when DATABASE_URL is set/);
  expect(result.stderr).toMatch(/PUBLIC_ORIGIN_BE: is required when DATABASE_URL is set/);
});
