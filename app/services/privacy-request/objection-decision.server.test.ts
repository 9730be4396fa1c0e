/**
 * An objection to processing (Art. 21(1)) waits for an officer's decision:
 * upheld, its systems get `stop` tasks and the person is told; refused, it
 * is rejected and the person gets the grounds and the supervisory authority
 * of their own country. Decided once, and only while in progress.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { expect, it } from "vitest";

import type { RightType } from "~/domain/rights";
import { completeRequest, rejectRequest, startHandling } from "~/services/privacy-request/back-office.server";
import { refuseObjection, upholdObjection } from "~/services/privacy-request/objection-decision.server";
import { submitPrivacyRequest } from "~/services/privacy-request/record.server";
import { saveSystems } from "~/services/systems/register.server";
import { dataSystemSchema } from "~/validation/data-system";
import type { RightDetails } from "~/validation/privacy-request";

import { describeEachDatabase, type DatabaseFixture } from "../../../tests/setup/unit-database";

process.env.EMAIL_DOMAIN_CHECK = "false";
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "objection-decision-config-"));
process.env.PRIVACY_RATE_LIMIT_PER_HOUR = "100000";
process.env.RATE_LIMIT_PER_HOUR = "100000";
process.env.TARGET_LIMIT_PER_HOUR = "1000";

type Site = { country: "nl" | "be"; locale: "nl_nl" | "nl_be" | "fr_be"; language: "nl" | "fr" };
const NL: Site = { country: "nl", locale: "nl_nl", language: "nl" };
const OFFICER = { email: "officer@veldhavenmedia.nl" };
const GROUNDS = "De bereiksmeting is nodig om adverteerders te tonen hoeveel lezers een artikel haalt.";

async function registerSystems(database: DatabaseFixture) {
  await saveSystems(
    database.db,
    [
      { id: "ads", name: "Advertentieprofielen", rights: ["OBJECTION_TO_PROCESSING"] },
      { id: "stats", name: "Bereiksmeting", rights: ["OBJECTION_TO_PROCESSING", "RIGHT_OF_ACCESS"] },
    ].map((system) => dataSystemSchema.parse({ ...system, countries: ["nl", "be"], channel: "manual" })),
  );
}

describeEachDatabase("the decision on an objection to processing on $name", (database) => {
  const db = () => database.db;
  /** What the form asks of the rights these tests make (the others ask nothing of their own). */
  const DETAILS: Partial<Record<RightType, RightDetails>> = {
    OBJECTION_TO_PROCESSING: {
      purposes: ["PERSONALISED_ADVERTISING", "OTHER"],
      otherPurpose: "Het koppelen van mijn abonnement aan mijn leesgedrag",
      grounds: "Ik word als journalist gevolgd.",
    },
  };
  let count = 0;

  /** A verified request of the right, in progress unless `start` is false. */
  async function request(flowType: RightType, site: Site = NL, start = true) {
    const email = `bezwaar-${(count += 1)}@veldhaven-test.nl`;
    const outcome = await submitPrivacyRequest(
      {
        flowType,
        email,
        details: DETAILS[flowType],
      },
      site,
      { requestOrigin: "http://nl.localhost", clientIp: "192.0.2.31", db: db() },
    );
    if (outcome.status !== "accepted") throw new Error("not accepted");
    await db()
      .updateTable("privacy_request")
      .set({
        state: "OPEN",
        verified_at: new Date().toISOString(),
        due_at: new Date(Date.now() + 86_400_000 * 30).toISOString(),
      })
      .where("id", "=", outcome.id)
      .execute();
    if (start) expect(await startHandling(db(), outcome.reference, OFFICER, "")).toEqual({ status: "done" });
    return { ...outcome, email };
  }
  const row = (id: string) =>
    db().selectFrom("privacy_request").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const tasksOf = (id: string) =>
    db()
      .selectFrom("system_task")
      .select(["system_id", "action"])
      .where("request_id", "=", id)
      .orderBy("system_id")
      .execute();
  const decisionMails = (to: string) =>
    db()
      .selectFrom("outbox")
      .select("text_body")
      .where("recipient", "=", to)
      .where("kind", "=", "privacy-objection-decision")
      .execute();
  const refusedFor = (why: string) => ({
    status: "not-allowed",
    banner: `backOffice.processingObjection.refused.${why}`,
  });

  it("upheld: the systems get stop tasks, the person is mailed, and it stays in progress until completed", async () => {
    await registerSystems(database);
    const objection = await request("OBJECTION_TO_PROCESSING");
    // Starting it asks nothing of the systems yet: an officer weighs the grounds first.
    expect(await tasksOf(objection.id)).toEqual([]);
    // Neither completed nor rejected past the decision.
    expect(await completeRequest(db(), objection.reference, OFFICER, "Klaar.")).toEqual(refusedFor("decideFirst"));
    expect(await rejectRequest(db(), objection.reference, OFFICER, "Nee.")).toEqual(refusedFor("decideInstead"));

    expect(await upholdObjection(db(), objection.reference, OFFICER, "Ook uit bestaande profielen.")).toEqual({
      status: "done",
    });
    expect(await tasksOf(objection.id)).toEqual([
      { system_id: "ads", action: "stop" },
      { system_id: "stats", action: "stop" },
    ]);
    const decided = await row(objection.id);
    expect([decided.state, decided.decision]).toEqual(["IN_PROGRESS", "UPHELD"]);
    const [mail] = await decisionMails(objection.email);
    expect(mail.text_body).toContain("geven je gelijk");
    expect(mail.text_body).toContain(
      "profilering voor gepersonaliseerde advertenties en Het koppelen van mijn abonnement aan mijn leesgedrag",
    );
    expect(mail.text_body).toContain("Toelichting: Ook uit bestaande profielen.");

    // Decided once.
    expect(await upholdObjection(db(), objection.reference, OFFICER, "")).toEqual(refusedFor("alreadyDecided"));
    expect(await refuseObjection(db(), objection.reference, OFFICER, GROUNDS)).toEqual(refusedFor("alreadyDecided"));
    expect((await row(objection.id)).state).toBe("IN_PROGRESS");
    expect(await decisionMails(objection.email)).toHaveLength(1);
    expect(await completeRequest(db(), objection.reference, OFFICER, "Gestopt.", new Date(), "Met de hand.")).toEqual({
      status: "done",
    });
  });

  it.each([
    {
      site: NL,
      authority: "de Autoriteit Persoonsgegevens (https://www.autoriteitpersoonsgegevens.nl)",
      court: "rechter",
    },
    {
      site: { country: "be", locale: "nl_be", language: "nl" } as Site,
      authority: "de Gegevensbeschermingsautoriteit (https://www.gegevensbeschermingsautoriteit.be)",
      court: "rechtbank",
    },
    {
      site: { country: "be", locale: "fr_be", language: "fr" } as Site,
      authority: "l'Autorité de protection des données (https://www.autoriteprotectiondonnees.be)",
      court: "saisir les tribunaux",
    },
  ])(
    "refused ($site.locale): rejected, no task, and the grounds mailed with the authority of the person's country",
    async ({ site, authority, court }) => {
      await registerSystems(database);
      const objection = await request("OBJECTION_TO_PROCESSING", site);
      expect(await refuseObjection(db(), objection.reference, OFFICER, GROUNDS)).toEqual({ status: "done" });
      const decided = await row(objection.id);
      expect([decided.state, decided.decision]).toEqual(["REJECTED", "REFUSED"]);
      expect(await tasksOf(objection.id)).toEqual([]);
      const [mail] = await decisionMails(objection.email);
      expect(mail.text_body).toContain(GROUNDS);
      expect(mail.text_body).toContain(authority);
      expect(mail.text_body).toContain(court);
      expect(await upholdObjection(db(), objection.reference, OFFICER, "")).toEqual({ status: "not-allowed" });
    },
  );

  it("refuses a decision on a request that is not in progress, or whose right is not decided on", async () => {
    await registerSystems(database);
    const waiting = await request("OBJECTION_TO_PROCESSING", NL, false);
    expect(await upholdObjection(db(), waiting.reference, OFFICER, "")).toEqual({ status: "not-allowed" });
    expect(await refuseObjection(db(), waiting.reference, OFFICER, GROUNDS)).toEqual({ status: "not-allowed" });
    expect((await row(waiting.id)).decided_at).toBeNull();
    const access = await request("RIGHT_OF_ACCESS");
    expect(await upholdObjection(db(), access.reference, OFFICER, "")).toEqual(refusedFor("notDecidable"));
    expect(await refuseObjection(db(), access.reference, OFFICER, GROUNDS)).toEqual(refusedFor("notDecidable"));
    expect((await row(access.id)).state).toBe("IN_PROGRESS");
    expect(await decisionMails(waiting.email)).toEqual([]);
    expect(await decisionMails(access.email)).toEqual([]);
  });
  it("twenty officers deciding at once: one decision, one mail, the stop tasks once", async () => {
    await registerSystems(database);
    const objection = await request("OBJECTION_TO_PROCESSING");
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        index % 2 === 0
          ? upholdObjection(db(), objection.reference, OFFICER, `Toewijzing ${index}`)
          : refuseObjection(db(), objection.reference, OFFICER, `${GROUNDS} (${index})`),
      ),
    );
    const taken = outcomes.filter((outcome) => outcome.status === "done");
    expect(taken).toHaveLength(1);
    expect(await decisionMails(objection.email)).toHaveLength(1);
    const decided = await row(objection.id);
    const tasks = await tasksOf(objection.id);
    // Upheld: each system asked to stop once; refused: rejected, and nothing asked of the systems.
    if (decided.decision === "UPHELD") expect(tasks.map((task) => task.action)).toEqual(["stop", "stop"]);
    else expect([decided.state, tasks]).toEqual(["REJECTED", []]);
  });
});
