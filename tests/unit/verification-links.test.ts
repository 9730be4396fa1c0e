import { expect, it } from "vitest";

process.env.EMAIL_DOMAIN_CHECK = "false";
process.env.PRIVACY_RATE_LIMIT_PER_HOUR = "100000";
process.env.TARGET_LIMIT_PER_HOUR = "1000";
process.env.TARGET_LIMIT_PER_DAY = "10000";

import { confirmVerification, inspectVerification, submitPrivacyRequest } from "~/services/privacy-request.server";
import { retentionPolicy, runRetention } from "~/services/retention.server";
import { resendVerification, sendVerificationReminders } from "~/services/verification-links.server";
import { describeEachDatabase } from "../setup/unit-database";
import { useTestConfig } from "../setup/unit-process";

const SITE = { country: "be", locale: "fr_be", language: "fr" } as const;
const HOUR = 3_600_000;
const TOKEN = /email-verification\?token=([A-Za-z0-9_-]{43})/g;

describeEachDatabase("new links and reminders on $name", (database) => {
  useTestConfig({ VERIFICATION_LINK_TTL_HOURS: "24" });
  const db = () => database.db;
  const tokens = async (to: string) => {
    const mails = await db().selectFrom("outbox").select(["subject", "text_body"]).where("recipient", "=", to).where("kind", "=", "privacy-verification").execute();
    return mails.map((mail) => ({ subject: mail.subject, token: [...mail.text_body.matchAll(TOKEN)][0][1] }));
  };
  async function made(email: string, now: Date) {
    const outcome = await submitPrivacyRequest({ flowType: "RIGHT_OF_ACCESS", email }, SITE, { requestOrigin: "", clientIp: "192.0.2.50", db: db(), now });
    if (outcome.status !== "accepted") throw new Error("not accepted");
    return (await tokens(email))[0].token;
  }

  it("a new link replaces the old one, once for many clicks at once, at most 3 times and 5 minutes apart; a request the retention job had expired comes back", async () => {
    const email = `nieuw-${Date.now()}@veldhaven-test.nl`;
    const start = new Date();
    const first = await made(email, start);
    const expired = new Date(start.getTime() + 25 * HOUR);
    await runRetention(db(), retentionPolicy(), expired);
    expect(await inspectVerification(first, { db: db(), now: expired })).toEqual({ status: "expired" });

    // Ten clicks at once: one new link.
    const clicks = await Promise.all(Array.from({ length: 10 }, () => resendVerification(db(), first, expired)));
    expect(clicks.filter((outcome) => outcome.status === "sent")).toHaveLength(1);
    const mails = await tokens(email);
    expect(mails).toHaveLength(2);
    expect(mails[1].subject).toMatch(/^Nouveau lien: confirmez votre demande/);
    const second = mails[1].token;
    expect(await inspectVerification(first, { db: db(), now: expired })).toEqual({ status: "unknown" });
    expect(await inspectVerification(second, { db: db(), now: expired })).toMatchObject({ status: "valid" });

    // The new link expires too; asking again within 5 minutes waits, then works, up to 3.
    const later = new Date(expired.getTime() + 2 * 60_000);
    await db().updateTable("privacy_request").set({ verification_expires_at: later.toISOString() }).where("email", "=", email).execute();
    expect(await resendVerification(db(), second, later)).toEqual({ status: "wait", retryAfterSeconds: 180 });
    let current = second;
    for (let round = 2; round <= 3; round += 1) {
      const at = new Date(expired.getTime() + round * 10 * 60_000);
      expect(await resendVerification(db(), current, at)).toEqual({ status: "sent" });
      current = (await tokens(email)).at(-1)!.token;
    }
    expect(await resendVerification(db(), current, new Date(expired.getTime() + HOUR))).toEqual({ status: "limit" });
    expect(await confirmVerification(current, { db: db(), now: new Date(expired.getTime() + HOUR) })).toEqual({ status: "verified" });
    expect(await resendVerification(db(), current, new Date(expired.getTime() + 2 * HOUR))).toEqual({ status: "verified" });
  });

  it("one reminder halfway through the link's life, claimed once by two runs at once; its link confirms, the first still does too", async () => {
    const email = `herinnering-${Date.now()}@veldhaven-test.nl`;
    const start = new Date();
    const first = await made(email, start);
    expect(await sendVerificationReminders(db(), new Date(start.getTime() + 11 * HOUR))).toBe(0);
    const halfway = new Date(start.getTime() + 12 * HOUR + 1000);
    const runs = await Promise.all([sendVerificationReminders(db(), halfway), sendVerificationReminders(db(), halfway)]);
    expect(runs[0] + runs[1]).toBe(1);
    expect(await sendVerificationReminders(db(), new Date(halfway.getTime() + HOUR))).toBe(0);
    const mails = await tokens(email);
    expect(mails).toHaveLength(2);
    expect(mails[1].subject).toMatch(/^Rappel: confirmez votre demande/);
    expect(await inspectVerification(first, { db: db(), now: halfway })).toMatchObject({ status: "valid" });
    expect(await confirmVerification(mails[1].token, { db: db(), now: halfway })).toEqual({ status: "verified" });
  });
});
