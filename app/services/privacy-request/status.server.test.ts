import { describe, expect, it, vi } from "vitest";

import { submitPrivacyRequest } from "~/services/privacy-request/record.server";
import {
  askForStatusLink,
  deleteExpiredStatusLinks,
  inspectStatus,
  STATUS_ANSWER_FLOOR_MS,
} from "~/services/privacy-request/status.server";
import { requestStatusForm } from "~/validation/request-status";

import { describeEachDatabase } from "../../../tests/setup/unit-database";
import { useTestConfig } from "../../../tests/setup/unit-process";

process.env.EMAIL_DOMAIN_CHECK = "false";
process.env.PRIVACY_RATE_LIMIT_PER_HOUR = "100000";
process.env.RATE_LIMIT_PER_HOUR = "100000";

describe("the status form", () => {
  it("takes a reference as it is read out or copied, and says how to write one that cannot be", () => {
    const parse = (reference: string) =>
      requestStatusForm.schema.safeParse({ reference, email: "anna@veldhaven-test.nl" });
    for (const spelled of ["PR-7K4M-9QXD", "pr 7k4m 9qxd", "7K4M9QXD", " PR7K4M-9QXD "])
      expect(parse(spelled).data?.reference).toBe("PR-7K4M-9QXD");
    expect(parse("PR-7K4M").error?.issues[0].message).toBe("validation.reference");
    expect(parse("").error?.issues[0].message).toBe("validation.reference");
  });
});

describeEachDatabase("status links on $name", (database) => {
  useTestConfig({ TARGET_LIMIT_PER_HOUR: "3" });
  const db = () => database.db;
  const site = { country: "nl", locale: "nl_nl", language: "nl" } as const;

  it("answers a matching and a wrong pair after the same time: the time says nothing", async () => {
    const email = `tijd-${Date.now()}@veldhaven-test.nl`;
    const made = await submitPrivacyRequest({ flowType: "RIGHT_OF_ACCESS", email }, site, {
      requestOrigin: "",
      clientIp: "192.0.2.40",
      db: db(),
    });
    if (made.status !== "accepted") throw new Error("not accepted");
    // The clock the floor is measured on is the test's: a slow database (PostgreSQL in CI) takes no time on it.
    vi.useFakeTimers({ toFake: ["setTimeout", "performance"] });
    try {
      const answered: string[] = [];
      const matching = askForStatusLink(db(), { reference: made.reference, email }, site, {
        clientIp: "192.0.2.41",
      }).then(() => answered.push("matching"));
      const wrong = askForStatusLink(
        db(),
        { reference: made.reference, email: `ander-${Date.now()}@veldhaven-test.nl` },
        site,
        { clientIp: "192.0.2.42" },
      ).then(() => answered.push("wrong"));
      // Both have done their work (the link is written), neither has answered. (Not vi.waitFor: it moves the fake clock.)
      const links = () => db().selectFrom("status_link").select("token_hash").execute();
      for (const until = Date.now() + 10_000; (await links()).length === 0 && Date.now() < until;)
        await new Promise((resolve) => setImmediate(resolve));
      expect(await links()).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(STATUS_ANSWER_FLOOR_MS - 60);
      expect(answered).toEqual([]);
      // Under load (the whole suite on PostgreSQL) one of them may have set its timer only after the clock moved: move it on until both
      // answered, no faster than real time, since the database client's own timers (its 3 s connection timeout) run on this clock too.
      for (const until = Date.now() + 10_000; answered.length < 2 && Date.now() < until;) {
        for (const next = Date.now() + 50; Date.now() < next;) await new Promise((resolve) => setImmediate(resolve));
        await vi.advanceTimersByTimeAsync(60);
      }
      await Promise.all([matching, wrong]);
      expect(answered.sort()).toEqual(["matching", "wrong"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("mails a link only for a matching pair, answers the same either way, and the link shows the request until it expires", async () => {
    const email = `stand-${Date.now()}@veldhaven-test.nl`;
    const made = await submitPrivacyRequest({ flowType: "RIGHT_OF_ACCESS", email }, site, {
      requestOrigin: "",
      clientIp: "192.0.2.30",
      db: db(),
    });
    if (made.status !== "accepted") throw new Error("not accepted");
    const now = new Date();
    const statusMails = () =>
      db().selectFrom("outbox").select("text_body").where("kind", "=", "privacy-status-link").execute();

    expect(
      await askForStatusLink(db(), { reference: made.reference, email: "iemand-anders@veldhaven-test.nl" }, site, {
        clientIp: "192.0.2.31",
        now,
      }),
    ).toEqual({ status: "asked" });
    expect(
      await askForStatusLink(db(), { reference: "PR-0000-0000", email }, site, { clientIp: "192.0.2.31", now }),
    ).toEqual({ status: "asked" });
    expect(await statusMails()).toHaveLength(0);
    expect(
      await askForStatusLink(db(), { reference: made.reference, email: email.toUpperCase() }, site, {
        clientIp: "192.0.2.31",
        now,
      }),
    ).toEqual({ status: "asked" });
    const [mail] = await statusMails();
    const token = /status\/view\?token=([A-Za-z0-9_-]{43})/.exec(mail.text_body)![1];
    expect(await inspectStatus(db(), token, now)).toMatchObject({
      status: "valid",
      reference: made.reference,
      state: "AWAITING_VERIFICATION",
      answer: null,
    });

    // The address's limit (3 an hour here) counts every ask, matching or not: it says nothing either.
    expect(
      await askForStatusLink(db(), { reference: made.reference, email }, site, { clientIp: "192.0.2.31", now }),
    ).toMatchObject({ status: "RATE_LIMITED", scope: "target" });

    const tomorrow = new Date(now.getTime() + 25 * 3_600_000);
    expect(await inspectStatus(db(), token, tomorrow)).toEqual({ status: "expired" });
    expect(await deleteExpiredStatusLinks(db(), tomorrow)).toBe(1);
    expect(await inspectStatus(db(), token, tomorrow)).toEqual({ status: "unknown" });
  });
});
