/**
 * A system answers an export task (data portability) with the person's
 * data: JSON `data`, kept as `<system>.json`, or files that each parse as
 * JSON. Anything else is refused with the field that is wrong and nothing is
 * kept: data that is not a JSON object or array, a file that is not JSON
 * (also one whose first megabyte looks fine), `done` without data, and data
 * on a task that does not ask for it.
 */
import { createHash, randomUUID } from "node:crypto";

import { beforeEach, expect, it } from "vitest";

import type { SystemAction } from "~/domain/rights";
import { action as answerCall } from "~/routes/api/systems.tasks";
import { readFile } from "~/services/privacy-request/file-store.server";
import { submitPrivacyRequest } from "~/services/privacy-request/record.server";
import { singleton } from "~/utils/singleton.server";

import { describeEachDatabase, type DatabaseFixture } from "../../../tests/setup/unit-database";
import { useTestConfig, useTestDatabaseAsProcessDatabase } from "../../../tests/setup/unit-process";

const TOKEN = "vhs_".padEnd(40, "e");

/** A verified request of `flowType` with an open webhook task of the system `crm` asking `action`. */
async function openTask(database: DatabaseFixture, flowType: string, action: SystemAction) {
  const site = { country: "nl", locale: "nl_nl", language: "nl" } as const;
  const outcome = await submitPrivacyRequest(
    { flowType, email: "pakket@veldhaven-test.nl", details: { delivery: "PERSON" } } as never,
    site,
    { requestOrigin: "http://nl.localhost", clientIp: "192.0.2.51", db: database.db },
  );
  if (outcome.status !== "accepted") throw new Error("not accepted");
  const now = new Date().toISOString();
  await database.db
    .insertInto("data_system")
    .values({
      id: "crm",
      name: "CRM",
      rights: flowType,
      countries: "nl",
      channel: "webhook",
      webhook_url: "https://systems.example/hooks",
      callback_token_hash: createHash("sha256").update(TOKEN).digest("hex"),
      active: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const task = randomUUID();
  await database.db
    .insertInto("system_task")
    .values({
      id: task,
      request_id: outcome.id,
      system_id: "crm",
      action,
      channel: "webhook",
      state: "OPEN",
      created_at: now,
    })
    .execute();
  return { requestId: outcome.id, task };
}

async function call(task: string, body: BodyInit, headers: Record<string, string> = {}) {
  const request = new Request(`http://nl.localhost/api/systems/crm/tasks/${task}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${TOKEN}`, ...headers },
    body,
  });
  const answer = (await answerCall({
    request,
    params: { system: "crm", task },
    context: undefined,
  } as unknown as Parameters<typeof answerCall>[0])) as Response;
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

const json = (task: string, body: unknown) => call(task, JSON.stringify(body), { "Content-Type": "application/json" });

function multipart(task: string, status: string, files: Array<{ name: string; text: string }>) {
  const body = new FormData();
  body.set("status", status);
  for (const file of files) body.append("file", new File([file.text], file.name, { type: "application/json" }));
  return call(task, body);
}

describeEachDatabase("a system's answer to an export task on $name", (database) => {
  useTestConfig();
  useTestDatabaseAsProcessDatabase(database);
  beforeEach(() => singleton<unknown>("submission-limiters").set(undefined));

  /** The request's kept files (name, type, text) and its task's state. */
  const kept = async (requestId: string) => {
    const files = await database.db
      .selectFrom("request_file")
      .select(["id", "name", "media_type", "chunk_count", "key_id"])
      .where("request_id", "=", requestId)
      .orderBy("name")
      .execute();
    const texts = [];
    for (const file of files) {
      const chunks: Uint8Array[] = [];
      for await (const chunk of readFile(database.db, file)) chunks.push(chunk);
      texts.push({ name: file.name, type: file.media_type, text: Buffer.concat(chunks).toString("utf8") });
    }
    const task = await database.db
      .selectFrom("system_task")
      .select("state")
      .where("request_id", "=", requestId)
      .executeTakeFirstOrThrow();
    return { files: texts, task: task.state };
  };

  it("keeps JSON `data` as <system>.json, the data as given, and the task is done", async () => {
    const { requestId, task } = await openTask(database, "DATA_PORTABILITY", "export");
    const data = { subscriptions: [{ title: "Dagblad Oost", since: "2019-02-01" }], newsletter: true };
    expect(await json(task, { status: "done", data })).toEqual({
      status: 200,
      body: { taskId: task, state: "DONE", files: 1 },
    });
    const { files, task: state } = await kept(requestId);
    expect(state).toBe("DONE");
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ name: "crm.json", type: "application/json" });
    expect(JSON.parse(files[0].text)).toEqual(data);
  });

  it("takes JSON files as parts named `file`, named after the system", async () => {
    const { requestId, task } = await openTask(database, "DATA_PORTABILITY", "export");
    const answer = await multipart(task, "done", [
      { name: "orders.json", text: '[{"order":1}]' },
      { name: "profile.json", text: '{"name":"An"}' },
    ]);
    expect(answer).toEqual({ status: 200, body: { taskId: task, state: "DONE", files: 2 } });
    expect((await kept(requestId)).files.map((file) => [file.name, file.text])).toEqual([
      ["crm-2.json", '{"name":"An"}'],
      ["crm.json", '[{"order":1}]'],
    ]);
  });

  it("refuses `data` that is not a JSON object or array, and keeps nothing", async () => {
    const { requestId, task } = await openTask(database, "DATA_PORTABILITY", "export");
    expect(await json(task, { status: "done", data: "<html>klantgegevens</html>" })).toMatchObject({
      status: 400,
      body: { error: "VALIDATION", fields: { data: ["'data' must be a JSON object or array."] } },
    });
    expect(await kept(requestId)).toEqual({ files: [], task: "OPEN" });
  });

  it("refuses a file that is not JSON, even one whose first megabyte is, and keeps none of the post", async () => {
    const { requestId, task } = await openTask(database, "DATA_PORTABILITY", "export");
    const cut = `{"history":[${'"gelezen artikel",'.repeat(90_000)}`;
    expect(cut.length).toBeGreaterThan(1024 * 1024);
    const answer = await multipart(task, "done", [
      { name: "orders.json", text: "[]" },
      { name: "history.json", text: cut },
    ]);
    expect(answer).toMatchObject({
      status: 400,
      body: { error: "VALIDATION", fields: { file: [expect.stringContaining("history.json is not JSON")] } },
    });
    expect(await kept(requestId)).toEqual({ files: [], task: "OPEN" });
    const csv = await multipart(task, "done", [{ name: "export.json", text: "naam;e-mail\nAn;an@example.nl\n" }]);
    expect(csv.body).toMatchObject({ fields: { file: [expect.stringContaining("export.json is not JSON")] } });
    expect(await kept(requestId)).toEqual({ files: [], task: "OPEN" });
  });

  it("refuses `done` without data: the system answers `no-data` when it holds nothing", async () => {
    const { requestId, task } = await openTask(database, "DATA_PORTABILITY", "export");
    expect(await json(task, { status: "done" })).toMatchObject({
      status: 400,
      body: { error: "VALIDATION", fields: { data: [expect.stringContaining("Answer 'no-data'")] } },
    });
    expect(await kept(requestId)).toEqual({ files: [], task: "OPEN" });
    expect(await json(task, { status: "no-data" })).toEqual({
      status: 200,
      body: { taskId: task, state: "NO_DATA", files: 0 },
    });
  });

  it("refuses `data` on a task that does not ask for it, and keeps nothing", async () => {
    const { requestId, task } = await openTask(database, "RIGHT_OF_ACCESS", "access");
    expect(await json(task, { status: "done", data: { name: "An" } })).toMatchObject({
      status: 400,
      body: {
        error: "VALIDATION",
        fields: { data: [expect.stringContaining("only with the answer to an export task")] },
      },
    });
    expect(await kept(requestId)).toEqual({ files: [], task: "OPEN" });
  });

  it("answers a second answer with 409 and another system's token with 401, keeping nothing more", async () => {
    const { requestId, task } = await openTask(database, "DATA_PORTABILITY", "export");
    expect((await json(task, { status: "done", data: [] })).status).toBe(200);
    expect(await json(task, { status: "done", data: [{ again: true }] })).toMatchObject({
      status: 409,
      body: { error: "ALREADY_ANSWERED" },
    });
    const wrong = await call(task, JSON.stringify({ status: "done", data: [] }), {
      "Content-Type": "application/json",
      Authorization: `Bearer ${"vhs_".padEnd(40, "x")}`,
    });
    expect(wrong.status).toBe(401);
    expect((await kept(requestId)).files.map((file) => file.name)).toEqual(["crm.json"]);
  });
});
