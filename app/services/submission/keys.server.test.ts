import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { expect, it } from "vitest";

import { submitPrivacyRequest } from "~/services/privacy-request/record.server";
import {
  deleteExpiredSubmissionKeys,
  earlierSubmission,
  fingerprintOf,
  storeOnce,
  type SubmissionKey,
} from "~/services/submission/keys.server";

import { describeEachDatabase } from "../../../tests/setup/unit-database";

process.env.EMAIL_DOMAIN_CHECK = "false";
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "submission-keys-config-"));

const NOW = new Date("2026-11-23T10:00:00Z");
const HOUR = 3_600_000;
const key = (fingerprint = "body-1", value = "8e03978e-40d5-43e8-bc93-6894a57f9324"): SubmissionKey => ({
  scope: "call:/api/contact:nl",
  key: value,
  fingerprint,
});

describeEachDatabase("submissions recognised on $name", (database) => {
  const db = () => database.db;
  const storeMessage = (id: string) => async (trx: Parameters<Parameters<typeof storeOnce>[3]>[0]) => {
    await trx
      .insertInto("contact_message")
      .values({
        id,
        name: "Lotte",
        email: "lotte@veldhaven-test.nl",
        question: "Vraag",
        locale: "nl_nl",
        country: "nl",
        created_at: NOW.toISOString(),
      })
      .execute();
  };
  const messages = async () => (await db().selectFrom("contact_message").select("id").execute()).map((row) => row.id);

  it("stores a keyed submission once; the same key and body again get the first answer", async () => {
    expect(await storeOnce(db(), key(), { id: "first" }, storeMessage("first"), NOW)).toEqual({
      kind: "stored",
      answer: { id: "first" },
    });
    expect(
      await storeOnce(db(), key(), { id: "second" }, storeMessage("second"), new Date(NOW.getTime() + HOUR)),
    ).toEqual({
      kind: "replay",
      answer: { id: "first" },
    });
    expect(await messages()).toEqual(["first"]);
  });

  it("refuses the same key with another body, and stores nothing for it", async () => {
    await storeOnce(db(), key("body-1"), { id: "first" }, storeMessage("first"), NOW);
    expect(await storeOnce(db(), key("body-2"), { id: "second" }, storeMessage("second"), NOW)).toEqual({
      kind: "reused",
    });
    expect(await earlierSubmission(db(), key("body-2"), NOW)).toEqual({ kind: "reused" });
    expect(await messages()).toEqual(["first"]);
  });

  it("stores exactly one of many copies sent at once; every copy gets its answer", async () => {
    const copies = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        storeOnce(db(), key(), { id: `copy-${index}` }, storeMessage(`copy-${index}`), NOW),
      ),
    );
    const stored = await messages();
    expect(stored).toHaveLength(1);
    expect(copies.filter((copy) => copy.kind === "stored")).toHaveLength(1);
    for (const copy of copies) expect(copy).toMatchObject({ answer: { id: stored[0] } });
  });

  it("forgets a key after 24 hours: the retention job deletes it and the same key is a new submission", async () => {
    await storeOnce(db(), key(), { id: "first" }, storeMessage("first"), NOW);
    const dayLater = new Date(NOW.getTime() + 24 * HOUR + 1000);
    expect(await earlierSubmission(db(), key(), dayLater)).toBeNull();
    expect(await storeOnce(db(), key(), { id: "again" }, storeMessage("again"), dayLater)).toMatchObject({
      kind: "stored",
    });
    expect(await deleteExpiredSubmissionKeys(db(), new Date(dayLater.getTime() + 24 * HOUR + 1000))).toBe(1);
  });

  it("keeps neither the key nor anything of the body in clear", async () => {
    const fingerprint = fingerprintOf([["email", "lotte@veldhaven-test.nl"]]);
    await storeOnce(db(), key(fingerprint, "mijn-sleutel-123"), { id: "first" }, storeMessage("first"), NOW);
    const rows = JSON.stringify(await db().selectFrom("submission_key").selectAll().execute());
    expect(rows).not.toContain("mijn-sleutel-123");
    expect(rows).not.toContain(fingerprint);
  });

  it("a privacy request sent twice with one key is stored and mailed once, and both answers carry its reference", async () => {
    const input = { flowType: "RIGHT_OF_ACCESS" as const, email: "twee-keer@veldhaven-test.nl" };
    const site = { country: "nl", locale: "nl_nl", language: "nl" } as const;
    const options = {
      requestOrigin: "http://nl.localhost:3000",
      clientIp: "192.0.2.44",
      submission: key(fingerprintOf([["email", input.email]])),
      now: NOW,
      db: db(),
    };
    const first = await submitPrivacyRequest(input, site, options);
    const second = await submitPrivacyRequest(input, site, options);
    expect(first).toMatchObject({ status: "accepted" });
    expect(second).toEqual(first);
    expect(await db().selectFrom("privacy_request").select("id").execute()).toHaveLength(1);
    expect(await db().selectFrom("outbox").select("id").where("recipient", "=", input.email).execute()).toHaveLength(1);
  });
});

it("gives the same fingerprint to the same entries in any order, another to other values", () => {
  expect(
    fingerprintOf([
      ["a", "1"],
      ["b", "2"],
    ]),
  ).toBe(
    fingerprintOf([
      ["b", "2"],
      ["a", "1"],
    ]),
  );
  expect(
    fingerprintOf([
      ["a", "1"],
      ["b", "2"],
    ]),
  ).not.toBe(
    fingerprintOf([
      ["a", "12"],
      ["b", ""],
    ]),
  );
  expect(
    fingerprintOf([
      ["a", "1"],
      ["a", "2"],
    ]),
  ).toBe(
    fingerprintOf([
      ["a", "2"],
      ["a", "1"],
    ]),
  );
});
