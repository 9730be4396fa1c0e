import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { extendedDueDate } from "~/domain/privacy-request";
import { importCampaigns } from "~/services/campaign/register.server";
import { closeComplaint, startReview } from "~/services/complaint/back-office.server";
import { submitComplaint } from "~/services/complaint/intake.server";
import {
  completeRequest,
  extendDeadline,
  listRequests,
  rejectRequest,
  spreadsheetSafe,
  startHandling,
} from "~/services/privacy-request/back-office.server";
import { runDailyDigest } from "~/services/privacy-request/daily-digest.server";
import { submitPrivacyRequest } from "~/services/privacy-request/record.server";
import { decodeCursor, suppressionsSince } from "~/services/privacy-request/suppressions.server";

import { describeEachDatabase } from "../../../tests/setup/unit-database";
import { requestRow } from "../../../tests/setup/unit-request-rows";

process.env.EMAIL_DOMAIN_CHECK = "false";
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "back-office-config-"));
// Limits are not what these tests are about (app/services/submission/limits.server.test.ts): the process counts them in its own database, high enough never to refuse here.
process.env.TARGET_LIMIT_PER_HOUR = "1000";
process.env.TARGET_LIMIT_PER_DAY = "10000";
process.env.PRIVACY_RATE_LIMIT_PER_HOUR = "100000";
process.env.RATE_LIMIT_PER_HOUR = "100000";

const TEST_CLIENT = "192.0.2.10";

const OFFICER = { email: "officer@veldhavenmedia.nl" };
const SITE = { country: "nl", locale: "nl_nl", language: "nl" } as const;
const DAY = 86_400_000;

describe("back-office rules", () => {
  it("extends a due date by whole months, keeping the day or taking the month's last", () => {
    expect(extendedDueDate("2026-01-31T10:00:00.000Z", 1)).toBe("2026-02-28T10:00:00.000Z");
    expect(extendedDueDate("2026-03-15T08:30:00.000Z", 2)).toBe("2026-05-15T08:30:00.000Z");
  });

  it("makes exported values inert in a spreadsheet", () => {
    expect(['=HYPERLINK("x")', "+31612345678", "-2", "@SUM(A1)", "\tx", "gewoon"].map(spreadsheetSafe)).toEqual([
      '\'=HYPERLINK("x")',
      "'+31612345678",
      "'-2",
      "'@SUM(A1)",
      "'\tx",
      "gewoon",
    ]);
  });

  it("reads only its own cursors", () => {
    expect(decodeCursor("not-ours")).toBeNull();
    expect(decodeCursor(Buffer.from(JSON.stringify(["2026-01-01T00:00:00.000Z", "id"])).toString("base64url"))).toEqual(
      { createdAt: "2026-01-01T00:00:00.000Z", id: "id" },
    );
  });
});

