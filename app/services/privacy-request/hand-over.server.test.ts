/**
 * A package the person asked us to send to another controller (Art.
 * 20(2)): the officer records how and when it went, once, never for a day
 * to come; the trail keeps it and the person's status page says "sent to
 * <controller> on <date>". A request of another right, or one whose package
 * goes to the person, has nothing to hand over.
 */
import { beforeEach, expect, it } from "vitest";

import { singleton } from "~/utils/singleton.server";

import { describeEachDatabase, type DatabaseFixture } from "../../../tests/setup/unit-database";
import { useTestConfig, useTestDatabaseAsProcessDatabase } from "../../../tests/setup/unit-process";
import { recordHandOver, teamToday } from "./hand-over.server";
import { newLinkToken } from "./link-tokens.server";
import { submitPrivacyRequest } from "./record.server";
import { inspectStatus } from "./status.server";

const OFFICER = { email: "officer@veldhavenmedia.nl" };
const NOW = new Date("2025-06-10T21:30:00Z");
const TO_CONTROLLER = {
  delivery: "CONTROLLER",
  controllerName: "Leesclub Noord BV",
  controllerAddress: "privacy@leesclub-noord.example",
};

async function request(database: DatabaseFixture, flowType: string, details?: Record<string, string>) {
  const outcome = await submitPrivacyRequest(
    { flowType, email: "overdracht@veldhaven-test.nl", ...(details ? { details } : {}) } as never,
    { country: "nl", locale: "nl_nl", language: "nl" },
    { requestOrigin: "http://nl.localhost", clientIp: "192.0.2.71", db: database.db },
  );
  if (outcome.status !== "accepted") throw new Error("not accepted");
  await database.db
    .updateTable("privacy_request")
    .set({ state: "COMPLETED", verified_at: NOW.toISOString() })
    .where("id", "=", outcome.id)
    .execute();
  return outcome;
}

describeEachDatabase("handing a package over to another controller on $name", (database) => {
  useTestConfig();
  useTestDatabaseAsProcessDatabase(database);
  beforeEach(() => singleton<unknown>("submission-limiters").set(undefined));

  it("records how and when, once, and the person's status page says it was sent to the controller", async () => {
    const { id, reference } = await request(database, "DATA_PORTABILITY", TO_CONTROLLER);
    const handOver = { how: "Via SFTP naar hun functionaris gegevensbescherming", on: "2025-06-09" };
    expect(await recordHandOver(database.db, reference, OFFICER, handOver, NOW)).toEqual({ status: "done" });
    const row = await database.db
      .selectFrom("privacy_request")
      .select(["handed_over_at", "handed_over_how"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ handed_over_at: "2025-06-09", handed_over_how: handOver.how });
    const event = await database.db
      .selectFrom("audit_event")
      .select(["actor_id", "note"])
      .where("request_id", "=", id)
      .where("action", "=", "HANDED_OVER")
      .executeTakeFirstOrThrow();
    expect(event).toEqual({ actor_id: OFFICER.email, note: `Leesclub Noord BV, 2025-06-09: ${handOver.how}` });

    // Once: a second record is refused as the page's other actions are (409).
    expect(await recordHandOver(database.db, reference, OFFICER, { how: "per post", on: "2025-06-10" }, NOW)).toEqual({
      status: "not-allowed",
    });

    const { token, hash } = newLinkToken();
    await database.db
      .insertInto("status_link")
      .values({
        token_hash: hash,
        request_id: id,
        expires_at: new Date(Date.now() + 3_600_000).toISOString(),
        created_at: new Date().toISOString(),
      })
      .execute();
    expect(await inspectStatus(database.db, token)).toMatchObject({
      status: "valid",
      handedOver: { controller: "Leesclub Noord BV", on: "2025-06-09" },
    });
  });

  it("refuses a day to come, on the team's calendar: late in the evening of the 10th, the 11th is tomorrow", async () => {
    const { reference } = await request(database, "DATA_PORTABILITY", TO_CONTROLLER);
    expect(teamToday(NOW)).toBe("2025-06-10");
    expect(await recordHandOver(database.db, reference, OFFICER, { how: "per post", on: "2025-06-11" }, NOW)).toEqual({
      status: "invalid",
      fieldErrors: { on: ["backOffice.portability.handOver.errors.onFuture"] },
    });
    expect(await recordHandOver(database.db, reference, OFFICER, { how: "per post", on: "2025-06-10" }, NOW)).toEqual({
      status: "done",
    });
  });

  it("has nothing to hand over for a package the person receives, or a request of another right", async () => {
    const toPerson = await request(database, "DATA_PORTABILITY", { delivery: "PERSON" });
    const access = await request(database, "RIGHT_OF_ACCESS");
    for (const { reference } of [toPerson, access])
      expect(await recordHandOver(database.db, reference, OFFICER, { how: "per post", on: "2025-06-09" }, NOW)).toEqual(
        { status: "not-allowed" },
      );
    const rows = await database.db.selectFrom("privacy_request").select("handed_over_at").execute();
    expect(rows.every((row) => row.handed_over_at === null)).toBe(true);
  });
});
