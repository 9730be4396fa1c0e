/**
 * Sending the answer of a portability request: the person's delivery holds
 * one zip of the systems' JSON files with its manifest, the mail says what
 * it holds, and the files it was made of are gone (the zip carries them).
 * Without any system data nothing is sent and the officer is told why; an
 * officer's upload to such a request must be JSON.
 */
import { createHash } from "node:crypto";

import { strFromU8, unzipSync } from "fflate";
import { beforeEach, expect, it } from "vitest";

import { singleton } from "~/utils/singleton.server";

import { describeEachDatabase, type DatabaseFixture } from "../../../tests/setup/unit-database";
import { useTestConfig, useTestDatabaseAsProcessDatabase } from "../../../tests/setup/unit-process";
import { attachAnswerFile, deliverAnswer } from "./answer.server";
import { readFile } from "./file-store.server";
import { storeJsonData } from "./json-answer-files.server";
import { submitPrivacyRequest } from "./record.server";

const OFFICER = { email: "officer@veldhavenmedia.nl" };

async function portabilityInProgress(database: DatabaseFixture, flowType = "DATA_PORTABILITY") {
  const outcome = await submitPrivacyRequest(
    { flowType, email: "pakket@veldhaven-test.nl", details: { delivery: "PERSON" } } as never,
    { country: "nl", locale: "nl_nl", language: "nl" },
    { requestOrigin: "http://nl.localhost", clientIp: "192.0.2.61", db: database.db },
  );
  if (outcome.status !== "accepted") throw new Error("not accepted");
  await database.db
    .updateTable("privacy_request")
    .set({ state: "IN_PROGRESS", verified_at: new Date().toISOString() })
    .where("id", "=", outcome.id)
    .execute();
  return outcome;
}

const bytesOf = async (stream: ReadableStream<Uint8Array>) => {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
};

describeEachDatabase("a portability answer on $name", (database) => {
  useTestConfig();
  useTestDatabaseAsProcessDatabase(database);
  beforeEach(() => singleton<unknown>("submission-limiters").set(undefined));

  const files = (requestId: string) =>
    database.db
      .selectFrom("request_file")
      .select(["id", "name", "status", "media_type", "delivery_id", "chunk_count", "key_id"])
      .where("request_id", "=", requestId)
      .orderBy("name")
      .execute();

  it("delivers one zip of the systems' JSON files whose manifest matches them, and says so in the mail", async () => {
    const { id, reference } = await portabilityInProgress(database);
    const crm = { subscriptions: [{ title: "Dagblad Oost" }] };
    const newsletters = [{ list: "ochtend" }, { list: "avond" }];
    for (const [system, data] of [
      ["crm", crm],
      ["newsletters", newsletters],
    ] as const)
      await storeJsonData(database.db, {
        requestId: id,
        direction: "ANSWER",
        uploadedBy: `system:${system}`,
        filename: `${system}.json`,
        data,
      });

    expect(await deliverAnswer(database.db, reference, OFFICER, { message: "Hierbij je gegevens." })).toEqual({
      status: "done",
    });

    const after = await files(id);
    const sent = after.filter((file) => file.delivery_id);
    expect(sent.map((file) => [file.name, file.media_type])).toEqual([[`${reference}.zip`, "application/zip"]]);
    // The sources went: the zip carries them byte for byte.
    expect(after.filter((file) => !file.delivery_id).map((file) => [file.name, file.status])).toEqual([
      ["crm.json", "DELETED"],
      ["newsletters.json", "DELETED"],
    ]);
    const zip = unzipSync(await bytesOf(readFile(database.db, sent[0])));
    expect(Object.keys(zip).sort()).toEqual(["crm.json", "manifest.json", "newsletters.json"]);
    const manifest = JSON.parse(strFromU8(zip["manifest.json"])) as {
      reference: string;
      files: { name: string; sha256: string; bytes: number }[];
    };
    expect(manifest.reference).toBe(reference);
    for (const file of manifest.files) {
      expect(file.sha256).toBe(createHash("sha256").update(zip[file.name]).digest("hex"));
      expect(file.bytes).toBe(zip[file.name].byteLength);
    }
    expect(JSON.parse(strFromU8(zip["crm.json"]))).toEqual(crm);
    expect(JSON.parse(strFromU8(zip["newsletters.json"]))).toEqual(newsletters);

    const mail = await database.db
      .selectFrom("outbox")
      .select("text_body")
      .where("kind", "=", "privacy-answer")
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain("in één zip-bestand: een JSON-bestand per systeem dat gegevens over je heeft (2");
    expect(mail.text_body).toContain("manifest.json");
    const trail = await database.db
      .selectFrom("audit_event")
      .select(["action", "note"])
      .where("request_id", "=", id)
      .orderBy("seq")
      .execute();
    expect(trail.map((event) => event.action)).toEqual(expect.arrayContaining(["PACKAGE_MADE", "ANSWER_SENT"]));
  });

  it("refuses to send a package without any system's data, telling the officer, and keeps nothing", async () => {
    const { id, reference } = await portabilityInProgress(database);
    expect(await deliverAnswer(database.db, reference, OFFICER, { message: "Hierbij je gegevens." })).toEqual({
      status: "invalid",
      fieldErrors: { message: ["backOffice.portability.noData"] },
    });
    expect(await files(id)).toEqual([]);
    const row = await database.db
      .selectFrom("privacy_request")
      .select("state")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe("IN_PROGRESS");
  });

  it("takes an officer's JSON file for a package and refuses any other kind", async () => {
    await portabilityInProgress(database);
    const request = await database.db
      .selectFrom("privacy_request")
      .selectAll()
      .where("right_type", "=", "DATA_PORTABILITY")
      .executeTakeFirstOrThrow();
    const upload = (name: string, text: string) =>
      attachAnswerFile(database.db, request, OFFICER, {
        filename: name,
        bytes: (async function* () {
          yield Buffer.from(text);
        })(),
      });
    expect(await upload("abonnementen.json", '{"abonnement":"Dagblad Oost"}')).toMatchObject({ status: "stored" });
    expect(await upload("brief.pdf", "%PDF-1.4\n%%EOF\n")).toEqual({
      status: "refused",
      problem: "notJson",
      name: "brief.pdf",
    });
    expect((await files(request.id)).map((file) => file.name)).toEqual(["abonnementen.json"]);
  });
});
