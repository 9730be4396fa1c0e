import { expect, it } from "vitest";

import { closeAsDuplicate } from "~/services/privacy-request/duplicates.server";
import { confirmVerification } from "~/services/privacy-request/email-verification.server";
import { answerQuestion, askPerson, closeForNoAnswer } from "~/services/privacy-request/questions.server";
import { submitPrivacyRequest } from "~/services/privacy-request/record.server";

import { describeEachDatabase } from "../../../tests/setup/unit-database";
import { useTestConfig } from "../../../tests/setup/unit-process";

process.env.EMAIL_DOMAIN_CHECK = "false";
process.env.PRIVACY_RATE_LIMIT_PER_HOUR = "100000";
process.env.TARGET_LIMIT_PER_HOUR = "1000";
process.env.TARGET_LIMIT_PER_DAY = "10000";

const OFFICER = { email: "officer@veldhavenmedia.nl" };
const SITE = { country: "nl", locale: "nl_nl", language: "nl" } as const;
const DAY = 86_400_000;

describeEachDatabase("questions and duplicates on $name", (database) => {
  useTestConfig();
  const db = () => database.db;
  const row = (reference: string) =>
    db().selectFrom("privacy_request").selectAll().where("reference", "=", reference).executeTakeFirstOrThrow();
  /** The token in the mail of this kind about this request. */
  const tokenIn = async (to: string, kind: string, reference: string, pattern: RegExp) => {
    const mails = await db()
      .selectFrom("outbox")
      .select("text_body")
      .where("recipient", "=", to.toLowerCase())
      .where("kind", "=", kind)
      .execute();
    return pattern.exec(mails.find((mail) => mail.text_body.includes(reference))!.text_body)![1];
  };

  /** A request made and confirmed through its mailed link, as the person does. */
  async function confirmed(
    email: string,
    flowType: "RIGHT_OF_ACCESS" | "RIGHT_TO_BE_FORGOTTEN" = "RIGHT_OF_ACCESS",
    now = new Date(),
  ) {
    const made = await submitPrivacyRequest({ flowType, email }, SITE, {
      requestOrigin: "",
      clientIp: "192.0.2.40",
      db: db(),
      now,
    });
    if (made.status !== "accepted") throw new Error("not accepted");
    const token = await tokenIn(
      email,
      "privacy-verification",
      made.reference,
      /email-verification\?token=([A-Za-z0-9_-]{43})/,
    );
    expect(await confirmVerification(token, { db: db(), now })).toEqual({ status: "verified" });
    return made.reference;
  }

  it("a question stops the clock; the answer, once, starts it again with the days that were left", async () => {
    const email = `vraag-${Date.now()}@veldhaven-test.nl`;
    const reference = await confirmed(email);
    const asked = new Date();
    const dueBefore = (await row(reference)).due_at!;
    expect(await askPerson(db(), reference, OFFICER, "Welk klantnummer heb je?", asked)).toEqual({ status: "done" });
    expect(await row(reference)).toMatchObject({ state: "WAITING_FOR_PERSON", paused_at: asked.toISOString() });
    const token = await tokenIn(
      email,
      "privacy-question",
      reference,
      /privacy-rights\/reply\?token=([A-Za-z0-9_-]{43})/,
    );
    // Not closable before 30 days without an answer.
    expect(
      await closeForNoAnswer(db(), reference, OFFICER, "Geen antwoord.", new Date(asked.getTime() + 29 * DAY)),
    ).toEqual({ status: "not-allowed" });

    const answered = new Date(asked.getTime() + 5 * DAY);
    expect(await answerQuestion(db(), token, "NL-123456", 0, answered)).toEqual({ status: "answered" });
    expect(await answerQuestion(db(), token, "Nog eens", 0, answered)).toEqual({ status: "closed" });
    const after = await row(reference);
    expect(after).toMatchObject({ state: "IN_PROGRESS", paused_at: null });
    expect(new Date(after.due_at!).getTime() - new Date(dueBefore).getTime()).toBe(5 * DAY);
    expect(await answerQuestion(db(), "x".repeat(43), "?", 0, answered)).toEqual({ status: "unknown" });
  });

  it("without an answer for 30 days the request may be closed, the reason mailed", async () => {
    const email = `stil-${Date.now()}@veldhaven-test.nl`;
    const reference = await confirmed(email);
    const asked = new Date();
    await askPerson(db(), reference, OFFICER, "Welk klantnummer?", asked);
    expect(
      await closeForNoAnswer(
        db(),
        reference,
        OFFICER,
        "Geen antwoord binnen 30 dagen.",
        new Date(asked.getTime() + 31 * DAY),
      ),
    ).toEqual({ status: "done" });
    expect((await row(reference)).state).toBe("CLOSED");
    const mails = await db()
      .selectFrom("outbox")
      .select("text_body")
      .where("recipient", "=", email)
      .where("kind", "=", "privacy-closed")
      .execute();
    expect(mails[0].text_body).toContain("Geen antwoord binnen 30 dagen.");
  });

  it("marks a repeat of an open or recently completed request of the same right and address, never of another right; closes it with the reference mailed", async () => {
    const email = `dubbel-${Date.now()}@veldhaven-test.nl`;
    const first = await confirmed(email);
    const erasure = await confirmed(email, "RIGHT_TO_BE_FORGOTTEN");
    const second = await confirmed(email.toUpperCase());
    expect((await row(erasure)).duplicate_of).toBeNull();
    expect((await row(second)).duplicate_of).toBe(first);
    expect(await closeAsDuplicate(db(), first, OFFICER)).toEqual({ status: "not-allowed" });
    expect(await closeAsDuplicate(db(), second, OFFICER)).toEqual({ status: "done" });
    expect((await row(second)).state).toBe("CLOSED");
    const mail = await db()
      .selectFrom("outbox")
      .select("text_body")
      .where("recipient", "=", email)
      .where("kind", "=", "privacy-closed")
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain(`We antwoorden je onder referentie ${first}.`);

    // Completed 31 days ago: a new request is no longer a repeat of it.
    const other = `later-${Date.now()}@veldhaven-test.nl`;
    const old = await confirmed(other);
    await db()
      .updateTable("privacy_request")
      .set({ state: "COMPLETED", updated_at: new Date(Date.now() - 31 * DAY).toISOString() })
      .where("reference", "=", old)
      .execute();
    expect((await row(await confirmed(other))).duplicate_of).toBeNull();
  });
});
