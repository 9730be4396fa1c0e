/**
 * An agent may open only the requests assigned to them, so their page of a
 * request names no other request they may not open: not the one it may
 * repeat ("Mogelijk dubbel · PR-…" in the history), not those that repeat
 * it. An officer's page names them all. What is checked is everything the
 * page's loader hands the browser (the page's HTML carries it whole).
 */
import { RouterContextProvider } from "react-router";
import { beforeEach, expect, it } from "vitest";

import { staffContext } from "~/http/staff/guard.server";
import { loader as requestPage } from "~/routes/staff/back-office/request";
import { confirmVerification } from "~/services/privacy-request/email-verification.server";
import { submitPrivacyRequest } from "~/services/privacy-request/record.server";
import type { StaffUser } from "~/services/staff/sessions.server";
import { singleton } from "~/utils/singleton.server";

import { describeEachDatabase } from "../../../../tests/setup/unit-database";
import { useTestConfig, useTestDatabaseAsProcessDatabase } from "../../../../tests/setup/unit-process";

const OFFICER: StaffUser = { email: "officer@veldhavenmedia.nl", role: "officer", method: "local" };
const AGENT: StaffUser = { email: "agent@veldhavenmedia.nl", role: "agent", method: "local" };
const SITE = { country: "nl", locale: "nl_nl", language: "nl" } as const;

describeEachDatabase("the references on a request's page on $name", (database) => {
  useTestConfig({ EMAIL_DOMAIN_CHECK: "false" });
  useTestDatabaseAsProcessDatabase(database);
  // The process's submission limits are made again, on this test's database.
  beforeEach(() => singleton<unknown>("submission-limiters").set(undefined));
  const db = () => database.db;

  /** A request made and confirmed through its mailed link, as the person does. */
  async function confirmed(email: string) {
    const made = await submitPrivacyRequest({ flowType: "RIGHT_OF_ACCESS", email }, SITE, {
      requestOrigin: "",
      clientIp: "192.0.2.42",
      db: db(),
    });
    if (made.status !== "accepted") throw new Error("not accepted");
    const mail = await db()
      .selectFrom("outbox")
      .select("text_body")
      .where("recipient", "=", email)
      .where("kind", "=", "privacy-verification")
      .where("text_body", "like", `%${made.reference}%`)
      .executeTakeFirstOrThrow();
    expect(
      await confirmVerification(/email-verification\?token=([A-Za-z0-9_-]{43})/.exec(mail.text_body)![1], { db: db() }),
    ).toEqual({ status: "verified" });
    return made.reference;
  }
  const assign = (reference: string, assignee: string) =>
    db().updateTable("privacy_request").set({ assignee }).where("reference", "=", reference).execute();

  /** All the page's loader hands the browser, as text. */
  async function pageOf(reference: string, viewer: StaffUser): Promise<string> {
    const context = new RouterContextProvider();
    context.set(staffContext, viewer);
    const request = new Request(`http://nl.localhost/nl/internal-privacy-rights/requests/${reference}`);
    const answer = (await requestPage({ request, params: { lang: "nl", reference }, context } as unknown as Parameters<
      typeof requestPage
    >[0])) as unknown as { data: unknown };
    return JSON.stringify(answer.data);
  }

  it("an agent's page of a repeat does not name the request it repeats; an officer's does", async () => {
    const email = "twee-keer@veldhaven-test.nl";
    const first = await confirmed(email);
    const repeat = await confirmed(email);
    expect(
      (
        await db()
          .selectFrom("privacy_request")
          .select("duplicate_of")
          .where("reference", "=", repeat)
          .executeTakeFirstOrThrow()
      ).duplicate_of,
    ).toBe(first);
    await assign(repeat, AGENT.email);
    await assign(first, "collega@veldhavenmedia.nl");

    const agents = await pageOf(repeat, AGENT);
    expect(agents).toContain(repeat);
    expect(agents).not.toContain(first);
    expect(await pageOf(repeat, OFFICER)).toContain(first);
    // And the other way round: the first request's page, for an officer, names its repeat.
    expect(await pageOf(first, OFFICER)).toContain(repeat);
  });

  it("an agent's page names the request it repeats when that one is theirs too", async () => {
    const email = "ook-van-mij@veldhaven-test.nl";
    const first = await confirmed(email);
    const repeat = await confirmed(email);
    await assign(repeat, AGENT.email);
    await assign(first, AGENT.email);
    expect(await pageOf(repeat, AGENT)).toContain(first);
  });
});
