/**
 * The status page shows the privacy team's question and,
 * as its link proves the mailbox, gives a link of its own to answer it, so a
 * person who lost the question's mail is not stuck. The link is stored as a
 * hash, ends with the status link and dies with the answer; the mailed link
 * keeps working.
 */
import { expect, it } from "vitest";

import { confirmVerification } from "~/services/privacy-request/email-verification.server";
import { hashToken } from "~/services/privacy-request/link-tokens.server";
import {
  answerQuestion,
  askPerson,
  deleteExpiredReplyLinks,
  openQuestion,
} from "~/services/privacy-request/questions.server";
import { submitPrivacyRequest } from "~/services/privacy-request/record.server";
import { askForStatusLink, inspectStatus, replyLinkFromStatus } from "~/services/privacy-request/status.server";

import { describeEachDatabase } from "../../../tests/setup/unit-database";
import { useTestConfig } from "../../../tests/setup/unit-process";

process.env.EMAIL_DOMAIN_CHECK = "false";
process.env.PRIVACY_RATE_LIMIT_PER_HOUR = "100000";
process.env.RATE_LIMIT_PER_HOUR = "100000";
process.env.TARGET_LIMIT_PER_HOUR = "1000";
process.env.TARGET_LIMIT_PER_DAY = "10000";

const OFFICER = { email: "officer@veldhavenmedia.nl" };
const SITE = { country: "nl", locale: "nl_nl", language: "nl" } as const;
const HOUR = 3_600_000;
const QUESTION = "Welk klantnummer heb je?\nHet staat op je factuur.";

