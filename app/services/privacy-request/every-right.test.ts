/**
 * Every right of the table takes part in the rules that are not about one
 * right: a request of each, made and confirmed as the person does, is due
 * one month after its confirmation and may be extended once by two
 * (unless it is carried out when confirmed); a repeat from the same address
 * is marked as a possible duplicate, never one of another right; the back
 * office's list filters by it; the daily digest lists it when due; never
 * confirmed, it expires and is deleted; and an answer's files of it go when
 * their link expires. Nothing here lists rights: the table does.
 */
import { expect, it } from "vitest";

import { addMonths } from "~/domain/privacy-request";
import { RIGHTS, type RightType } from "~/domain/rights";
import { extendDeadline, listRequests } from "~/services/privacy-request/back-office.server";
import { runDailyDigest } from "~/services/privacy-request/daily-digest.server";
import { runRetention } from "~/services/retention.server";

import { confirmByMail, submitSample } from "../../../tests/setup/right-samples";
import { describeEachDatabase } from "../../../tests/setup/unit-database";
import { useTestConfig } from "../../../tests/setup/unit-process";

/** Many requests from one address and one client: no limit may refuse them. */
const UNLIMITED = {
  EMAIL_DOMAIN_CHECK: "false",
  RATE_LIMIT_PER_HOUR: "100000",
  PRIVACY_RATE_LIMIT_PER_HOUR: "100000",
  TARGET_LIMIT_PER_HOUR: "1000",
  TARGET_LIMIT_PER_DAY: "10000",
};
const OFFICER = { email: "officer@veldhavenmedia.nl" };
const DAY = 86_400_000;
/** The rights added with the restriction, portability and objection to processing, which these rules must not leave out. */
const ADDED: RightType[] = ["RESTRICTION_OF_PROCESSING", "DATA_PORTABILITY", "OBJECTION_TO_PROCESSING"];
const answeredLater = RIGHTS.filter((right) => !right.completesOnVerification);
const POLICY = {
  unverifiedRetentionDays: 30,
  contactRetentionDays: 365,
  sentMailRetentionDays: 30,
  complaintRetentionDays: 730,
  noticeRetentionYears: 7,
  staffSessionIdleMinutes: 30,
};

