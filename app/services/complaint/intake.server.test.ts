import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { beforeEach, expect, it } from "vitest";

import { importCampaigns } from "~/services/campaign/register.server";
import { submitComplaint } from "~/services/complaint/intake.server";
import { runRetention } from "~/services/retention.server";

import { describeEachDatabase } from "../../../tests/setup/unit-database";

// The service reads its settings once; no DNS lookups and a data folder of its own.
process.env.EMAIL_DOMAIN_CHECK = "false";
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "complaint-config-"));
// Limits are not what these tests are about (app/services/submission/limits.server.test.ts): the process counts them in its own database, high enough never to refuse here.
process.env.TARGET_LIMIT_PER_HOUR = "1000";
process.env.TARGET_LIMIT_PER_DAY = "10000";
process.env.PRIVACY_RATE_LIMIT_PER_HOUR = "100000";
process.env.RATE_LIMIT_PER_HOUR = "100000";

const TEST_CLIENT = "192.0.2.10";

const SITE_BE_FR = { country: "be", locale: "fr_be" } as const;
const NOW = new Date("2026-11-23T10:00:00Z");
const DAY = 86_400_000;

const campaign = {
  id: "BE-2026-7001",
  country: "BE",
  status: "RUNNING",
  channel: "TV",
  sponsorName: "Liste Essai",
  publicationStartDate: "2026-11-01",
  fundingOriginType: "PRIVATE",
  fundingRegion: "EU",
  campaignContextType: "FEDERALE",
};

const report = {
  reason: "MISLEADING",
  name: "Camille Lecteur",
  email: "Camille@Veldhaven-Test.nl",
  explanation: "Pas de payeur.",
  campaignId: campaign.id,
} as const;

describeEachDatabase("ad reports on $name", (database) => {
  beforeEach(async () => {
    const imported = await importCampaigns(database.db, [campaign], [1], NOW);
    expect(imported.ok).toBe(true);
  });
  const db = () => database.db;

  it("stores the report and, in the same transaction, the reporter's acknowledgement and the compliance team's notice", async () => {
    const outcome = await submitComplaint(report, SITE_BE_FR, {
      sender: { clientIp: TEST_CLIENT },
      now: NOW,
      db: db(),
    });
    expect(outcome).toMatchObject({
      status: "received",
      reference: expect.stringMatching(/^PA-[0-9A-Z]{4}-[0-9A-Z]{4}$/),
    });
    if (outcome.status !== "received") throw new Error("not received");
    const row = await db()
      .selectFrom("political_ad_complaint")
      .selectAll()
      .where("id", "=", outcome.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      campaign_id: campaign.id,
      country: "be",
      reason: "MISLEADING",
      email: "camille@veldhaven-test.nl",
      locale: "fr_be",
      state: "RECEIVED",
    });

    const mails = await db()
      .selectFrom("outbox")
      .select(["kind", "recipient", "subject", "text_body"])
      .orderBy("created_at")
      .execute();
    const acknowledgement = mails.find((mail) => mail.kind === "ad-complaint-acknowledgement")!;
    expect(acknowledgement.recipient).toBe("Camille@Veldhaven-Test.nl");
    expect(acknowledgement.text_body).toContain(outcome.reference);
    expect(acknowledgement.text_body).toContain(campaign.id);
    const notice = mails.find((mail) => mail.kind === "ad-complaint-notification")!;
    expect(notice.recipient).toBe("publicite-politique@veldhavenmedia.be");
    expect(notice.subject).toContain(outcome.reference);
    // The team's notice points to the report, not to the reporter.
    expect(notice.text_body).not.toContain("Camille");
  });

  it("refuses an ad of another country, storing and sending nothing", async () => {
    const before = await db()
      .selectFrom("outbox")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const outcome = await submitComplaint(
      { reason: "INCORRECT", name: "Jan", email: "jan@veldhaven-test.nl", explanation: "x", campaignId: campaign.id },
      { country: "nl", locale: "nl_nl" },
      { sender: { clientIp: TEST_CLIENT }, now: NOW, db: db() },
    );
    expect(outcome).toEqual({ status: "NOT_FOUND" });
    const after = await db()
      .selectFrom("outbox")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const stored = await db()
      .selectFrom("political_ad_complaint")
      .select("id")
      .where("email", "=", "jan@veldhaven-test.nl")
      .execute();
    expect(stored).toEqual([]);
  });

  it("deletes reports when their retention ends, and not before", async () => {
    const policy = {
      unverifiedRetentionDays: 30,
      contactRetentionDays: 365,
      sentMailRetentionDays: 30,
      complaintRetentionDays: 730,
      noticeRetentionYears: 7,
      staffSessionIdleMinutes: 30,
    };
    expect(
      await submitComplaint(report, SITE_BE_FR, { sender: { clientIp: TEST_CLIENT }, now: NOW, db: db() }),
    ).toMatchObject({ status: "received" });
    const count = async () =>
      Number(
        (
          await db()
            .selectFrom("political_ad_complaint")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBe(1);
    expect((await runRetention(db(), policy, new Date(NOW.getTime() + 729 * DAY))).deletedComplaints).toBe(0);
    expect(await count()).toBe(1);
    expect((await runRetention(db(), policy, new Date(NOW.getTime() + 731 * DAY))).deletedComplaints).toBe(1);
    expect(await count()).toBe(0);
  });
});
