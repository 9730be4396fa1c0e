import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { oneMonthAfter } from "~/domain/privacy-request";
import { confirmVerification, inspectVerification } from "~/services/privacy-request/email-verification.server";
import { hashToken } from "~/services/privacy-request/link-tokens.server";
import { submitPrivacyRequest } from "~/services/privacy-request/record.server";
import { suppressionIdentifier } from "~/services/privacy-request/view.server";
import { runRetention } from "~/services/retention.server";
import type { PrivacyRequestInput } from "~/validation/privacy-request";

import { describeEachDatabase } from "../../../tests/setup/unit-database";

// The service reads its settings once; no DNS lookups and a data folder of its own.
process.env.EMAIL_DOMAIN_CHECK = "false";
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "privacy-config-"));
// Limits are not what these tests are about (app/services/submission/limits.server.test.ts): the process counts them in its own database, high enough never to refuse here.
process.env.TARGET_LIMIT_PER_HOUR = "1000";
process.env.TARGET_LIMIT_PER_DAY = "10000";
process.env.PRIVACY_RATE_LIMIT_PER_HOUR = "100000";
process.env.RATE_LIMIT_PER_HOUR = "100000";
process.env.VERIFICATION_LINK_TTL_HOURS = "24";

const TEST_CLIENT = "192.0.2.10";

const SITE_NL = { country: "nl", locale: "nl_nl", language: "nl" } as const;
const SITE_FR = { country: "be", locale: "fr_be", language: "fr" } as const;
const ORIGIN = "http://nl.localhost:3000";
const HOUR = 3_600_000;