describeEachDatabase("reply links from the status page on $name", (database) => {
  useTestConfig();
  const db = () => database.db;
  const tokenIn = async (to: string, kind: string, pattern: RegExp) => {
    const mails = await db()
      .selectFrom("outbox")
      .select("text_body")
      .where("recipient", "=", to)
      .where("kind", "=", kind)
      .orderBy("created_at", "desc")
      .execute();
    return pattern.exec(mails[0].text_body)![1];
  };

  /** A confirmed request, a status link for it, and (unless `ask` is false) an officer's question. */
  async function waiting(email: string, now: Date, ask = true) {
    const made = await submitPrivacyRequest({ flowType: "RIGHT_OF_ACCESS", email }, SITE, {
      requestOrigin: "",
      clientIp: "192.0.2.50",
      db: db(),
      now,
    });
    if (made.status !== "accepted") throw new Error("not accepted");
    const verification = await tokenIn(email, "privacy-verification", /email-verification\?token=([A-Za-z0-9_-]{43})/);
    expect(await confirmVerification(verification, { db: db(), now })).toEqual({ status: "verified" });
    if (ask) expect(await askPerson(db(), made.reference, OFFICER, QUESTION, now)).toEqual({ status: "done" });
    await askForStatusLink(db(), { reference: made.reference, email }, SITE, { clientIp: "192.0.2.51", now });
    const status = await tokenIn(email, "privacy-status-link", /status\/view\?token=([A-Za-z0-9_-]{43})/);
    return { reference: made.reference, status };
  }

  it("shows the open question, gives a new link that answers it once, then shows the answer given", async () => {
    const email = `kwijt-${Date.now()}@veldhaven-test.nl`;
    const asked = new Date();
    const { reference, status } = await waiting(email, asked);
    const mailed = await tokenIn(email, "privacy-question", /privacy-rights\/reply\?token=([A-Za-z0-9_-]{43})/);
    expect(await inspectStatus(db(), status, asked)).toMatchObject({
      state: "WAITING_FOR_PERSON",
      question: { text: QUESTION, askedAt: asked.toISOString(), answeredAt: null, open: true },
    });

    const later = new Date(asked.getTime() + HOUR);
    const issued = await replyLinkFromStatus(db(), status, later);
    expect(issued).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only its hash is kept.
    const [row] = await db().selectFrom("reply_link").selectAll().execute();
    expect(row.token_hash).toBe(hashToken(issued!));
    expect(JSON.stringify(row)).not.toContain(issued);
    expect(await openQuestion(db(), issued!, later)).toMatchObject({
      reference,
      question: QUESTION,
      answeredAt: null,
      state: "WAITING_FOR_PERSON",
    });
    // The mailed link still works beside it.
    expect(await openQuestion(db(), mailed, later)).toMatchObject({ reference });

    expect(await answerQuestion(db(), issued!, "NL-123456", 0, later)).toEqual({ status: "answered" });
    // Used once: the new link is gone, the mailed one says the question is answered.
    expect(await answerQuestion(db(), issued!, "Nog eens", 0, later)).toEqual({ status: "unknown" });
    expect(await answerQuestion(db(), mailed, "Nog eens", 0, later)).toEqual({ status: "closed" });
    expect(await db().selectFrom("reply_link").selectAll().execute()).toEqual([]);
    expect(await inspectStatus(db(), status, later)).toMatchObject({
      state: "IN_PROGRESS",
      question: { text: QUESTION, answeredAt: later.toISOString(), open: false },
    });
    // Nothing waits for an answer any more: no new link.
    expect(await replyLinkFromStatus(db(), status, later)).toBeNull();
  });

  it("ends with the status link it came from, and the retention run clears it", async () => {
    const email = `verlopen-${Date.now()}@veldhaven-test.nl`;
    const asked = new Date();
    const { status } = await waiting(email, asked);
    const issued = await replyLinkFromStatus(db(), status, new Date(asked.getTime() + 23 * HOUR));
    const [statusLink] = await db().selectFrom("status_link").select("expires_at").execute();
    const [replyLink] = await db().selectFrom("reply_link").select("expires_at").execute();
    expect(replyLink.expires_at).toBe(statusLink.expires_at);

    const dayLater = new Date(asked.getTime() + 25 * HOUR);
    expect(await openQuestion(db(), issued!, dayLater)).toBeNull();
    expect(await answerQuestion(db(), issued!, "Te laat", 0, dayLater)).toEqual({ status: "unknown" });
    // An expired status link gives none.
    expect(await replyLinkFromStatus(db(), status, dayLater)).toBeNull();
    expect(await deleteExpiredReplyLinks(db(), dayLater)).toBe(1);
  });

  it("gives no link without an open question or a good status link, and keeps no more than three", async () => {
    const email = `geenvraag-${Date.now()}@veldhaven-test.nl`;
    const now = new Date();
    const { status } = await waiting(email, now, false);
    expect(await inspectStatus(db(), status, now)).toMatchObject({ state: "OPEN", question: null });
    expect(await replyLinkFromStatus(db(), status, now)).toBeNull();
    expect(await replyLinkFromStatus(db(), "x".repeat(43), now)).toBeNull();
    expect(await replyLinkFromStatus(db(), "not a token", now)).toBeNull();

    const other = await waiting(`vaak-${Date.now()}@veldhaven-test.nl`, now);
    const issued: string[] = [];
    for (let click = 0; click < 5; click++)
      issued.push((await replyLinkFromStatus(db(), other.status, new Date(now.getTime() + click * 1000)))!);
    expect(await db().selectFrom("reply_link").selectAll().execute()).toHaveLength(3);
    // The newest ones stay: the one a browser got last always works.
    for (const token of issued.slice(2)) expect(await openQuestion(db(), token, now)).not.toBeNull();
    for (const token of issued.slice(0, 2)) expect(await openQuestion(db(), token, now)).toBeNull();
  });

  it("60 status-page posts at once keep at most 3 links, and 60 answers at once through them are taken once", async () => {
    const email = `zestig-${Date.now()}@veldhaven-test.nl`;
    const asked = new Date();
    const { status } = await waiting(email, asked);
    const later = new Date(asked.getTime() + HOUR);
    const issued = await Promise.all(Array.from({ length: 60 }, () => replyLinkFromStatus(db(), status, later)));
    expect(issued.every((token) => typeof token === "string")).toBe(true);
    const kept = await db().selectFrom("reply_link").select("token_hash").execute();
    expect(kept.length).toBeLessThanOrEqual(3);
    const live = issued.filter((token) => kept.some((row) => row.token_hash === hashToken(token!)));
    const outcomes = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        answerQuestion(db(), live[index % live.length]!, `Antwoord ${index}`, 0, later),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === "answered")).toHaveLength(1);
  });
});
