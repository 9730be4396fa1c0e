/**
 * The contact of a system without an API answers an export task on the
 * task page: "done" with the person's data as a JSON file, kept as
 * `<system>.json`. Without a file, with a file that is not JSON, or with a
 * file and another answer, the form comes back with the file field's error,
 * nothing is kept and the task stays open.
 */
import { randomUUID } from "node:crypto";

import { beforeEach, expect, it } from "vitest";

import { hashToken, newLinkToken } from "~/services/privacy-request/link-tokens.server";
import { submitPrivacyRequest } from "~/services/privacy-request/record.server";
import { emailTaskTarget } from "~/services/systems/email-tasks.server";
import { singleton } from "~/utils/singleton.server";

import { describeEachDatabase, type DatabaseFixture } from "../../../tests/setup/unit-database";
import { useTestConfig, useTestDatabaseAsProcessDatabase } from "../../../tests/setup/unit-process";
import { answerExportTask } from "./system-task-export.server";

/** A portability request with an open e-mail task of the system `print`, and the contact's link token. */
async function exportTask(database: DatabaseFixture) {
  const outcome = await submitPrivacyRequest(
    { flowType: "DATA_PORTABILITY", email: "drukker@veldhaven-test.nl", details: { delivery: "PERSON" } } as never,
    { country: "nl", locale: "nl_nl", language: "nl" },
    { requestOrigin: "http://nl.localhost", clientIp: "192.0.2.81", db: database.db },
  );
  if (outcome.status !== "accepted") throw new Error("not accepted");
  const now = new Date();
  await database.db
    .insertInto("data_system")
    .values({
      id: "print",
      name: "Drukkerij Oost",
      rights: "DATA_PORTABILITY",
      countries: "nl",
      channel: "email",
      contact_email: "orders@drukkerij-example.nl",
      contact_locale: "nl_nl",
      active: 1,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .execute();
  const { token } = newLinkToken();
  await database.db
    .insertInto("system_task")
    .values({
      id: randomUUID(),
      request_id: outcome.id,
      system_id: "print",
      action: "export",
      channel: "email",
      state: "OPEN",
      contact_email: "orders@drukkerij-example.nl",
      link_token_hash: hashToken(token),
      link_expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
      created_at: now.toISOString(),
    })
    .execute();
  return { requestId: outcome.id, token };
}

async function post(database: DatabaseFixture, token: string, answer: string, file?: { name: string; text: string }) {
  const body = new FormData();
  body.set("form", "system-task-export");
  body.set("answer", answer);
  // As a browser sends the form: a file field left empty is a part without a name or bytes.
  body.set("file", file ? new File([file.text], file.name, { type: "application/json" }) : new File([], ""));
  const request = new Request("http://nl.localhost/nl/privacy-rights/system-task", { method: "POST", body });
  const target = await emailTaskTarget(database.db, token);
  if (!target) throw new Error("no open task");
  const outcome = await answerExportTask(request, database.db, token, target);
  if (outcome.status !== "invalid") return { status: outcome.status };
  const { result } = outcome.response.data as { result: { error?: Record<string, string[]> } };
  return { status: "invalid", errors: result.error };
}

describeEachDatabase("an export task answered on the task page on $name", (database) => {
  useTestConfig();
  useTestDatabaseAsProcessDatabase(database);
  beforeEach(() => singleton<unknown>("submission-limiters").set(undefined));

  const state = async (requestId: string) => {
    const task = await database.db
      .selectFrom("system_task")
      .select(["state", "reason"])
      .where("request_id", "=", requestId)
      .executeTakeFirstOrThrow();
    const files = await database.db
      .selectFrom("request_file")
      .select(["name", "media_type"])
      .where("request_id", "=", requestId)
      .execute();
    return { ...task, files: files.map((file) => `${file.name} ${file.media_type}`) };
  };

  it("keeps the contact's JSON file as <system>.json and answers the task", async () => {
    const { requestId, token } = await exportTask(database);
    expect(await post(database, token, "done", { name: "export klant 12.json", text: '{"abonnee":true}' })).toEqual({
      status: "answered",
    });
    expect(await state(requestId)).toEqual({
      state: "DONE",
      reason: "1 file(s)",
      files: ["print.json application/json"],
    });
  });

  it("asks for the file with 'done', refuses one that is not JSON, and one with another answer; nothing is kept", async () => {
    const { requestId, token } = await exportTask(database);
    expect(await post(database, token, "done")).toEqual({
      status: "invalid",
      errors: { file: ["privacyRights.systemTask.export.missing"] },
    });
    expect(
      await post(database, token, "done", { name: "klant.json", text: "naam;e-mail\nAn;an@example.nl\n" }),
    ).toEqual({ status: "invalid", errors: { file: ["privacyRights.systemTask.export.notJson"] } });
    expect(await post(database, token, "no-data", { name: "klant.json", text: "{}" })).toEqual({
      status: "invalid",
      errors: { file: ["privacyRights.systemTask.export.onlyWhenDone"] },
    });
    expect(await state(requestId)).toEqual({ state: "OPEN", reason: null, files: [] });
    expect(await post(database, token, "no-data")).toEqual({ status: "answered" });
    expect(await state(requestId)).toMatchObject({ state: "NO_DATA", files: [] });
  });
});