const tokenIn = (text: string) => /token=([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? null;

describeEachDatabase("privacy requests on $name", (database) => {
  const db = () => database.db;
  const mailsTo = (to: string) =>
    db().selectFrom("outbox").selectAll().where("recipient", "=", to).orderBy("created_at").execute();
  const auditOf = (id: string) =>
    db()
      .selectFrom("audit_event")
      .select(["actor", "action", "from_state", "to_state"])
      .where("request_id", "=", id)
      .orderBy("seq")
      .execute();
  const requestRow = (id: string) =>
    db().selectFrom("privacy_request").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  it("stores an access request awaiting verification, mails a link, and keeps only the token's hash", async () => {
    const now = new Date("2026-03-10T09:00:00Z");
    const input: PrivacyRequestInput = {
      flowType: "RIGHT_OF_ACCESS",
      email: "lotte@veldhaven-test.nl",
      userMessage: "Welke gegevens?",
    };
    const outcome = await submitPrivacyRequest(input, SITE_NL, {
      requestOrigin: ORIGIN,
      clientIp: TEST_CLIENT,
      now,
      db: db(),
    });
    expect(outcome).toMatchObject({ status: "accepted", state: "AWAITING_VERIFICATION", verificationSent: true });
    if (outcome.status !== "accepted") throw new Error("not accepted");
    expect(outcome.reference).toMatch(/^PR-[0-9A-Z]{4}-[0-9A-Z]{4}$/);

    const [mail] = await mailsTo("lotte@veldhaven-test.nl");
    expect(mail.kind).toBe("privacy-verification");
    expect(mail.text_body).toContain(`${ORIGIN}/nl/email-verification?token=`);
    expect(mail.text_body).toContain("Heb je deze aanvraag niet gedaan?");
    const token = tokenIn(mail.text_body)!;
    const row = await requestRow(outcome.id);
    expect(row.verification_token_hash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.verification_expires_at).toBe(new Date(now.getTime() + 24 * HOUR).toISOString());
    expect(await auditOf(outcome.id)).toEqual([
      { actor: "DATA_SUBJECT", action: "SUBMITTED", from_state: null, to_state: "AWAITING_VERIFICATION" },
    ]);

    // Opening the link changes nothing.
    expect(await inspectVerification(token, { now, db: db() })).toMatchObject({
      status: "valid",
      rightType: "RIGHT_OF_ACCESS",
    });
    expect((await requestRow(outcome.id)).state).toBe("AWAITING_VERIFICATION");

    // Confirming opens it with a due date one month later, and mails the data subject and the team.
    const verifiedAt = new Date("2026-03-10T10:00:00Z");
    expect(await confirmVerification(token, { now: verifiedAt, db: db() })).toEqual({ status: "verified" });
    const opened = await requestRow(outcome.id);
    expect(opened.state).toBe("OPEN");
    expect(opened.due_at).toBe("2026-04-10T10:00:00.000Z");
    expect((await mailsTo("lotte@veldhaven-test.nl")).map((m) => m.kind)).toEqual([
      "privacy-verification",
      "privacy-confirmation",
    ]);
    expect((await mailsTo("privacy@veldhavenmedia.nl")).map((m) => m.subject)).toEqual([
      `Privacyaanvraag ${outcome.reference}: inzage in je gegevens`,
    ]);
    expect((await auditOf(outcome.id)).map((event) => event.action)).toEqual(["SUBMITTED", "VERIFIED"]);

    // A second click executes nothing twice.
    expect(await confirmVerification(token, { now: verifiedAt, db: db() })).toEqual({ status: "already-verified" });
    expect(await inspectVerification(token, { now: verifiedAt, db: db() })).toEqual({ status: "used" });
    expect(await mailsTo("lotte@veldhaven-test.nl")).toHaveLength(2);
    expect(await auditOf(outcome.id)).toHaveLength(2);
  });

  it("mails a plus address and stores it as typed: only the limit counts it without its tag", async () => {
    const input: PrivacyRequestInput = { flowType: "RIGHT_OF_ACCESS", email: "Lotte+Privacy@veldhaven-test.nl" };
    const outcome = await submitPrivacyRequest(input, SITE_NL, {
      requestOrigin: ORIGIN,
      clientIp: TEST_CLIENT,
      db: db(),
    });
    if (outcome.status !== "accepted") throw new Error("not accepted");
    expect((await requestRow(outcome.id)).email).toBe("lotte+privacy@veldhaven-test.nl");
    expect((await mailsTo("lotte+privacy@veldhaven-test.nl")).map((mail) => mail.kind)).toEqual([
      "privacy-verification",
    ]);
  });

  it("refuses a tampered token and an expired one", async () => {
    const now = new Date("2026-03-11T09:00:00Z");
    const outcome = await submitPrivacyRequest(
      { flowType: "RIGHT_TO_BE_FORGOTTEN", email: "luc@lezers-test.be" },
      SITE_FR,
      { requestOrigin: "http://be.localhost:3000", clientIp: TEST_CLIENT, now, db: db() },
    );
    if (outcome.status !== "accepted") throw new Error("not accepted");
    const [mail] = await mailsTo("luc@lezers-test.be");
    expect(mail.text_body).toContain("http://be.localhost:3000/fr/email-verification?token=");
    expect(mail.subject).toBe(`Confirmez votre demande (${outcome.reference})`);
    const token = tokenIn(mail.text_body)!;
    const tampered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect(await confirmVerification(tampered, { now, db: db() })).toEqual({ status: "unknown" });
    expect(await confirmVerification("not-a-token", { now, db: db() })).toEqual({ status: "unknown" });

    const late = new Date(now.getTime() + 24 * HOUR + 1000);
    expect(await inspectVerification(token, { now: late, db: db() })).toEqual({ status: "expired" });
    expect(await confirmVerification(token, { now: late, db: db() })).toEqual({ status: "expired" });
    expect((await requestRow(outcome.id)).state).toBe("AWAITING_VERIFICATION");
  });

  it("executes a verified objection: one suppression per brand key, channel and identifier, written once", async () => {
    const now = new Date("2026-03-12T09:00:00Z");
    const input: PrivacyRequestInput = {
      flowType: "OBJECTION",
      brands: ["dagwijzer", "essenbode"],
      email: "anna@veldhaven-test.nl",
      phoneNumber: "+31612345678",
    };
    const first = await submitPrivacyRequest(input, SITE_NL, {
      requestOrigin: ORIGIN,
      clientIp: TEST_CLIENT,
      now,
      db: db(),
    });
    if (first.status !== "accepted") throw new Error("not accepted");
    expect(
      await db().selectFrom("marketing_suppression").selectAll().where("request_id", "=", first.id).execute(),
    ).toEqual([]);
    const token = tokenIn((await mailsTo("anna@veldhaven-test.nl"))[0].text_body)!;
    expect(await confirmVerification(token, { now, db: db() })).toEqual({ status: "verified" });
    expect((await requestRow(first.id)).state).toBe("COMPLETED");
    const rows = await db()
      .selectFrom("marketing_suppression")
      .select(["brand_key", "channel", "identifier"])
      .where("request_id", "=", first.id)
      .orderBy("brand_key")
      .orderBy("channel")
      .execute();
    expect(rows).toEqual([
      { brand_key: "dagwijzer", channel: "EMAIL", identifier: "anna@veldhaven-test.nl" },
      { brand_key: "dagwijzer", channel: "PHONE", identifier: "+31612345678" },
      { brand_key: "essenbode", channel: "EMAIL", identifier: "anna@veldhaven-test.nl" },
      { brand_key: "essenbode", channel: "PHONE", identifier: "+31612345678" },
    ]);
    expect((await auditOf(first.id)).map((event) => event.action)).toEqual(["SUBMITTED", "VERIFIED", "EXECUTED"]);
    expect((await mailsTo("anna@veldhaven-test.nl"))[1].text_body).toContain("uiterlijk binnen 30 dagen uitgeschreven");

    // The same objection again, without e-mail: executed at once, no duplicate rows.
    const again = await submitPrivacyRequest(
      { flowType: "OBJECTION", brands: ["dagwijzer"], phoneNumber: "+31612345678" },
      SITE_NL,
      { requestOrigin: ORIGIN, clientIp: TEST_CLIENT, now, db: db() },
    );
    expect(again).toMatchObject({ status: "accepted", state: "COMPLETED", verificationSent: false });
    if (again.status !== "accepted") throw new Error("not accepted");
    expect(
      await db().selectFrom("marketing_suppression").selectAll().where("request_id", "=", again.id).execute(),
    ).toEqual([]);
    const total = await db()
      .selectFrom("marketing_suppression")
      .select(db().fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(total.n)).toBe(4);
    expect(await auditOf(again.id)).toEqual([
      { actor: "DATA_SUBJECT", action: "SUBMITTED", from_state: null, to_state: null },
      { actor: "SYSTEM", action: "EXECUTED", from_state: null, to_state: "COMPLETED" },
    ]);
  });

  it("a postal objection without e-mail is executed at once with a normalised address", async () => {
    const outcome = await submitPrivacyRequest(
      {
        flowType: "OBJECTION",
        brands: ["dagpuls"],
        userInfo: {
          salutation: "NONE",
          firstName: "Luc",
          lastName: "Peeters",
          address: {
            street: "Kerkstraat",
            houseNumber: "12",
            houseNumberExtension: "b",
            postalCode: "2000",
            city: "Antwerpen",
            country: "BE",
          },
        },
      },
      SITE_FR,
      {
        requestOrigin: "http://be.localhost:3000",
        clientIp: TEST_CLIENT,
        now: new Date("2026-03-12T10:00:00Z"),
        db: db(),
      },
    );
    if (outcome.status !== "accepted") throw new Error("not accepted");
    const rows = await db()
      .selectFrom("marketing_suppression")
      .select(["channel", "identifier", "country"])
      .where("request_id", "=", outcome.id)
      .execute();
    expect(rows).toEqual([
      { channel: "POSTAL", identifier: "PEETERS|LUC|KERKSTRAAT|12 B|2000|ANTWERPEN|BE", country: "be" },
    ]);
  });

  it("purges what is kept no longer: unverified requests, old contact messages, sent mail bodies, expired rate-limit rows", async () => {
    // A verified access request, whose two mails to the data subject were sent.
    const verified = await submitPrivacyRequest(
      { flowType: "RIGHT_OF_ACCESS", email: "lotte@veldhaven-test.nl", userMessage: "Welke gegevens?" },
      SITE_NL,
      { requestOrigin: ORIGIN, clientIp: TEST_CLIENT, now: new Date("2026-03-10T09:00:00Z"), db: db() },
    );
    if (verified.status !== "accepted") throw new Error("not accepted");
    const verifiedToken = tokenIn((await mailsTo("lotte@veldhaven-test.nl"))[0].text_body)!;
    expect(await confirmVerification(verifiedToken, { now: new Date("2026-03-10T10:00:00Z"), db: db() })).toEqual({
      status: "verified",
    });
    expect(await mailsTo("lotte@veldhaven-test.nl")).toHaveLength(2);

    const submitted = new Date("2026-05-01T09:00:00Z");
    const outcome = await submitPrivacyRequest(
      { flowType: "RIGHT_OF_ACCESS", email: "oud@veldhaven-test.nl" },
      SITE_NL,
      { requestOrigin: ORIGIN, clientIp: TEST_CLIENT, now: submitted, db: db() },
    );
    if (outcome.status !== "accepted") throw new Error("not accepted");
    await db()
      .insertInto("contact_message")
      .values([
        {
          id: "old-contact",
          name: "A",
          email: "a@x.nl",
          question: "q",
          locale: "nl_nl",
          country: "nl",
          created_at: "2025-01-01T00:00:00.000Z",
        },
        {
          id: "new-contact",
          name: "B",
          email: "b@x.nl",
          question: "q",
          locale: "nl_nl",
          country: "nl",
          created_at: "2026-05-01T00:00:00.000Z",
        },
      ])
      .execute();
    await db()
      .updateTable("outbox")
      .set({ status: "sent", sent_at: "2026-01-01T00:00:00.000Z" })
      .where("recipient", "=", "lotte@veldhaven-test.nl")
      .execute();
    const policy = {
      unverifiedRetentionDays: 30,
      contactRetentionDays: 365,
      sentMailRetentionDays: 30,
      complaintRetentionDays: 730,
      noticeRetentionYears: 7,
      staffSessionIdleMinutes: 30,
    };

    // A day later the link has expired: the request is EXPIRED, not yet deleted.
    const dayLater = await runRetention(db(), policy, new Date("2026-05-02T10:00:00Z"));
    expect(dayLater.expiredRequests).toBeGreaterThanOrEqual(1);
    expect((await requestRow(outcome.id)).state).toBe("EXPIRED");
    expect((await auditOf(outcome.id)).at(-1)).toEqual({
      actor: "SYSTEM",
      action: "EXPIRED",
      from_state: "AWAITING_VERIFICATION",
      to_state: "EXPIRED",
    });
    expect(dayLater.deletedContactMessages).toBe(1);
    expect(dayLater.purgedMailBodies).toBe(2);
    const purged = await mailsTo("");
    expect(purged.every((mail) => mail.text_body === "" && mail.subject === "" && mail.status === "sent")).toBe(true);

    // After the retention period it is gone, audit trail included; verified requests stay.
    const later = await runRetention(db(), policy, new Date("2026-06-01T10:00:00Z"));
    expect(later.deletedRequests).toBeGreaterThanOrEqual(1);
    expect(await db().selectFrom("privacy_request").select("id").where("id", "=", outcome.id).execute()).toEqual([]);
    expect(await auditOf(outcome.id)).toEqual([]);
    const kept = await db()
      .selectFrom("privacy_request")
      .select("state")
      .where("email", "=", "lotte@veldhaven-test.nl")
      .executeTakeFirstOrThrow();
    expect(kept.state).toBe("OPEN");
    expect(await db().selectFrom("contact_message").select("id").execute()).toEqual([{ id: "new-contact" }]);
  });
});

describe("rules of the record", () => {
  it("one month later keeps the day, or takes the month's last day", () => {
    expect(oneMonthAfter(new Date("2026-01-31T12:00:00Z")).toISOString()).toBe("2026-02-28T12:00:00.000Z");
    expect(oneMonthAfter(new Date("2028-01-31T12:00:00Z")).toISOString()).toBe("2028-02-29T12:00:00.000Z");
    expect(oneMonthAfter(new Date("2026-12-15T08:30:00Z")).toISOString()).toBe("2027-01-15T08:30:00.000Z");
  });

  it("identifiers are normalised", () => {
    expect(suppressionIdentifier("EMAIL", { email: " Anna@Example.NL " })).toBe("anna@example.nl");
    expect(suppressionIdentifier("PHONE", { phone: "+31 6 1234 5678" })).toBe("+31612345678");
    expect(suppressionIdentifier("POSTAL", { userInfo: { firstName: "Luc" } })).toBeNull();
  });
});
