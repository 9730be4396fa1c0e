/**
 * The files a system sends with its answer to an access task: at most ten,
 * each a part named `file`. A post with more, or with a file under any other
 * name, is refused (400, `fields`) and nothing of it is kept: no file, and
 * the task stays open for a corrected answer.
 */
import { createHash, randomUUID } from "node:crypto";

import { beforeEach, expect, it } from "vitest";

import { action as answerCall } from "~/routes/api/systems.tasks";
import { submitPrivacyRequest } from "~/services/privacy-request/record.server";
import { singleton } from "~/utils/singleton.server";

import { describeEachDatabase, type DatabaseFixture } from "../../../tests/setup/unit-database";
import { useTestConfig, useTestDatabaseAsProcessDatabase } from "../../../tests/setup/unit-process";

const TOKEN = "vhs_".padEnd(40, "f");
const PDF = "%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n";

/** An access request with an open webhook task of a system that holds `TOKEN`. */
async function openAccessTask(database: DatabaseFixture) {
  const site = { country: "nl", locale: "nl_nl", language: "nl" } as const;
  const outcome = await submitPrivacyRequest(
    { flowType: "RIGHT_OF_ACCESS", email: "bestanden@veldhaven-test.nl" },
    site,
    { requestOrigin: "http://nl.localhost", clientIp: "192.0.2.41", db: database.db },
  );
  if (outcome.status !== "accepted") throw new Error("not accepted");
  const now = new Date().toISOString();
  const tokenHash = createHash("sha256").update(TOKEN).digest("hex");
  await database.db
    .insertInto("data_system")
    .values({
      id: "crm",
      name: "CRM",
      rights: "RIGHT_OF_ACCESS",
      countries: "nl",
      channel: "webhook",
      webhook_url: "https://systems.example/hooks",
      callback_token_hash: tokenHash,
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
      action: "access",
      channel: "webhook",
      state: "OPEN",
      created_at: now,
    })
    .execute();
  return { requestId: outcome.id, task };
}

/** The system's multipart answer `done` with a PDF for each of `files`, as the call answers it. */
async function post(task: string, files: Array<{ field: string; name: string }>) {
  const body = new FormData();
  body.set("status", "done");
  for (const file of files) body.append(file.field, new File([PDF], file.name, { type: "application/pdf" }));
  const request = new Request(`http://nl.localhost/api/systems/crm/tasks/${task}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${TOKEN}` },
    body,
  });
  const answer = (await answerCall({
    request,
    params: { system: "crm", task },
    context: undefined,
  } as unknown as Parameters<typeof answerCall>[0])) as Response;
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

const pdfs = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ field: "file", name: `export-${index + 1}.pdf` }));

describeEachDatabase("a system's answer files on $name", (database) => {
  useTestConfig();
  useTestDatabaseAsProcessDatabase(database);
  // The process's submission limits are made again, on this test's database.
  beforeEach(() => singleton<unknown>("submission-limiters").set(undefined));

  const kept = async (requestId: string) => {
    const files = await database.db
      .selectFrom("request_file")
      .select("name")
      .where("request_id", "=", requestId)
      .execute();
    const task = await database.db
      .selectFrom("system_task")
      .select("state")
      .where("request_id", "=", requestId)
      .executeTakeFirstOrThrow();
    return { files: files.length, task: task.state };
  };

  it("refuses eleven files and keeps none; the task stays open", async () => {
    const { requestId, task } = await openAccessTask(database);
    expect(await post(task, pdfs(11))).toMatchObject({
      status: 400,
      body: { error: "VALIDATION", fields: { file: [expect.stringContaining("at most 10 files")] } },
    });
    expect(await kept(requestId)).toEqual({ files: 0, task: "OPEN" });
  });

  it("refuses a file under another name than `file` and keeps none, not even those under `file`", async () => {
    const { requestId, task } = await openAccessTask(database);
    const answer = await post(task, [...pdfs(1), { field: "attachment", name: "bijlage.pdf" }]);
    expect(answer).toMatchObject({
      status: 400,
      body: { error: "VALIDATION", fields: { attachment: [expect.stringContaining("`file`")] } },
    });
    expect(await kept(requestId)).toEqual({ files: 0, task: "OPEN" });
  });

  it("takes ten files under `file`", async () => {
    const { requestId, task } = await openAccessTask(database);
    expect(await post(task, pdfs(10))).toEqual({ status: 200, body: { taskId: task, state: "DONE", files: 10 } });
    expect(await kept(requestId)).toEqual({ files: 10, task: "DONE" });
  });
});
