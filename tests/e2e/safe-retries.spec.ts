/**
 * A submission sent again is recognised. A JSON call repeated
 * with its Idempotency-Key gets the first answer, and nothing is stored or
 * mailed twice; the key with another body is a 422. A form posted twice
 * from one page (a double click without JavaScript, a resubmission after a
 * dropped connection) stores one request and shows the same result.
 * Server behaviour: runs once, in the "js" project.
 */
import path from "node:path";

import Database from "better-sqlite3";

import { request, spawnServer, type SpawnedServer } from "../setup/spawn-server";
import { expect, test } from "./fixtures";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server behaviour: runs once");

let server: SpawnedServer;
test.beforeAll(async () => {
  server = await spawnServer({ LOG_LEVEL: "warn" });
});
test.afterAll(async () => {
  await server?.stop();
});

function count(sql: string, ...values: string[]): number {
  const db = new Database(path.join(server.dataDir, "app.sqlite"), { readonly: true });
  try {
    return (db.prepare(sql).get(...values) as { n: number }).n;
  } finally {
    db.close();
  }
}

const call = (pathname: string, body: object, key?: string) =>
  request(server.port, {
    method: "POST",
    path: pathname,
    headers: { "Content-Type": "application/json", ...(key ? { "Idempotency-Key": key } : {}) },
    body: JSON.stringify(body),
  });

test("a JSON call sent again with its Idempotency-Key gets the first answer; nothing is stored or mailed twice", async () => {
  const body = {
    flowType: "RIGHT_OF_ACCESS",
    email: "opnieuw@veldhaven-test.nl",
    userMessage: "Welke gegevens hebben jullie?",
  };
  const key = '"0b6c5f1e-2f7a-4c55-9d38-6f1b7c0e2a91"';
  // A client that did not hear the answer sends again, some of them at once.
  const answers = [
    await call("/api/privacy-rights/request", body, key),
    ...(await Promise.all([1, 2, 3].map(() => call("/api/privacy-rights/request", body, key)))),
  ];
  for (const answer of answers) {
    expect(answer.status).toBe(201);
    expect(answer.body).toBe(answers[0].body);
  }
  expect(count("select count(*) as n from privacy_request where email = ?", body.email)).toBe(1);
  expect(count("select count(*) as n from outbox where recipient = ?", body.email)).toBe(1);

  // The same key with another body is refused, and stores nothing.
  const changed = await call("/api/privacy-rights/request", { ...body, userMessage: "Iets anders" }, key);
  expect(changed.status).toBe(422);
  expect(JSON.parse(changed.body).error).toBe("IDEMPOTENCY_KEY_REUSED");
  expect(count("select count(*) as n from privacy_request where email = ?", body.email)).toBe(1);

  // Without a key, each call is a submission of its own.
  expect((await call("/api/privacy-rights/request", body)).status).toBe(201);
  expect(count("select count(*) as n from privacy_request where email = ?", body.email)).toBe(2);
});

test("the contact and report calls take an Idempotency-Key too; a malformed key is a 400", async () => {
  const contact = {
    name: "Lotte",
    email: "lotte-sleutel@veldhaven-test.nl",
    question: "Hoe lang bewaren jullie mijn gegevens?",
  };
  const first = await call("/api/contact?locale=nl_nl", contact, "contact-retry-1");
  const again = await call("/api/contact?locale=nl_nl", contact, "contact-retry-1");
  expect([first.status, again.status]).toEqual([201, 201]);
  expect(again.body).toBe(first.body);
  expect(count("select count(*) as n from contact_message where email = ?", contact.email)).toBe(1);
  // The key belongs to the call: the same key for the same body on another locale is another request.
  expect((await call("/api/contact?locale=nl_nl", contact, "x".repeat(256))).status).toBe(400);
  expect((await call("/api/contact?locale=nl_nl", contact, "bad key")).status).toBe(400);
});

test("a form posted twice from one page stores one request and shows the same result", async () => {
  const page = await request(server.port, { path: "/nl/privacy-rights/access" });
  const submission = /name="submission" value="([^"]+)"/.exec(page.body)?.[1];
  expect(submission).toMatch(/^[0-9a-f-]{36}$/);
  const formId = /name="form" value="([^"]+)"/.exec(page.body)?.[1];
  const form = new URLSearchParams({
    form: formId!,
    submission: submission!,
    email: "dubbel@veldhaven-test.nl",
    userMessage: "",
    website: "",
  });
  const post = () =>
    request(server.port, {
      method: "POST",
      path: "/nl/privacy-rights/access",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: `http://nl.localhost:${server.port}` },
      body: form.toString(),
    });
  const [first, second] = await Promise.all([post(), post()]);
  const third = await post();
  for (const answer of [first, second, third]) {
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe("/nl/privacy-rights/processed");
  }
  expect(count("select count(*) as n from privacy_request where email = ?", "dubbel@veldhaven-test.nl")).toBe(1);
  expect(count("select count(*) as n from outbox where recipient = ?", "dubbel@veldhaven-test.nl")).toBe(1);

  // The same page with something changed is a new request.
  form.set("userMessage", "Ook mijn abonnementsgegevens graag.");
  expect((await post()).status).toBe(302);
  expect(count("select count(*) as n from privacy_request where email = ?", "dubbel@veldhaven-test.nl")).toBe(2);
});
