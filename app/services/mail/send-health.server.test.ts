/**
 * Which failed sends pause all mail (an outage), which cost only that
 * message an attempt (a retry), and which end it (a bounce). The errors
 * have the shapes nodemailer's SMTPConnection gives them (`code`,
 * `command`, `responseCode`), with `phase: "connect"` where our pool failed
 * to open a connection.
 */
import { describe, expect, it } from "vitest";

import { sendFailureKind, sendHealth, type SendFailureKind } from "~/services/mail/send-health.server";

const smtpError = (fields: { code?: string; command?: string; responseCode?: number; phase?: string }) =>
  Object.assign(new Error("smtp"), fields);

const cases: Array<[string, SendFailureKind, Error]> = [
  ["connection refused", "outage", smtpError({ code: "ESOCKET", command: "CONN", phase: "connect" })],
  ["no greeting in time", "outage", smtpError({ code: "ETIMEDOUT", command: "CONN", phase: "connect" })],
  ["a 421 greeting", "outage", smtpError({ code: "EPROTOCOL", command: "CONN", responseCode: 421, phase: "connect" })],
  ["a failed TLS handshake", "outage", smtpError({ code: "ETLS", command: "STARTTLS", phase: "connect" })],
  [
    "a refused login",
    "outage",
    smtpError({ code: "EAUTH", command: "AUTH PLAIN", responseCode: 535, phase: "connect" }),
  ],
  ["the connection lost in the middle of a message", "outage", smtpError({ code: "ECONNECTION", command: "CONN" })],
  ["a socket error in the middle of a message", "outage", smtpError({ code: "ESOCKET", command: "CONN" })],
  [
    "a 421 to a recipient (the server closes the session)",
    "outage",
    smtpError({ code: "EENVELOPE", command: "RCPT TO", responseCode: 421 }),
  ],
  ["a 451 to our sender", "outage", smtpError({ code: "EENVELOPE", command: "MAIL FROM", responseCode: 451 })],
  ["a 554 to our sender", "outage", smtpError({ code: "EENVELOPE", command: "MAIL FROM", responseCode: 554 })],
  ["a greylisted recipient (451)", "retry", smtpError({ code: "EENVELOPE", command: "RCPT TO", responseCode: 451 })],
  ["a full mailbox (452)", "retry", smtpError({ code: "EENVELOPE", command: "RCPT TO", responseCode: 452 })],
  ["a 451 to DATA", "retry", smtpError({ code: "EENVELOPE", command: "DATA", responseCode: 451 })],
  ["a 451 after the message's content", "retry", smtpError({ code: "EMESSAGE", command: "DATA", responseCode: 451 })],
  ["a reply that never came after the message", "retry", smtpError({ code: "ETIMEDOUT", command: "CONN" })],
  [
    "a mail file that could not be written",
    "retry",
    Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" }),
  ],
  ["an unknown recipient (550)", "bounce", smtpError({ code: "EENVELOPE", command: "RCPT TO", responseCode: 550 })],
  ["content refused (554 after DATA)", "bounce", smtpError({ code: "EMESSAGE", command: "DATA", responseCode: 554 })],
  ["an address nodemailer will not send to", "bounce", smtpError({ code: "EENVELOPE", command: "API" })],
  ["a message larger than the server takes", "bounce", smtpError({ code: "EMESSAGE", command: "MAIL FROM" })],
];

describe("what a failed send is", () => {
  it.each(cases)("%s: %s", (_what, kind, error) => {
    expect(sendFailureKind(error)).toBe(kind);
  });
});

describe("the health of the sends", () => {
  it("a recipient's refusals never make an outage, however many in a row", () => {
    const health = sendHealth();
    for (let n = 0; n < 50; n++) expect(health.failed("retry")).toBe("count");
    expect(health.inOutage()).toBe(false);
  });

  it("an outage gives messages back uncounted and ends when a probe of the server passes", () => {
    const events: string[] = [];
    const health = sendHealth({ onOutage: () => events.push("outage"), onRecovery: () => events.push("recovery") });
    expect(health.failed("outage")).toBe("give back");
    expect(health.failed("outage")).toBe("give back");
    expect(health.inOutage()).toBe(true);
    // A message whose own recipient refuses it during the outage still loses its attempt.
    expect(health.failed("retry")).toBe("count");
    health.probePassed();
    expect(health.inOutage()).toBe(false);
    expect(events).toEqual(["outage", "recovery"]);
  });

  it("probes come 1 s, 2 s, 4 s, then 5 s apart, and from 1 s again only once a message went", () => {
    const health = sendHealth();
    health.failed("outage");
    expect([health.nextProbeInMs(), health.nextProbeInMs()]).toEqual([1_000, 2_000]);
    // The server answers a probe but refuses the mail again: no faster probing.
    health.probePassed();
    health.failed("outage");
    expect([health.nextProbeInMs(), health.nextProbeInMs()]).toEqual([4_000, 5_000]);
    health.probePassed();
    health.succeeded();
    health.failed("outage");
    expect(health.nextProbeInMs()).toBe(1_000);
  });
});
