import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { expect, it } from "vitest";

import { importCampaigns } from "~/services/campaign/register.server";
import { assignCase } from "~/services/case-work/assignment.server";
import { bulkAssign, bulkExtend } from "~/services/case-work/bulk.server";
import { noteOn, notesOf } from "~/services/case-work/notes.server";
import { remindOwners } from "~/services/case-work/owner-reminders.server";
import { fillSearchKeys } from "~/services/case-work/search-keys.server";
import { searchCases, searchTermKind } from "~/services/case-work/search.server";
import { rememberStaffMember } from "~/services/case-work/staff-members.server";
import { closeComplaint, startReview } from "~/services/complaint/back-office.server";
import { submitComplaint } from "~/services/complaint/intake.server";
import { submitPrivacyRequest } from "~/services/privacy-request/record.server";

import { describeEachDatabase } from "../../../tests/setup/unit-database";

process.env.EMAIL_DOMAIN_CHECK = "false";
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "case-work-config-"));
process.env.TARGET_LIMIT_PER_HOUR = "1000";
process.env.TARGET_LIMIT_PER_DAY = "10000";
process.env.PRIVACY_RATE_LIMIT_PER_HOUR = "100000";

const OFFICER = { email: "officer@veldhavenmedia.nl", role: "officer" } as const;
const AGENT = { email: "agent@veldhavenmedia.nl", role: "agent" } as const;
const SITE = { country: "nl", locale: "nl_nl", language: "nl" } as const;
const DAY = 86_400_000;

it("takes a term for what it looks like", () => {
  expect(searchTermKind("pr-7k4m-9qxd")).toBe("request");
  expect(searchTermKind("PA-AAAA-BBBB")).toBe("complaint");
  expect(searchTermKind("Iemand@Example.nl")).toBe("email");
  expect(searchTermKind("+31 6 1234 5678")).toBe("phone");
  expect(searchTermKind("AD-2026-0042")).toBe("ad");
});

