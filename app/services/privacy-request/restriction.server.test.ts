/**
 * A restriction of processing (Art. 18) takes effect when an officer starts
 * it, with its `restrict` tasks; it is lifted only after the person was told
 * (Art. 18(3)): the notice is mailed first, and the lift, with its `lift`
 * tasks, waits until that very mail was sent.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import pino from "pino";
import { expect, it } from "vitest";

import type { RightType } from "~/domain/rights";
import { fileTransport } from "~/services/mail/transport.server";
import { runOutboxOnce } from "~/services/mail/worker.server";
import { completeRequest, startHandling } from "~/services/privacy-request/back-office.server";
import { submitPrivacyRequest } from "~/services/privacy-request/record.server";
import { announceLift, liftRestriction } from "~/services/privacy-request/restriction.server";
import { saveSystems } from "~/services/systems/register.server";
import { dataSystemSchema } from "~/validation/data-system";
import type { RightDetails } from "~/validation/privacy-request";

import { describeEachDatabase, type DatabaseFixture } from "../../../tests/setup/unit-database";

process.env.EMAIL_DOMAIN_CHECK = "false";
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "restriction-config-"));
process.env.PRIVACY_RATE_LIMIT_PER_HOUR = "100000";
process.env.RATE_LIMIT_PER_HOUR = "100000";
process.env.TARGET_LIMIT_PER_HOUR = "1000";
process.env.TARGET_LIMIT_PER_DAY = "10000";

const SITE = { country: "nl", locale: "nl_nl", language: "nl" } as const;
const OFFICER = { email: "officer@veldhavenmedia.nl" };
const EMAIL = "afgeschermd@veldhaven-test.nl";
const REASON = "We hebben je adres nagekeken: het klopt.";
const logger = pino({ level: "silent" });

/** Two systems hold the data the restriction is about; a third takes no part. */
async function registerSystems(database: DatabaseFixture) {
  await saveSystems(
    database.db,
    [
      { id: "crm", name: "Klantenbestand", rights: ["RESTRICTION_OF_PROCESSING", "RIGHT_OF_ACCESS"] },
      { id: "ads", name: "Advertentieprofielen", rights: ["RESTRICTION_OF_PROCESSING"] },
      { id: "archive", name: "Archief", rights: ["RIGHT_OF_ACCESS"] },
    ].map((system) => dataSystemSchema.parse({ ...system, countries: ["nl"], channel: "manual" })),
  );
}

/** What the form asks of the rights these tests make (the others ask nothing of their own). */
const DETAILS: Partial<Record<RightType, RightDetails>> = {
  RESTRICTION_OF_PROCESSING: { ground: "ACCURACY_CONTESTED", concerns: "Mijn adres in de abonnementenadministratie." },
};

