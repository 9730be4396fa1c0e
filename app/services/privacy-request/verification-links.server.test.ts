import { expect, it } from "vitest";

import { confirmVerification, inspectVerification } from "~/services/privacy-request/email-verification.server";
import { submitPrivacyRequest } from "~/services/privacy-request/record.server";
import {
  newLinkOffer,
  resendVerification,
  sendVerificationReminders,
} from "~/services/privacy-request/verification-links.server";
import { retentionPolicy, runRetention } from "~/services/retention.server";

import { describeEachDatabase } from "../../../tests/setup/unit-database";
import { useTestConfig } from "../../../tests/setup/unit-process";

process.env.EMAIL_DOMAIN_CHECK = "false";
process.env.PRIVACY_RATE_LIMIT_PER_HOUR = "100000";
process.env.TARGET_LIMIT_PER_HOUR = "1000";
process.env.TARGET_LIMIT_PER_DAY = "10000";

const SITE = { country: "be", locale: "fr_be", language: "fr" } as const;
const HOUR = 3_600_000;
const TOKEN = /email-verification\?token=([A-Za-z0-9_-]{43})/g;

describeEachDatabase("new links and reminders on $name", (database) => {
  useTestConfig({ VERIFICATION_LINK_TTL_HOURS: "24" });
  const db = () => database.db;
  const tokens = async (to: string) => {
    const mails = await db()
      .selectFrom("outbox")
      .select(["subject", "text_body"])
      .where("recipient", "=", to)
      .where("kind", "=", "privacy-verification")
      .orderBy("created_at")
      .execute();
    return mails.map((mail) => ({
      subject: mail.subject,
      text: mail.text_body,
      token: [...mail.text_body.matchAll(TOKEN)][0][1],
    }));
  };
  const stateOf = async (email: string) =>
    (await db().selectFrom("privacy_request").select("state").where("email", "=", email).executeTakeFirstOrThrow())
      .state;
  async function made(email: string, now: Date) {
    const outcome = await submitPrivacyRequest({ flowType: "RIGHT_OF_ACCESS", email }, SITE, {
      requestOrigin: "",
      clientIp: "192.0.2.50",
      db: db(),
      now,
    });
    if (outcome.status !== "accepted") throw new Error("not accepted");
    return (await tokens(email))[0].token;
  }

  it("ten clicks at once send one new link; the old link stops working; a click again gets the same answer and no mail; a request the retention job had expired comes back", async () => {
    const email = `nieuw-${Date.now()}@veldhaven-test.nl`;
    const start = new Date();
    const first = await made(email, start);
    const expired = new Date(start.getTime() + 25 * HOUR);
    expect((await runRetention(db(), retentionPolicy(), expired)).expiredRequests).toBe(1);
    expect(await stateOf(email)).toBe("EXPIRED");
    expect(await inspectVerification(first, { db: db(), now: expired })).toEqual({ status: "expired" });
    expect(await newLinkOffer(db(), first)).toBe("offer");

    const clicks = await Promise.all(Array.from({ length: 10 }, () => resendVerification(db(), first, expired)));
    expect(clicks).toEqual(Array.from({ length: 10 }, () => ({ status: "sent" })));
    const mails = await tokens(email);
    expect(mails).toHaveLength(2);
    expect(mails[1].subject).toMatch(/^Nouveau lien: confirmez votre demande/);
    expect(mails[1].text).toContain("Le précédent ne fonctionne plus");
    const second = mails[1].token;
    expect(second).not.toBe(first);
    expect(await stateOf(email)).toBe("AWAITING_VERIFICATION");
    expect(await inspectVerification(first, { db: db(), now: expired })).toEqual({ status: "unknown" });
    expect(await confirmVerification(first, { db: db(), now: expired })).toEqual({ status: "unknown" });
    expect(await inspectVerification(second, { db: db(), now: expired })).toMatchObject({ status: "valid" });
    // A reload of the answered post (the old link's cookie still sent) an hour later: the same answer, no third mail.
    expect(await resendVerification(db(), first, new Date(expired.getTime() + HOUR))).toEqual({ status: "sent" });
    expect(await tokens(email)).toHaveLength(2);
    // The retention job leaves the new link alone while it is valid.
    expect((await runRetention(db(), retentionPolicy(), new Date(expired.getTime() + HOUR))).expiredRequests).toBe(0);
    expect(await confirmVerification(second, { db: db(), now: new Date(expired.getTime() + HOUR) })).toEqual({
      status: "verified",
    });
    expect(await resendVerification(db(), second, new Date(expired.getTime() + 2 * HOUR))).toEqual({
      status: "verified",
    });
  });

  it("at most 3 new links, at least 5 minutes apart; then the page offers none", async () => {
    const email = `grens-${Date.now()}@veldhaven-test.nl`;
    const start = new Date();
    let current = await made(email, start);
    let at = new Date(start.getTime() + 25 * HOUR);
    expect(await resendVerification(db(), current, at)).toEqual({ status: "sent" });
    current = (await tokens(email)).at(-1)!.token;

    // The new link expires at once (our clock); asking again 2 minutes later waits 3 more.
    const expireNow = async (when: Date) =>
      db()
        .updateTable("privacy_request")
        .set({ verification_expires_at: when.toISOString() })
        .where("email", "=", email)
        .execute();
    at = new Date(at.getTime() + 2 * 60_000);
    await expireNow(at);
    expect(await resendVerification(db(), current, at)).toEqual({ status: "wait", retryAfterSeconds: 180 });
    expect(await tokens(email)).toHaveLength(2);
    for (const round of [2, 3]) {
      at = new Date(at.getTime() + 5 * 60_000);
      expect(await resendVerification(db(), current, at), `new link ${round}`).toEqual({ status: "sent" });
      current = (await tokens(email)).at(-1)!.token;
      await expireNow(at);
    }
    expect(await tokens(email)).toHaveLength(4);
    expect(await newLinkOffer(db(), current)).toBe("limit");
    expect(await resendVerification(db(), current, new Date(at.getTime() + HOUR))).toEqual({ status: "limit" });
    expect(await tokens(email)).toHaveLength(4);
    const audit = await db()
      .selectFrom("audit_event")
      .select(["action", "actor"])
      .where("action", "=", "LINK_RESENT")
      .execute();
    expect(audit).toEqual(Array.from({ length: 3 }, () => ({ action: "LINK_RESENT", actor: "DATA_SUBJECT" })));
  });

  it("a request the retention job deleted, or no link at all: unknown (the failed page)", async () => {
    const email = `weg-${Date.now()}@veldhaven-test.nl`;
    const start = new Date();
    const first = await made(email, start);
    await runRetention(db(), retentionPolicy(), new Date(start.getTime() + 25 * HOUR));
    await runRetention(db(), retentionPolicy(), new Date(start.getTime() + 31 * 24 * HOUR));
    expect(await newLinkOffer(db(), first)).toBeNull();
    expect(await resendVerification(db(), first, new Date(start.getTime() + 31 * 24 * HOUR))).toEqual({
      status: "unknown",
    });
    expect(await resendVerification(db(), "", new Date())).toEqual({ status: "unknown" });
    expect(await tokens(email)).toHaveLength(1);
  });

  it("one reminder halfway through the link's life, claimed once by two runs at once; its link confirms, the first still does too", async () => {
    const email = `herinnering-${Date.now()}@veldhaven-test.nl`;
    const start = new Date();
    const first = await made(email, start);
    expect(await sendVerificationReminders(db(), new Date(start.getTime() + 11 * HOUR))).toBe(0);
    const halfway = new Date(start.getTime() + 12 * HOUR + 1000);
    const runs = await Promise.all([
      runRetention(db(), retentionPolicy(), halfway),
      runRetention(db(), retentionPolicy(), halfway),
    ]);
    expect(runs[0].verificationReminders + runs[1].verificationReminders).toBe(1);
    expect(await sendVerificationReminders(db(), new Date(halfway.getTime() + HOUR))).toBe(0);
    const mails = await tokens(email);
    expect(mails).toHaveLength(2);
    expect(mails[1].subject).toMatch(/^Rappel: confirmez votre demande/);
    expect(mails[1].text).toContain("Vous n'avez pas encore confirmé votre demande");
    expect(await inspectVerification(first, { db: db(), now: halfway })).toMatchObject({ status: "valid" });
    expect(await confirmVerification(mails[1].token, { db: db(), now: halfway })).toEqual({ status: "verified" });
    expect(await confirmVerification(first, { db: db(), now: halfway })).toEqual({ status: "already-verified" });
  });

  it("a confirmed request, or one whose link expired, gets no reminder; a new link clears the reminder's token", async () => {
    const start = new Date();
    const confirmed = `bevestigd-${Date.now()}@veldhaven-test.nl`;
    await confirmVerification(await made(confirmed, start), { db: db(), now: start });
    const late = `laat-${Date.now()}@veldhaven-test.nl`;
    const lateToken = await made(late, start);
    expect(await sendVerificationReminders(db(), new Date(start.getTime() + 25 * HOUR))).toBe(0);

    // The reminder's link (sent halfway) expires with the first; a new link asked with it replaces both.
    const other = `ander-${Date.now()}@veldhaven-test.nl`;
    const otherStart = new Date(start.getTime() + 26 * HOUR);
    await made(other, otherStart);
    expect(await sendVerificationReminders(db(), new Date(otherStart.getTime() + 13 * HOUR))).toBe(1);
    const reminder = (await tokens(other))[1].token;
    const afterExpiry = new Date(otherStart.getTime() + 25 * HOUR);
    expect(await inspectVerification(reminder, { db: db(), now: afterExpiry })).toEqual({ status: "expired" });
    expect(await resendVerification(db(), reminder, afterExpiry)).toEqual({ status: "sent" });
    expect(await inspectVerification(reminder, { db: db(), now: afterExpiry })).toEqual({ status: "unknown" });
    expect(await tokens(confirmed)).toHaveLength(1);
    expect(lateToken).toBeTruthy();
    expect(await tokens(late)).toHaveLength(1);
  });
});