describeEachDatabase("case work on $name", (database) => {
  const db = () => database.db;

  async function openRequest(email: string, dueInDays = 20, phoneNumber?: string) {
    const outcome = await submitPrivacyRequest(
      { flowType: "RIGHT_OF_ACCESS", email, ...(phoneNumber ? { phoneNumber } : {}) },
      SITE,
      { requestOrigin: "http://nl.localhost", clientIp: "192.0.2.10", db: db() },
    );
    if (outcome.status !== "accepted") throw new Error("not accepted");
    const now = Date.now();
    await db()
      .updateTable("privacy_request")
      .set({
        state: "OPEN",
        verified_at: new Date(now).toISOString(),
        due_at: new Date(now + dueInDays * DAY).toISOString(),
      })
      .where("id", "=", outcome.id)
      .execute();
    return outcome.reference;
  }
  const mailsTo = (to: string) =>
    db().selectFrom("outbox").select(["kind", "subject", "text_body"]).where("recipient", "=", to).execute();

  it("assigns to a known staff member only, mails them, and writes who to whom in the trail", async () => {
    await rememberStaffMember(db(), AGENT);
    const reference = await openRequest("a@example.nl");
    expect(await assignCase(db(), "request", reference, OFFICER, "nobody@veldhavenmedia.nl")).toEqual({
      status: "invalid",
      fieldErrors: { assignee: ["backOffice.owner.unknown"] },
    });
    expect(await assignCase(db(), "request", reference, OFFICER, "Agent@Veldhavenmedia.nl")).toEqual({
      status: "done",
    });
    const row = await db()
      .selectFrom("privacy_request")
      .select(["id", "assignee"])
      .where("reference", "=", reference)
      .executeTakeFirstOrThrow();
    expect(row.assignee).toBe(AGENT.email);
    const trail = await db()
      .selectFrom("audit_event")
      .select(["action", "note", "actor_id"])
      .where("request_id", "=", row.id)
      .where("action", "=", "ASSIGNED")
      .execute();
    expect(trail).toEqual([{ action: "ASSIGNED", note: `— → ${AGENT.email}`, actor_id: OFFICER.email }]);
    const mails = await mailsTo(AGENT.email);
    expect(mails.map((mail) => mail.kind)).toEqual(["case-assigned"]);
    expect(mails[0].text_body).toContain(`/nl/internal-privacy-rights/requests/${reference}`);
    expect(mails[0].text_body).not.toContain("a@example.nl");
    // Taking it oneself mails nobody.
    await rememberStaffMember(db(), OFFICER);
    expect(await assignCase(db(), "request", reference, OFFICER, OFFICER.email)).toEqual({ status: "done" });
    expect(await mailsTo(OFFICER.email)).toEqual([]);
  });

  it("of 20 officers assigning at once, each step is guarded: the trail has one entry per change, and the row the last", async () => {
    const members = Array.from({ length: 20 }, (_, index) => `member-${index}@veldhavenmedia.nl`);
    for (const email of members) await rememberStaffMember(db(), { email, role: "agent" });
    const reference = await openRequest("race@example.nl");
    const outcomes = await Promise.all(members.map((email) => assignCase(db(), "request", reference, OFFICER, email)));
    const done = outcomes.filter((outcome) => outcome.status === "done").length;
    const row = await db()
      .selectFrom("privacy_request")
      .select(["id", "assignee"])
      .where("reference", "=", reference)
      .executeTakeFirstOrThrow();
    const trail = await db()
      .selectFrom("audit_event")
      .select(["note"])
      .where("request_id", "=", row.id)
      .where("action", "=", "ASSIGNED")
      .orderBy("seq")
      .execute();
    expect(trail).toHaveLength(done);
    expect(trail.at(-1)!.note!.endsWith(row.assignee!)).toBe(true);
    expect((await db().selectFrom("outbox").select("id").where("kind", "=", "case-assigned").execute()).length).toBe(
      done,
    );
  });

  it("keeps notes inside: on the request, gone with it", async () => {
    const reference = await openRequest("notes@example.nl");
    expect(await noteOn(db(), "request", reference, OFFICER, "Belde op 12/3; stuurt kopie id.")).toEqual({
      status: "done",
    });
    expect(await noteOn(db(), "request", "PR-0000-0000", OFFICER, "x")).toEqual({ status: "not-found" });
    const { id } = await db()
      .selectFrom("privacy_request")
      .select("id")
      .where("reference", "=", reference)
      .executeTakeFirstOrThrow();
    expect((await notesOf(db(), "request", id)).map((note) => [note.author, note.body])).toEqual([
      [OFFICER.email, "Belde op 12/3; stuurt kopie id."],
    ]);
    const outbox = await db().selectFrom("outbox").select("text_body").execute();
    expect(outbox.some((mail) => mail.text_body.includes("kopie id"))).toBe(false);
    await db().deleteFrom("privacy_request").where("id", "=", id).execute();
    expect(await db().selectFrom("internal_note").select("id").execute()).toEqual([]);
  });

  it("finds by address and phone through their keys, exact only; an agent finds only theirs", async () => {
    await rememberStaffMember(db(), AGENT);
    const reference = await openRequest("Zoek.Mij@Example.nl", 20, "+31612345678");
    await openRequest("iemand-anders@example.nl");
    const stored = await db()
      .selectFrom("privacy_request")
      .select(["email_key", "phone_key"])
      .where("reference", "=", reference)
      .executeTakeFirstOrThrow();
    expect(stored.email_key).toMatch(/^[\w-]{43}$/);
    const found = async (term: string, viewer: typeof OFFICER | typeof AGENT = OFFICER) =>
      (await searchCases(db(), term, viewer)).map((hit) => hit.reference);
    expect(await found("zoek.mij@example.nl")).toEqual([reference]);
    expect(await found("+31 6 1234 5678")).toEqual([reference]);
    expect(await found(reference.toLowerCase())).toEqual([reference]);
    expect(await found("zoek.mij@example")).toEqual([]);
    expect(await found("zoek.mij@example.nl", AGENT)).toEqual([]);
    await assignCase(db(), "request", reference, OFFICER, AGENT.email);
    expect(await found("zoek.mij@example.nl", AGENT)).toEqual([reference]);
  });

  it("gives keys to requests stored before they existed", async () => {
    const reference = await openRequest("oud@example.nl");
    await db().updateTable("privacy_request").set({ email_key: null }).where("reference", "=", reference).execute();
    expect(await searchCases(db(), "oud@example.nl", OFFICER)).toEqual([]);
    expect(await fillSearchKeys(db())).toBeGreaterThanOrEqual(1);
    expect((await searchCases(db(), "oud@example.nl", OFFICER)).map((hit) => hit.reference)).toEqual([reference]);
  });

  it("reminds an owner once, 5 days before the due date; again after a new owner", async () => {
    await rememberStaffMember(db(), AGENT);
    await rememberStaffMember(db(), OFFICER);
    const soon = await openRequest("soon@example.nl", 4);
    const later = await openRequest("later@example.nl", 12);
    await assignCase(db(), "request", soon, OFFICER, AGENT.email);
    await assignCase(db(), "request", later, OFFICER, AGENT.email);
    const [first, second] = await Promise.all([remindOwners(db()), remindOwners(db())]);
    expect(first + second).toBe(1);
    expect(await remindOwners(db())).toBe(0);
    const reminders = (await mailsTo(AGENT.email)).filter((mail) => mail.kind === "case-owner-reminder");
    expect(reminders.map((mail) => mail.subject)).toEqual([expect.stringContaining(soon)]);
    await assignCase(db(), "request", soon, OFFICER, OFFICER.email);
    expect(await remindOwners(db())).toBe(1);
  });

  it("an ad report goes to officers only, is found by its reporter's address and its ad, and has no owner once closed", async () => {
    await rememberStaffMember(db(), AGENT);
    await rememberStaffMember(db(), OFFICER);
    await importCampaigns(
      db(),
      [
        {
          id: "NL-2026-8042",
          country: "NL",
          status: "RUNNING",
          channel: "PRINT",
          sponsorName: "Lijst Test",
          publicationStartDate: "2026-11-01",
          fundingOriginType: "PRIVATE",
          fundingRegion: "EU",
          campaignContextType: "OVERIGE",
        },
      ],
      [1],
    );
    const report = await submitComplaint(
      {
        reason: "MISLEADING",
        name: "Jan",
        email: "Melder@Example.nl",
        explanation: "Onduidelijk.",
        campaignId: "NL-2026-8042",
      },
      { country: "nl", locale: "nl_nl" },
      { sender: { clientIp: "192.0.2.10" }, db: db() },
    );
    if (report.status !== "received") throw new Error("not received");
    expect(await assignCase(db(), "complaint", report.reference, OFFICER, AGENT.email)).toEqual({
      status: "invalid",
      fieldErrors: { assignee: ["backOffice.owner.officersOnly"] },
    });
    expect(await assignCase(db(), "complaint", report.reference, OFFICER, OFFICER.email)).toEqual({ status: "done" });
    const trail = await db()
      .selectFrom("complaint_event")
      .select(["action", "note"])
      .where("complaint_id", "=", report.id)
      .execute();
    expect(trail).toEqual([{ action: "ASSIGNED", note: `— → ${OFFICER.email}` }]);
    for (const term of ["melder@example.nl", "NL-2026-8042", report.reference.toLowerCase()]) {
      expect(
        (await searchCases(db(), term, OFFICER)).map((hit) => hit.reference),
        term,
      ).toEqual([report.reference]);
    }
    // Agents have no access to ad reports: their search never lists one.
    expect(await searchCases(db(), "NL-2026-8042", AGENT)).toEqual([]);
    await startReview(db(), report.reference, OFFICER);
    await closeComplaint(db(), report.reference, OFFICER, "Aangepast.");
    expect(await assignCase(db(), "complaint", report.reference, OFFICER, null)).toEqual({ status: "not-allowed" });
  });

  it("bulk: assigns and extends each as one by one, naming those it could not", async () => {
    await rememberStaffMember(db(), AGENT);
    const references = [
      await openRequest("b1@example.nl"),
      await openRequest("b2@example.nl"),
      await openRequest("b3@example.nl"),
    ];
    expect(await bulkAssign(db(), references, OFFICER, "stranger@example.nl")).toEqual({
      status: "invalid",
      fieldErrors: { assignee: ["backOffice.owner.unknown"] },
    });
    expect(await bulkAssign(db(), references, OFFICER, AGENT.email)).toEqual({
      status: "done",
      done: references,
      refused: [],
    });
    await bulkExtend(db(), [references[0]], OFFICER, { months: 1, reason: "Veel aanvragen tegelijk." });
    const outcome = await bulkExtend(db(), references, OFFICER, { months: 2, reason: "Veel aanvragen tegelijk." });
    expect(outcome).toEqual({ status: "done", done: references.slice(1), refused: [references[0]] });
    const extensions = await db()
      .selectFrom("outbox")
      .select("recipient")
      .where("kind", "=", "privacy-extension")
      .execute();
    expect(extensions.map((mail) => mail.recipient).sort()).toEqual([
      "b1@example.nl",
      "b2@example.nl",
      "b3@example.nl",
    ]);
  });
});