/** A verified request, as the person's confirmation leaves it. */
async function openRequest(database: DatabaseFixture, flowType: RightType) {
  const outcome = await submitPrivacyRequest(
    {
      flowType,
      email: EMAIL,
      details: DETAILS[flowType],
    },
    SITE,
    { requestOrigin: "http://nl.localhost", clientIp: "192.0.2.30", db: database.db },
  );
  if (outcome.status !== "accepted") throw new Error(`not accepted: ${JSON.stringify(outcome)}`);
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

describeEachDatabase("a restriction and its lift on $name", (database) => {
  const db = () => database.db;
  const requestRow = (id: string) =>
    db().selectFrom("privacy_request").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const tasksOf = (id: string) =>
    db()
      .selectFrom("system_task")
      .select(["system_id", "action"])
      .where("request_id", "=", id)
      .orderBy("action")
      .orderBy("system_id")
      .execute();
  const noticesTo = () =>
    db()
      .selectFrom("outbox")
      .select(["id", "status", "text_body", "created_at"])
      .where("recipient", "=", EMAIL)
      .where("kind", "=", "privacy-restriction-lift")
      .orderBy("created_at")
      .execute();
  const auditActions = async (id: string) =>
    (await db().selectFrom("audit_event").select("action").where("request_id", "=", id).orderBy("seq").execute()).map(
      (event) => event.action,
    );
  /** The outbox worker's run, its mail written to files as without SMTP. */
  const sendMail = () =>
    runOutboxOnce(database.handle, fileTransport(fs.mkdtempSync(path.join(os.tmpdir(), "restriction-mail-")), logger), {
      from: "privacy@veldhavenmedia.nl",
    });

  it("takes effect when an officer starts it: restricted_at is set with the systems' restrict tasks", async () => {
    await registerSystems(database);
    const restriction = await openRequest(database, "RESTRICTION_OF_PROCESSING");
    const access = await openRequest(database, "RIGHT_OF_ACCESS");
    const now = new Date("2026-11-23T10:00:00.000Z");
    expect(await startHandling(db(), restriction.reference, OFFICER, "", now)).toEqual({ status: "done" });
    expect(await startHandling(db(), access.reference, OFFICER, "", now)).toEqual({ status: "done" });
    const row = await requestRow(restriction.id);
    expect(row.state).toBe("IN_PROGRESS");
    expect(row.restricted_at).toBe(now.toISOString());
    expect(await tasksOf(restriction.id)).toEqual([
      { system_id: "ads", action: "restrict" },
      { system_id: "crm", action: "restrict" },
    ]);
    // Only a restriction is restricted.
    expect((await requestRow(access.id)).restricted_at).toBeNull();
  });

  it("refuses to announce or lift what was never restricted, saying so, and changes nothing", async () => {
    await registerSystems(database);
    const access = await openRequest(database, "RIGHT_OF_ACCESS");
    await startHandling(db(), access.reference, OFFICER, "");
    const before = await requestRow(access.id);
    const notInForce = { status: "not-allowed", banner: "backOffice.restriction.refused.notInForce" };
    expect(await announceLift(db(), access.reference, OFFICER, REASON)).toEqual(notInForce);
    expect(await liftRestriction(db(), access.reference, OFFICER)).toEqual(notInForce);
    expect(await requestRow(access.id)).toEqual(before);
    expect(await noticesTo()).toEqual([]);
    expect(await auditActions(access.id)).not.toContain("LIFT_ANNOUNCED");
    expect((await tasksOf(access.id)).map((task) => task.action)).toEqual(["access", "access"]);
  });

  it("mails the notice first and lifts only once it was sent: then the systems get their lift tasks", async () => {
    await registerSystems(database);
    const { id, reference } = await openRequest(database, "RESTRICTION_OF_PROCESSING");
    await startHandling(db(), reference, OFFICER, "", new Date("2026-11-23T10:00:00.000Z"));
    const refusedFor = (why: string) => ({ status: "not-allowed", banner: `backOffice.restriction.refused.${why}` });

    // Not announced: the person has not been told.
    expect(await liftRestriction(db(), reference, OFFICER)).toEqual(refusedFor("notAnnounced"));

    const announcedAt = new Date("2026-12-01T09:00:00.000Z");
    expect(await announceLift(db(), reference, OFFICER, REASON, announcedAt)).toEqual({ status: "done" });
    const [notice] = await noticesTo();
    expect(notice.status).toBe("pending");
    expect(notice.text_body).toContain(REASON);
    expect(notice.text_body).toContain("We gaan die beperking opheffen.");
    let row = await requestRow(id);
    expect(row.lift_announced_at).toBe(announcedAt.toISOString());
    expect(row.lifted_at).toBeNull();

    // The notice waits in the outbox: the lift waits for it, and nothing moves.
    expect(await liftRestriction(db(), reference, OFFICER)).toEqual(refusedFor("noticeNotSent"));
    expect((await requestRow(id)).lifted_at).toBeNull();
    expect((await tasksOf(id)).map((task) => task.action)).toEqual(["restrict", "restrict"]);

    // The outbox sends it (with the mail that asked the person to confirm).
    expect(await sendMail()).toEqual({ sent: 2, failed: 0 });
    const liftedAt = new Date("2026-12-02T09:00:00.000Z");
    expect(await liftRestriction(db(), reference, OFFICER, liftedAt)).toEqual({ status: "done" });
    row = await requestRow(id);
    expect(row.lifted_at).toBe(liftedAt.toISOString());
    // The notice was queued, and sent, before the restriction was lifted.
    const [sent] = await noticesTo();
    expect(sent.status).toBe("sent");
    expect(sent.created_at < row.lifted_at!).toBe(true);
    expect(await tasksOf(id)).toEqual([
      { system_id: "ads", action: "lift" },
      { system_id: "crm", action: "lift" },
      { system_id: "ads", action: "restrict" },
      { system_id: "crm", action: "restrict" },
    ]);
    expect(await auditActions(id)).toEqual([
      "SUBMITTED",
      "STARTED",
      "TASKS_CREATED",
      "LIFT_ANNOUNCED",
      "LIFTED",
      "TASKS_CREATED",
    ]);

    // Lifted once.
    expect(await liftRestriction(db(), reference, OFFICER)).toEqual(refusedFor("notInForce"));
    expect(await announceLift(db(), reference, OFFICER, REASON)).toEqual(refusedFor("notInForce"));
    expect(await noticesTo()).toHaveLength(1);
  });

  it("stays in force once the request is completed, and a notice that never arrived is announced again", async () => {
    await registerSystems(database);
    const { id, reference } = await openRequest(database, "RESTRICTION_OF_PROCESSING");
    await startHandling(db(), reference, OFFICER, "");
    expect(
      await completeRequest(db(), reference, OFFICER, "Afgeschermd.", new Date(), "Met de hand nagekeken."),
    ).toEqual({
      status: "done",
    });
    expect(await announceLift(db(), reference, OFFICER, REASON)).toEqual({ status: "done" });
    const [first] = await noticesTo();
    await db().updateTable("outbox").set({ status: "bounced" }).where("id", "=", first.id).execute();
    expect(await liftRestriction(db(), reference, OFFICER)).toEqual({
      status: "not-allowed",
      banner: "backOffice.restriction.refused.noticeUndelivered",
    });

    expect(await announceLift(db(), reference, OFFICER, `${REASON} Tweede melding.`)).toEqual({ status: "done" });
    await sendMail();
    expect(await liftRestriction(db(), reference, OFFICER)).toEqual({ status: "done" });
    const row = await requestRow(id);
    expect(row.state).toBe("COMPLETED");
    expect(row.lifted_at).not.toBeNull();
    expect((await tasksOf(id)).filter((task) => task.action === "lift")).toHaveLength(2);
  });
  it("twenty lifts at once after the notice: lifted once, each system's lift task once", async () => {
    await registerSystems(database);
    const { id, reference } = await openRequest(database, "RESTRICTION_OF_PROCESSING");
    await startHandling(db(), reference, OFFICER, "");
    await announceLift(db(), reference, OFFICER, REASON);
    await sendMail();
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => liftRestriction(db(), reference, OFFICER)));
    expect(outcomes.filter((outcome) => outcome.status === "done")).toHaveLength(1);
    expect((await tasksOf(id)).map((task) => task.action)).toEqual(["lift", "lift", "restrict", "restrict"]);
    expect((await auditActions(id)).filter((action) => action === "LIFTED")).toHaveLength(1);
  });
});