describeEachDatabase("back office on $name", (database) => {
  const db = () => database.db;

  async function openRequest(email: string, dueAt: Date) {
    const outcome = await submitPrivacyRequest({ flowType: "RIGHT_OF_ACCESS", email }, SITE, {
      requestOrigin: "http://nl.localhost",
      clientIp: TEST_CLIENT,
      db: db(),
    });
    if (outcome.status !== "accepted") throw new Error("not accepted");
    await db()
      .updateTable("privacy_request")
      .set({ state: "OPEN", verified_at: new Date().toISOString(), due_at: dueAt.toISOString() })
      .where("id", "=", outcome.id)
      .execute();
    return outcome.reference;
  }
  const mails = (to: string) =>
    db().selectFrom("outbox").select(["kind", "text_body"]).where("recipient", "=", to).execute();

  it("moves a request through its states once each, with audit events and the mails the data subject is owed", async () => {
    const now = new Date("2026-11-23T10:00:00Z");
    const reference = await openRequest("lotte@veldhaven-test.nl", new Date(now.getTime() - DAY));
    expect(await completeRequest(db(), "PR-NONE-NONE", OFFICER, "x", now)).toEqual({ status: "not-found" });
    expect(await startHandling(db(), reference, OFFICER, "", now)).toEqual({ status: "done" });
    expect(await startHandling(db(), reference, OFFICER, "", now)).toEqual({ status: "not-allowed" });
    expect(await extendDeadline(db(), reference, OFFICER, { months: 3, reason: "x" }, now)).toEqual({
      status: "not-allowed",
    });
    expect(
      await extendDeadline(db(), reference, OFFICER, { months: 2, reason: "Drie systemen doorzoeken." }, now),
    ).toEqual({ status: "done" });
    expect(await extendDeadline(db(), reference, OFFICER, { months: 1, reason: "Nog eens." }, now)).toEqual({
      status: "not-allowed",
    });
    const extension = (await mails("lotte@veldhaven-test.nl")).filter((mail) => mail.kind === "privacy-extension");
    expect(extension).toHaveLength(1);
    expect(extension[0].text_body).toContain("Drie systemen doorzoeken.");
    expect(await rejectRequest(db(), reference, OFFICER, "Niet vast te stellen wie je bent.", now)).toEqual({
      status: "done",
    });
    expect(await completeRequest(db(), reference, OFFICER, "x", now)).toEqual({ status: "not-allowed" });
    expect((await mails("lotte@veldhaven-test.nl")).filter((mail) => mail.kind === "privacy-rejection")).toHaveLength(
      1,
    );
    const events = await db()
      .selectFrom("audit_event")
      .innerJoin("privacy_request", "privacy_request.id", "audit_event.request_id")
      .select(["audit_event.action", "audit_event.actor", "audit_event.actor_id", "audit_event.to_state"])
      .where("privacy_request.reference", "=", reference)
      .orderBy("audit_event.seq")
      .execute();
    expect(events.map((event) => event.action)).toEqual(["SUBMITTED", "STARTED", "EXTENDED", "REJECTED"]);
    expect(events.slice(1).every((event) => event.actor === "STAFF" && event.actor_id === OFFICER.email)).toBe(true);
  });

  it("lists by due date, filters overdue and reference, and counts", async () => {
    const now = new Date();
    const late = await openRequest("laat@veldhaven-test.nl", new Date(now.getTime() - 2 * DAY));
    const soon = await openRequest("snel@veldhaven-test.nl", new Date(now.getTime() + 2 * DAY));
    const overdue = await listRequests(db(), { overdue: true }, { now });
    expect(overdue.requests.map((row) => row.reference)).toContain(late);
    expect(overdue.requests.map((row) => row.reference)).not.toContain(soon);
    // The text filter reads references only (an address is searched by POST, never put in a URL where logs and history keep it).
    const byText = await listRequests(db(), { text: soon.slice(3).toLowerCase() }, { now });
    expect(byText.requests.map((row) => row.reference)).toEqual([soon]);
    expect((await listRequests(db(), { text: "snel@veldhaven" }, { now })).requests).toEqual([]);
    const all = await listRequests(db(), { state: "OPEN" }, { now });
    const dues = all.requests.map((row) => row.due_at!);
    expect(dues).toEqual([...dues].sort());
  });

  it("sends the digest once a day from 07:00 Brussels time, and only when something is due", async () => {
    const morning = new Date("2031-06-02T05:30:00Z"); // 07:30 in Brussels (summer time)
    const early = new Date("2031-06-02T04:30:00Z"); // 06:30
    await openRequest("laat@veldhaven-test.nl", new Date(morning.getTime() - 2 * DAY));
    await openRequest("snel@veldhaven-test.nl", new Date(morning.getTime() + 2 * DAY));
    expect(await runDailyDigest(db(), { now: early })).toBe(0);
    expect(await runDailyDigest(db(), { now: morning })).toBeGreaterThan(0);
    expect(await runDailyDigest(db(), { now: new Date(morning.getTime() + 3_600_000) })).toBe(0);
    const digest = await db()
      .selectFrom("outbox")
      .select(["recipient", "subject", "text_body"])
      .where("kind", "=", "privacy-digest")
      .execute();
    expect(digest[0].recipient).toBe("privacy@veldhavenmedia.nl");
    expect(digest[0].subject).toMatch(/te laat/);
  });

  it("reviews and closes an ad report, mailing the outcome to the reporter", async () => {
    await importCampaigns(
      db(),
      [
        {
          id: "NL-2026-8001",
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
        email: "jan@veldhaven-test.nl",
        explanation: "Onduidelijk.",
        campaignId: "NL-2026-8001",
      },
      { country: "nl", locale: "nl_nl" },
      { sender: { clientIp: TEST_CLIENT }, db: db() },
    );
    if (report.status !== "received") throw new Error("not received");
    expect(await closeComplaint(db(), report.reference, OFFICER, "x")).toEqual({ status: "not-allowed" });
    expect(await startReview(db(), report.reference, OFFICER)).toEqual({ status: "done" });
    expect(await closeComplaint(db(), report.reference, OFFICER, "De advertentie is aangepast.")).toEqual({
      status: "done",
    });
    const outcome = (await mails("jan@veldhaven-test.nl")).find((mail) => mail.kind === "ad-complaint-outcome");
    expect(outcome?.text_body).toContain("De advertentie is aangepast.");
    const events = await db().selectFrom("complaint_event").select(["action", "to_state"]).orderBy("seq").execute();
    expect(events).toEqual([
      { action: "REVIEW_STARTED", to_state: "IN_REVIEW" },
      { action: "CLOSED", to_state: "CLOSED" },
    ]);
  });

  it("pages through the suppressions with the cursor, each row once, including rows with the same time", async () => {
    const since = new Date().toISOString();
    const keys = ["a1", "a2", "a3", "a4", "a5", "a6", "a7"];
    await submitPrivacyRequest({ flowType: "OBJECTION", brands: keys, phoneNumber: "+31612340000" }, SITE, {
      requestOrigin: "http://nl.localhost",
      clientIp: TEST_CLIENT,
      db: db(),
    });
    const seen: string[] = [];
    let cursor = null;
    do {
      const page = await suppressionsSince(db(), {
        since: new Date(Date.parse(since) - 1).toISOString(),
        country: "nl",
        cursor,
        limit: 2,
      });
      seen.push(...page.items.map((item) => item.brandKey));
      cursor = page.nextCursor ? decodeCursor(page.nextCursor) : null;
    } while (cursor);
    expect(seen.sort()).toEqual(keys);
  });

  it("shows every request on exactly one page, in the list's order, the pages past the middle read from the end", async () => {
    // 60 requests in 3 pages, many sharing a due date and a moment: only the reference tells them apart.
    const due = ["2026-02-01T09:00:00.000Z", "2026-02-03T09:00:00.000Z", null];
    const made = "2026-01-05T10:00:00.000Z";
    await db()
      .insertInto("privacy_request")
      .values(
        Array.from({ length: 60 }, (_, index) =>
          requestRow({
            id: `page-${index}`,
            right: "RIGHT_OF_ACCESS",
            state: "OPEN",
            country: "nl",
            verifiedAt: made,
            closedAt: null,
            dueAt: due[index % 3],
            extendedAt: null,
          }),
        ).map((row, index) => ({
          ...row,
          reference: `PR-PAGE-${String((index * 37) % 60).padStart(4, "0")}`,
          created_at: index % 2 ? made : "2026-01-06T10:00:00.000Z",
        })),
      )
      .execute();
    const now = new Date("2026-01-10T00:00:00.000Z");
    const everyOne = (await listRequests(db(), {}, { now, all: true })).requests.map((request) => request.reference);
    const paged: string[] = [];
    for (const page of [1, 2, 3]) {
      const listed = await listRequests(db(), {}, { now, page });
      expect(listed.pageCount).toBe(3);
      paged.push(...listed.requests.map((request) => request.reference));
    }
    expect(paged).toEqual(everyOne);
    expect(new Set(paged).size).toBe(60);
    expect((await listRequests(db(), {}, { now, page: 4 })).requests).toEqual([]);
  });
});
