import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import pino from "pino";
import { describe, expect, it } from "vitest";

import { enqueueMail, MAIL_RETRY_DELAYS_MS, MAX_ATTEMPTS } from "~/services/mail/outbox.server";
import { contactNotification } from "~/services/mail/templates.server";
import { fileTransport, smtpTransport } from "~/services/mail/transport.server";
import { runOutboxOnce } from "~/services/mail/worker.server";

import { smtpRefusal, startSmtp } from "../../../tests/setup/test-smtp-server";
import { describeEachDatabase, useTestDatabase } from "../../../tests/setup/unit-database";

const logger = pino({ level: "silent" });

const stopSmtp = (server: { close: (callback: () => void) => void }) =>
  new Promise<void>((resolve) => server.close(() => resolve()));

function message(name = "Lotte de Vries") {
  return contactNotification({
    to: "klantenservice@veldhavenmedia.nl",
    locale: "nl_nl",
    country: "nl",
    name,
    email: "lotte@veldhaven-test.nl",
    question: "Welke gegevens bewaren jullie <van mij>?",
  });
}

describeEachDatabase("mail outbox on $name", (database) => {
  it("delivers a queued message over SMTP with Reply-To, and marks it sent", async () => {
    const smtp = await startSmtp();
    try {
      await enqueueMail(database.db, message());
      const transport = smtpTransport(`smtp://127.0.0.1:${smtp.port}`);
      const result = await runOutboxOnce(database.handle, transport, {
        from: "Veldhaven Media <no-reply@veldhavenmedia.com>",
      });
      expect(result).toEqual({ sent: 1, failed: 0 });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0].to).toEqual(["klantenservice@veldhavenmedia.nl"]);
      expect(smtp.received[0].raw).toContain("Reply-To: lotte@veldhaven-test.nl");
      expect(smtp.received[0].raw).toContain("Subject: Nieuw contactbericht van Lotte de Vries");
      const row = await database.db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
      expect(smtp.received[0].messageId).toBe(`<${row.id}@veldhavenmedia.local>`);
      expect(row.status).toBe("sent");
      expect(row.sent_at).not.toBeNull();

      // Nothing is sent twice.
      const again = await runOutboxOnce(database.handle, transport, { from: "x@y.z" });
      expect(again).toEqual({ sent: 0, failed: 0 });
      transport.close();
    } finally {
      await stopSmtp(smtp.server);
    }
  });

  it("keeps messages while SMTP is down, without counting an attempt, and delivers them once it is back", async () => {
    const probe = await startSmtp();
    const port = probe.port;
    await stopSmtp(probe.server); // SMTP is down from here on

    await enqueueMail(database.db, message("Eerste"), new Date(Date.now() - 1));
    await enqueueMail(database.db, message("Tweede"));
    const options = { from: "no-reply@veldhavenmedia.com", logger };

    const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
    const down = await runOutboxOnce(database.handle, transport, options);
    expect(down).toEqual({ sent: 0, failed: 2 });
    const waiting = await database.db.selectFrom("outbox").selectAll().execute();
    // The server's outage is no message's fault: both wait, due at once, their attempts untouched.
    expect(waiting.map((row) => [row.status, row.attempts, row.locked_until])).toEqual([
      ["pending", 0, null],
      ["pending", 0, null],
    ]);

    const smtp = await startSmtp(port); // SMTP is back
    try {
      const back = await runOutboxOnce(database.handle, transport, options);
      expect(back).toEqual({ sent: 2, failed: 0 });
      // Both at once over the pool: in either order.
      expect(smtp.received.map((mail) => /Subject: (.*)/.exec(mail.raw)?.[1]).sort()).toEqual([
        "Nieuw contactbericht van Eerste",
        "Nieuw contactbericht van Tweede",
      ]);
    } finally {
      transport.close();
      await stopSmtp(smtp.server);
    }
  });

  it("a recipient the server defers (452) loses an attempt and waits out its backoff", async () => {
    let clock = new Date();
    const smtp = await startSmtp(0, {
      onRcptTo: () => {
        throw smtpRefusal(452, "4.2.2 Mailbox full");
      },
    });
    const transport = smtpTransport(`smtp://127.0.0.1:${smtp.port}`);
    const options = { from: "no-reply@veldhavenmedia.com", logger, now: () => clock };
    try {
      await enqueueMail(database.db, message(), clock);
      expect(await runOutboxOnce(database.handle, transport, options)).toEqual({ sent: 0, failed: 1 });
      const row = await database.db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
      expect([row.status, row.attempts]).toEqual(["pending", 1]);
      expect(row.last_error).toMatch(/452/);
      // Not due yet: the backoff holds the retry back.
      expect(await runOutboxOnce(database.handle, transport, options)).toEqual({ sent: 0, failed: 0 });
      clock = new Date(clock.getTime() + MAIL_RETRY_DELAYS_MS[0] + 1000);
      expect(await runOutboxOnce(database.handle, transport, options)).toEqual({ sent: 0, failed: 1 });
    } finally {
      transport.close();
      await stopSmtp(smtp.server);
    }
  });

  it("gives up after the last failed delivery but keeps the message", async () => {
    await enqueueMail(database.db, message());
    await database.db
      .updateTable("outbox")
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .execute();
    const failing = {
      describe: "down",
      send: async () => {
        throw new Error("mailbox unavailable");
      },
      probe: async () => {},
      close: () => {},
    };
    await runOutboxOnce(database.handle, failing, { from: "x@y.z", logger });
    const row = await database.db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
    expect(row.status).toBe("failed");
    expect(row.attempts).toBe(MAX_ATTEMPTS);
  });
});

describe("contact notification template", () => {
  it("escapes the visitor's text in HTML and names the group and privacy team", () => {
    const mail = message();
    expect(mail.html).toContain("Welke gegevens bewaren jullie &#60;van mij&#62;?");
    expect(mail.text).toContain("Veldhaven Media – privacyteam: privacy@veldhavenmedia.nl");
    const french = contactNotification({
      to: "a@b.be",
      locale: "fr_be",
      country: "be",
      name: "Luc",
      email: "luc@lezers-test.be",
      question: "?",
    });
    expect(french.subject).toBe("Nouveau message de contact de Luc");
    expect(french.text).toContain("privacy@veldhavenmedia.be");
  });
});

describe("file transport (embedded default)", () => {
  const database = useTestDatabase();

  it("writes an .eml file and logs its id and links, never the recipient or the subject", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mail-"));
    const lines: string[] = [];
    const captureLogger = pino({ level: "info" }, { write: (line: string) => lines.push(line) });
    const mail = message();
    await enqueueMail(database.db, { ...mail, text: `${mail.text}\nBevestig: https://nl.localhost:3000/verify?t=abc` });
    const result = await runOutboxOnce(database.handle, fileTransport(path.join(dir, "mail"), captureLogger), {
      from: "no-reply@veldhavenmedia.com",
    });
    expect(result.sent).toBe(1);
    const files = fs.readdirSync(path.join(dir, "mail"));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = fs.readFileSync(path.join(dir, "mail", files[0]), "utf8");
    expect(eml).toContain("To: klantenservice@veldhavenmedia.nl");
    expect(eml).toContain("Reply-To: lotte@veldhaven-test.nl");
    const log = JSON.parse(lines.find((line) => line.includes("mail written to file"))!);
    expect(log.links).toEqual(["https://nl.localhost:3000/verify?t=abc"]);
    expect(log.kind).toBe("contact-notification");
    expect(lines.join("\n")).not.toContain("Lotte de Vries");
    expect(lines.join("\n")).not.toContain("klantenservice@veldhavenmedia.nl");
  });
});
