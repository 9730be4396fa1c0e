/**
 * Limits that never lock people out of their rights. Many people
 * behind one address (an office, a carrier) each get their request in; one
 * mailbox cannot be flooded, whatever addresses the requests come from; a
 * typo in the mail domain uses up nothing. Each visitor is a client address
 * of its own on loopback (127.0.0.x), as the server sees them. Server
 * behaviour: runs once, in the "js" project.
 */
import path from "node:path";

import Database from "better-sqlite3";

import { request, spawnServer, type SpawnedServer } from "../setup/spawn-server";
import { startTestDnsServer } from "../setup/test-dns-server";
import { expect, test } from "./fixtures";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server behaviour: runs once");

let server: SpawnedServer;
let dns: Awaited<ReturnType<typeof startTestDnsServer>>;
test.beforeEach(async () => {
  dns = await startTestDnsServer();
});
test.afterEach(async () => {
  await server?.stop();
  await dns?.close();
});

const ask = (from: string, body: object) =>
  request(server.port, {
    method: "POST",
    path: "/api/privacy-rights/request",
    localAddress: from,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  }).then((answer) => ({ ...answer, json: JSON.parse(answer.body) as Record<string, string> }));

function count(sql: string, ...values: string[]): number {
  const db = new Database(path.join(server.dataDir, "app.sqlite"), { readonly: true });
  try {
    return (db.prepare(sql).get(...values) as { n: number }).n;
  } finally {
    db.close();
  }
}

test("40 people behind one address each get their request in; a fourth link to one mailbox is refused, whoever asks", async () => {
  // The limits a deployment has by default.
  server = await spawnServer({ EMAIL_DOMAIN_CHECK: "true", DNS_SERVERS: dns.address, LOG_LEVEL: "warn" });
  const office = "127.0.0.5";
  const statuses = await Promise.all(
    Array.from({ length: 40 }, (_, n) =>
      ask(office, { flowType: "RIGHT_OF_ACCESS", email: `collega${n}@veldhaven-test.nl` }).then(
        (answer) => answer.status,
      ),
    ),
  );
  expect(statuses).toEqual(Array(40).fill(201));

  // Someone tries to flood one person's mailbox from four addresses.
  const flood = [];
  for (const from of ["127.0.0.6", "127.0.0.7", "127.0.0.8", "127.0.0.9"]) {
    flood.push(await ask(from, { flowType: "RIGHT_OF_ACCESS", email: "Slachtoffer@veldhaven-test.nl" }));
  }
  expect(flood.map((answer) => answer.status)).toEqual([201, 201, 201, 429]);
  const refused = flood[3];
  expect(refused.json.error).toBe("RATE_LIMITED");
  expect(Number(refused.headers["retry-after"])).toBeGreaterThan(3000);
  expect(refused.json.message).toMatch(
    /^Naar dit e-mailadres of telefoonnummer .* vanaf (?:\S+ \d{1,2} \S+ om )?\d{2}:\d{2} opnieuw proberen\. Liever niet wachten\? Mail ons op privacy@veldhavenmedia\.nl\.$/,
  );
  expect(count("select count(*) as n from privacy_request where email = ?", "slachtoffer@veldhaven-test.nl")).toBe(3);
  expect(count("select count(*) as n from outbox where lower(recipient) = ?", "slachtoffer@veldhaven-test.nl")).toBe(3);
  // The refused sender lost nothing: its own request goes through.
  expect((await ask("127.0.0.9", { flowType: "RIGHT_OF_ACCESS", email: "eigen@veldhaven-test.nl" })).status).toBe(201);
});

test("a typo in the mail domain uses up nothing; only requests that pass are counted", async () => {
  server = await spawnServer({
    EMAIL_DOMAIN_CHECK: "true",
    DNS_SERVERS: dns.address,
    PRIVACY_RATE_LIMIT_PER_HOUR: "2",
    LOG_LEVEL: "warn",
  });
  const from = "127.0.0.10";
  for (let attempt = 0; attempt < 3; attempt++) {
    const typo = await ask(from, { flowType: "RIGHT_OF_ACCESS", email: "lotte@veldhaven-tset.nl" });
    expect(typo.status).toBe(400);
    expect(typo.json.error).toBe("INVALID_EMAIL");
  }
  expect((await ask(from, { flowType: "RIGHT_OF_ACCESS", email: "lotte@veldhaven-test.nl" })).status).toBe(201);
  expect((await ask(from, { flowType: "RIGHT_OF_ACCESS", email: "jan@veldhaven-test.nl" })).status).toBe(201);
  const third = await ask(from, { flowType: "RIGHT_OF_ACCESS", email: "els@veldhaven-test.nl" });
  expect(third.status).toBe(429);
  expect(third.json.message).toMatch(
    /^Er zijn vanaf jouw internetverbinding te veel berichten na elkaar verstuurd\. Probeer het opnieuw vanaf (?:\S+ \d{1,2} \S+ om )?\d{2}:\d{2}, of mail ons op privacy@veldhavenmedia\.nl\.$/,
  );
  // Another form of the same site has a count of its own.
  expect((await ask(from, { flowType: "RIGHT_TO_BE_FORGOTTEN", email: "els@veldhaven-test.nl" })).status).toBe(201);
});
