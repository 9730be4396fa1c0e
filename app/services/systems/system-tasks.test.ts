/**
 * A verified request fans out to the systems that take part in its
 * right and country; each webhook is signed as Standard Webhooks says (the
 * receiver here verifies with the reference package), retried with the same
 * `webhook-id` until accepted, and answered by the system's callback once.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import pino from "pino";
import { Webhook } from "standardwebhooks";
import { expect, it } from "vitest";

import { completeRequest, startHandling } from "~/services/privacy-request/back-office.server";
import { runDailyDigest } from "~/services/privacy-request/daily-digest.server";
import { confirmVerification } from "~/services/privacy-request/email-verification.server";
import { submitPrivacyRequest } from "~/services/privacy-request/record.server";
import { answerByContact, openEmailTask, reassignContact } from "~/services/systems/email-tasks.server";
import { saveSystems } from "~/services/systems/register.server";
import { overdueTasks } from "~/services/systems/request-tasks.server";
import { answerBySystem } from "~/services/systems/task-answers.server";
import { startWebhookWorker } from "~/services/systems/webhook-worker.server";
import { dataSystemSchema, type DataSystemInput } from "~/validation/data-system";

import { describeEachDatabase, type DatabaseFixture } from "../../../tests/setup/unit-database";
import { webhookReceiver } from "../../../tests/setup/webhook-receiver";

process.env.EMAIL_DOMAIN_CHECK = "false";
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "system-tasks-config-"));
process.env.PRIVACY_RATE_LIMIT_PER_HOUR = "100000";
process.env.RATE_LIMIT_PER_HOUR = "100000";
process.env.TARGET_LIMIT_PER_HOUR = "1000";
// The receivers listen on 127.0.0.1.
process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "1";

const SITE = { country: "nl", locale: "nl_nl", language: "nl" } as const;
const OFFICER = { email: "officer@veldhavenmedia.nl" };
const SECRET = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
const TOKEN = "vhs_".padEnd(40, "k");
const logger = pino({ level: "silent" });

const system = (input: DataSystemInput) => dataSystemSchema.parse(input);

async function openErasure(database: DatabaseFixture, email: string) {
  const outcome = await submitPrivacyRequest(
    { flowType: "RIGHT_TO_BE_FORGOTTEN", email, phoneNumber: "+31612345678" },
    SITE,
    { requestOrigin: "http://nl.localhost", clientIp: "192.0.2.20", db: database.db },
  );
  if (outcome.status !== "accepted") throw new Error("not accepted");
  await database.db
    .updateTable("privacy_request")
    .set({
      state: "OPEN",
      verified_at: new Date().toISOString(),
      due_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    })
    .where("id", "=", outcome.id)
    .execute();
  return outcome;
}

const tasksOf = (database: DatabaseFixture, requestId: string) =>
  database.db.selectFrom("system_task").selectAll().where("request_id", "=", requestId).orderBy("system_id").execute();

describeEachDatabase("system tasks on $name", (database) => {
  it("gives a task to each system of the right and country, delivers it signed, retries with the same id, and takes the answer once", async () => {
    const flaky = await webhookReceiver(SECRET, { statuses: [500, 500] });
    await saveSystems(database.db, [
      system({
        id: "crm",
        name: "CRM",
        rights: ["RIGHT_TO_BE_FORGOTTEN", "RIGHT_OF_ACCESS"],
        countries: ["nl", "be"],
        channel: "webhook",
        webhookUrl: flaky.url,
        secret: SECRET,
        callbackToken: TOKEN,
      }),
      system({
        id: "print-desk",
        name: "Drukkerij",
        rights: ["RIGHT_TO_BE_FORGOTTEN"],
        countries: ["nl"],
        channel: "manual",
      }),
      system({
        id: "be-only",
        name: "Belgisch archief",
        rights: ["RIGHT_TO_BE_FORGOTTEN"],
        countries: ["be"],
        channel: "manual",
      }),
      system({ id: "access-only", name: "Inzage", rights: ["RIGHT_OF_ACCESS"], countries: ["nl"], channel: "manual" }),
    ]);
    const request = await openErasure(database, "noor@veldhaven-test.nl");
    expect(await startHandling(database.db, request.reference, OFFICER, "", new Date())).toEqual({ status: "done" });
    const tasks = await tasksOf(database, request.id);
    expect(tasks.map((task) => [task.system_id, task.state])).toEqual([
      ["crm", "OPEN"],
      ["print-desk", "OPEN"],
    ]);

    const worker = startWebhookWorker(database.handle, { logger, intervalMs: 50 });
    try {
      // Two failures (HTTP 500), then accepted. The schedule's first delays are 5 s and 5 min: pull them in.
      for (let attempt = 1; attempt <= 2; attempt++) {
        await expect.poll(() => flaky.deliveries.length, { timeout: 10_000 }).toBe(attempt);
        await expect
          .poll(
            async () =>
              (await database.db.selectFrom("webhook_delivery").select("attempts").executeTakeFirstOrThrow()).attempts,
          )
          .toBe(attempt);
        await database.db
          .updateTable("webhook_delivery")
          .set({ next_attempt_at: new Date(0).toISOString() })
          .execute();
      }
      await expect.poll(() => flaky.deliveries.length, { timeout: 10_000 }).toBe(3);
      await expect
        .poll(
          async () => (await database.db.selectFrom("webhook_delivery").selectAll().executeTakeFirstOrThrow()).status,
        )
        .toBe("delivered");
    } finally {
      await worker.stop();
      await flaky.close();
    }
    expect(flaky.problems()).toEqual([]);
    expect(new Set(flaky.deliveries.map((delivery) => delivery.id)).size).toBe(1);
    const { data } = flaky.deliveries[0];
    expect(flaky.deliveries[0].body.type).toBe("privacy_request.task.created");
    expect(data).toMatchObject({
      taskId: tasks[0].id,
      reference: request.reference,
      right: "RIGHT_TO_BE_FORGOTTEN",
      action: "erase",
      country: "NL",
      subject: { email: "noor@veldhaven-test.nl", phoneNumber: "+31612345678" },
    });
    expect(data.callbackUrl).toMatch(new RegExp(`/api/systems/crm/tasks/${tasks[0].id}$`));

    const answer = (call: Partial<Parameters<typeof answerBySystem>[1]>) =>
      answerBySystem(database.db, { systemId: "crm", taskId: tasks[0].id, token: TOKEN, answer: "done", ...call });
    expect(await answer({ token: "vhs_wrong".padEnd(40, "x") })).toEqual({ status: "unauthorized" });
    expect(await answer({ systemId: "print-desk" })).toEqual({ status: "unauthorized" });
    expect(await answer({ taskId: tasks[1].id })).toEqual({ status: "not-found" });
    expect(await answer({})).toEqual({ status: "answered", state: "DONE" });
    expect(await answer({ answer: "failed", reason: "x" })).toEqual({ status: "already-answered", state: "DONE" });
    const trail = await database.db
      .selectFrom("audit_event")
      .select(["action", "note"])
      .where("request_id", "=", request.id)
      .orderBy("seq")
      .execute();
    expect(trail.map((event) => event.action)).toEqual(["SUBMITTED", "STARTED", "TASKS_CREATED", "TASK_ANSWERED"]);
    expect(trail.at(-1)!.note).toBe("crm: DONE");
  });

  it("tells the marketing systems of an objection when it is verified, and only once", async () => {
    await saveSystems(database.db, [
      system({ id: "newsletters", name: "Nieuwsbrieven", rights: ["OBJECTION"], countries: ["nl"], channel: "manual" }),
    ]);
    const outcome = await submitPrivacyRequest(
      { flowType: "OBJECTION", brands: ["a1"], email: "ruben@veldhaven-test.nl" },
      SITE,
      { requestOrigin: "http://nl.localhost", clientIp: "192.0.2.21", db: database.db },
    );
    if (outcome.status !== "accepted") throw new Error("not accepted");
    expect(await tasksOf(database, outcome.id)).toHaveLength(0);
    const mail = await database.db
      .selectFrom("outbox")
      .select("text_body")
      .where("kind", "=", "privacy-verification")
      .executeTakeFirstOrThrow();
    const token = /token=([\w-]+)/.exec(mail.text_body)![1];
    expect((await confirmVerification(token, { db: database.db })).status).toBe("verified");
    expect((await confirmVerification(token, { db: database.db })).status).toBe("already-verified");
    expect((await tasksOf(database, outcome.id)).map((task) => task.system_id)).toEqual(["newsletters"]);
    // Recorded by phone, without e-mail: carried out at once, and so told at once.
    const byPhone = await submitPrivacyRequest(
      { flowType: "OBJECTION", brands: ["a1"], phoneNumber: "+31612340001" },
      SITE,
      { requestOrigin: "http://nl.localhost", clientIp: "192.0.2.21", db: database.db },
    );
    if (byPhone.status !== "accepted") throw new Error("not accepted");
    expect((await tasksOf(database, byPhone.id)).map((task) => task.system_id)).toEqual(["newsletters"]);
  });

  it("mails an e-mail system's contact a single-use link in their language, and a new contact's link replaces it", async () => {
    await saveSystems(database.db, [
      system({
        id: "print",
        name: "Drukkerij Oost",
        rights: ["RIGHT_TO_BE_FORGOTTEN"],
        countries: ["nl"],
        channel: "email",
        contactEmail: "orders@drukkerij-example.nl",
        contactLocale: "fr_be",
      }),
    ]);
    const request = await openErasure(database, "sanne@veldhaven-test.nl");
    await startHandling(database.db, request.reference, OFFICER, "", new Date());
    const mail = await database.db
      .selectFrom("outbox")
      .selectAll()
      .where("kind", "=", "system-task")
      .executeTakeFirstOrThrow();
    expect(mail.recipient).toBe("orders@drukkerij-example.nl");
    expect(mail.subject).toContain("action requise");
    // The person is not in the mail: only on the page behind the link.
    expect(mail.text_body).not.toContain("sanne@");
    const link = /(http\S+system-task\?token=([\w-]+))/.exec(mail.text_body)!;
    expect(link[1]).toMatch(/^http:\/\/nl\.localhost:\d+\/fr\/privacy-rights\/system-task\?token=/);
    const token = link[2];
    const view = await openEmailTask(database.db, token);
    expect(view).toMatchObject({
      system: "Drukkerij Oost",
      reference: request.reference,
      subject: { email: "sanne@veldhaven-test.nl", phoneNumber: "+31612345678" },
    });
    // Opening the page twice changes nothing.
    expect(await openEmailTask(database.db, token)).toEqual(view);

    const [task] = await tasksOf(database, request.id);
    expect(
      await reassignContact(database.db, request.reference, task.id, OFFICER, {
        email: "planning@drukkerij-example.nl",
        locale: "nl_nl",
      }),
    ).toEqual({ status: "done" });
    expect(await openEmailTask(database.db, token)).toBeNull();
    expect(await answerByContact(database.db, token, { answer: "done" })).toBe("gone");
    const second = await database.db
      .selectFrom("outbox")
      .select("text_body")
      .where("recipient", "=", "planning@drukkerij-example.nl")
      .executeTakeFirstOrThrow();
    const newToken = /system-task\?token=([\w-]+)/.exec(second.text_body)![1];
    expect(await answerByContact(database.db, newToken, { answer: "no-data", note: "Niet in ons bestand." })).toBe(
      "answered",
    );
    expect(await answerByContact(database.db, newToken, { answer: "done" })).toBe("gone");
    expect((await tasksOf(database, request.id))[0]).toMatchObject({
      state: "NO_DATA",
      reason: "Niet in ons bestand.",
      answered_by: "planning@drukkerij-example.nl",
    });
  });

  it("refuses to complete a request while a system has not answered, unless the officer says why", async () => {
    await saveSystems(database.db, [
      system({ id: "desk", name: "Balie", rights: ["RIGHT_TO_BE_FORGOTTEN"], countries: ["nl"], channel: "manual" }),
    ]);
    const request = await openErasure(database, "ilse@veldhaven-test.nl");
    await startHandling(database.db, request.reference, OFFICER, "", new Date());
    expect(await completeRequest(database.db, request.reference, OFFICER, "Klaar.")).toEqual({
      status: "invalid",
      fieldErrors: { openTasksReason: ["backOffice.tasks.stillOpen|1"] },
    });
    expect(
      (
        await database.db
          .selectFrom("privacy_request")
          .select("state")
          .where("id", "=", request.id)
          .executeTakeFirstOrThrow()
      ).state,
    ).toBe("IN_PROGRESS");
    expect(
      await completeRequest(
        database.db,
        request.reference,
        OFFICER,
        "Klaar.",
        new Date(),
        "De balie is gesloten; gecontroleerd per telefoon.",
      ),
    ).toEqual({ status: "done" });
    expect((await tasksOf(database, request.id))[0]).toMatchObject({
      state: "CLOSED_BY_STAFF",
      reason: "De balie is gesloten; gecontroleerd per telefoon.",
      answered_by: OFFICER.email,
    });
  });

  it("lists a system that has not answered five days before the due date in the team's daily digest", async () => {
    await saveSystems(database.db, [
      system({
        id: "desk",
        name: "Balie Noord",
        rights: ["RIGHT_TO_BE_FORGOTTEN"],
        countries: ["nl"],
        channel: "manual",
      }),
    ]);
    const late = await openErasure(database, "laat@veldhaven-test.nl");
    const early = await openErasure(database, "vroeg@veldhaven-test.nl");
    const now = new Date();
    await database.db
      .updateTable("privacy_request")
      .set({ due_at: new Date(now.getTime() + 4 * 86_400_000).toISOString() })
      .where("id", "=", late.id)
      .execute();
    await database.db
      .updateTable("privacy_request")
      .set({ due_at: new Date(now.getTime() + 6 * 86_400_000).toISOString() })
      .where("id", "=", early.id)
      .execute();
    for (const request of [late, early]) await startHandling(database.db, request.reference, OFFICER, "", now);
    expect((await overdueTasks(database.db, now)).map((task) => task.reference)).toEqual([late.reference]);
    expect(await runDailyDigest(database.db, { now, force: true })).toBe(1);
    const digest = await database.db
      .selectFrom("outbox")
      .select("text_body")
      .where("kind", "=", "privacy-digest")
      .executeTakeFirstOrThrow();
    expect(digest.text_body).toContain(`${late.reference}: Balie Noord`);
    expect(digest.text_body).not.toContain(`${early.reference}: Balie Noord`);
  });
});

it("signs so that a Standard Webhooks receiver accepts the delivery as sent and rejects it with its body or timestamp altered", async () => {
  const { signWebhook } = await import("~/services/systems/webhook-signature.server");
  const verifier = new Webhook(SECRET);
  const body = JSON.stringify({ type: "privacy_request.task.created", data: { reference: "PR-1" } });
  const headers = signWebhook(SECRET, "msg_test", new Date(), body);
  expect(verifier.verify(body, headers)).toEqual(JSON.parse(body));
  expect(() => verifier.verify(body.replace("PR-1", "PR-2"), headers)).toThrow();
  expect(() =>
    verifier.verify(body, { ...headers, "webhook-timestamp": String(Number(headers["webhook-timestamp"]) - 1) }),
  ).toThrow();
  expect(() => verifier.verify(body, { ...headers, "webhook-id": "msg_other" })).toThrow();
  // A delivery signed long ago (a replay) is refused too.
  const old = signWebhook(SECRET, "msg_test", new Date(Date.now() - 3_600_000), body);
  expect(() => verifier.verify(body, old)).toThrow();
});