describeEachDatabase("every right on $name", (database) => {
  useTestConfig(UNLIMITED);
  const db = () => database.db;
  const row = (reference: string) =>
    db().selectFrom("privacy_request").selectAll().where("reference", "=", reference).executeTakeFirstOrThrow();
  const emailOf = (right: RightType, tag = "") => `${right.toLowerCase().replaceAll("_", "-")}${tag}@veldhaven-test.nl`;

  /** A request of the right made and confirmed by the person at `now`. */
  async function confirmed(right: RightType, email = emailOf(right), now = new Date()) {
    const made = await submitSample(db(), right, email, now);
    expect(await confirmByMail(db(), made.reference, now), right).toEqual({ status: "verified" });
    return made.reference;
  }

  it("is due one month after confirmation, extendable once by two, unless carried out when confirmed", async () => {
    expect(answeredLater.map((right) => right.code)).toEqual(expect.arrayContaining(ADDED));
    const now = new Date("2026-01-31T10:00:00.000Z");
    for (const right of RIGHTS) {
      const reference = await confirmed(right.code, emailOf(right.code), now);
      const due = (await row(reference)).due_at;
      if (right.completesOnVerification) {
        expect(due, right.code).toBeNull();
        continue;
      }
      // 31 January + one month: the last day of February.
      expect(due, right.code).toBe("2026-02-28T10:00:00.000Z");
      expect(await extendDeadline(db(), reference, OFFICER, { months: 2, reason: "Drie systemen." }, now)).toEqual({
        status: "done",
      });
      expect((await row(reference)).due_at, right.code).toBe(addMonths(new Date(due!), 2).toISOString());
      expect(await extendDeadline(db(), reference, OFFICER, { months: 1, reason: "Nog eens." }, now)).toEqual({
        status: "not-allowed",
      });
    }
  });

  it("marks a repeat from the same address as a possible duplicate of the first, never of another right", async () => {
    for (const right of ADDED) {
      const email = emailOf(right, "-dubbel");
      const first = await confirmed(right, email);
      const repeat = await confirmed(right, email.toUpperCase());
      expect((await row(repeat)).duplicate_of, right).toBe(first);
    }
    const email = "twee-rechten@veldhaven-test.nl";
    const portability = await confirmed("DATA_PORTABILITY", email);
    const restriction = await confirmed("RESTRICTION_OF_PROCESSING", email);
    expect((await row(portability)).duplicate_of).toBeNull();
    expect((await row(restriction)).duplicate_of).toBeNull();
  });

  it("is found by the back office's filter by right and listed in the daily digest when due", async () => {
    const now = new Date();
    const references = new Map<RightType, string>();
    for (const right of answeredLater) references.set(right.code, await confirmed(right.code));
    await db()
      .updateTable("privacy_request")
      .set({ due_at: new Date(now.getTime() + 3 * DAY).toISOString() })
      .execute();
    for (const [right, reference] of references) {
      const listed = await listRequests(db(), { rightType: right }, { now });
      expect(
        listed.requests.map((request) => request.reference),
        right,
      ).toEqual([reference]);
    }
    expect(await runDailyDigest(db(), { now, force: true })).toBeGreaterThan(0);
    const digests = (
      await db().selectFrom("outbox").select("text_body").where("kind", "=", "privacy-digest").execute()
    ).map((mail) => mail.text_body);
    for (const [right, reference] of references)
      expect(
        digests.some((digest) => digest.includes(reference)),
        right,
      ).toBe(true);
  });

  it("expires when never confirmed and is deleted after the retention period; an answer's files go with their link", async () => {
    const submitted = new Date("2026-05-01T09:00:00.000Z");
    const ids = [];
    for (const right of RIGHTS) ids.push((await submitSample(db(), right.code, emailOf(right.code), submitted)).id);
    const dayLater = await runRetention(db(), POLICY, new Date("2026-05-02T10:00:00.000Z"));
    expect(dayLater.expiredRequests).toBe(RIGHTS.length);
    const later = await runRetention(db(), POLICY, new Date("2026-06-01T10:00:00.000Z"));
    expect(later.deletedRequests).toBe(RIGHTS.length);
    expect(await db().selectFrom("privacy_request").select("id").where("id", "in", ids).execute()).toEqual([]);

    // A portability package handed over behind a link that has expired, and a file never sent of a closed request.
    const reference = await confirmed("DATA_PORTABILITY", "pakket@veldhaven-test.nl");
    const { id } = await row(reference);
    await db().updateTable("privacy_request").set({ state: "COMPLETED" }).where("id", "=", id).execute();
    await db()
      .insertInto("request_delivery")
      .values({
        id: "delivery-1",
        request_id: id,
        token_hash: "x".repeat(64),
        message: "Je gegevens.",
        expires_at: "2026-05-01T00:00:00.000Z",
        created_at: "2026-04-01T00:00:00.000Z",
        files_deleted_at: null,
      })
      .execute();
    const file = (fileId: string, deliveryId: string | null) => ({
      id: fileId,
      request_id: id,
      direction: "ANSWER" as const,
      status: "STORED" as const,
      name: `${fileId}.json`,
      media_type: "application/json",
      size: 2,
      chunk_count: 0,
      key_id: "k1",
      uploaded_by: "system:crm",
      delivery_id: deliveryId,
      last_downloaded_at: null,
      created_at: "2026-04-01T00:00:00.000Z",
      deleted_at: null,
    });
    await db()
      .insertInto("request_file")
      .values([file("sent", "delivery-1"), file("unsent", null)])
      .execute();
    expect((await runRetention(db(), POLICY, new Date("2026-06-01T10:00:00.000Z"))).deletedFiles).toBe(2);
    const left = await db().selectFrom("request_file").select(["id", "status"]).where("request_id", "=", id).execute();
    expect(left).toEqual([{ id: "sent", status: "DELETED" }]);
  });
});
