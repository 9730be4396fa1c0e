/**
 * At most once in practice: a message is marked sent the moment
 * the SMTP server accepts it, its lease is renewed while it is being sent,
 * and a worker that dies gives its messages up after one lease.
 */
import pino from "pino";
import { expect, it } from "vitest";

import { claimDueMail, enqueueMail, type MailMessage } from "~/services/mail/outbox.server";
import { smtpTransport } from "~/services/mail/transport.server";
import { runOutboxOnce, startOutboxWorker } from "~/services/mail/worker.server";

import { startSmtp, type ReceivedMail } from "../../../tests/setup/test-smtp-server";
import { describeEachDatabase, type DatabaseFixture } from "../../../tests/setup/unit-database";

const logger = pino({ level: "silent" });
const from = "no-reply@veldhavenmedia.com";

const contact = (subject: string): MailMessage => ({
  kind: "contact-notification",
  to: "team@veldhaven-test.nl",
  subject,
  text: subject,
  html: `<p>${subject}</p>`,
});

/** The first arrival of a message is held by the SMTP server until the test lets it through; later ones pass. */
function holdBack(subject: string) {
  let letThrough!: () => void;
  const released = new Promise<void>((resolve) => (letThrough = resolve));
  const arrived: ReceivedMail[] = [];
  return {
    arrived,
    letThrough,
    beforeAccept: (mail: ReceivedMail) => {
      if (!mail.raw.includes(`Subject: ${subject}`)) return;
      arrived.push(mail);
      return arrived.length === 1 ? released : undefined;
    },
  };
}

const rowOf = (database: DatabaseFixture, subject: string) =>
  database.db.selectFrom("outbox").selectAll().where("subject", "=", subject).executeTakeFirstOrThrow();

describeEachDatabase("mail leases on $name", (database) => {
  it("marks a message sent as soon as it is accepted, while a later one of the batch hangs", async () => {
    const held = holdBack("Hangt");
    const smtp = await startSmtp(0, held);
    const transport = smtpTransport(`smtp://127.0.0.1:${smtp.port}`);
    const start = new Date();
    await enqueueMail(database.db, contact("Eerste"), new Date(start.getTime() - 1000));
    await enqueueMail(database.db, contact("Hangt"), start);
    try {
      const run = runOutboxOnce(database.handle, transport, { from, logger, concurrency: 1 });
      await expect.poll(() => held.arrived.length, { timeout: 10_000 }).toBe(1);
      expect((await rowOf(database, "Eerste")).status).toBe("sent");
      expect((await rowOf(database, "Hangt")).status).toBe("pending");
      held.letThrough();
      expect(await run).toEqual({ sent: 2, failed: 0 });
      expect((await rowOf(database, "Hangt")).status).toBe("sent");
    } finally {
      held.letThrough();
      transport.close();
      await smtp.stop();
    }
  });

  it("renews the lease of a slow send, so no other worker takes the message meanwhile", async () => {
    const held = holdBack("Traag");
    const smtp = await startSmtp(0, held);
    const transport = smtpTransport(`smtp://127.0.0.1:${smtp.port}`);
    await enqueueMail(database.db, contact("Traag"));
    const leaseMs = 600;
    const worker = startOutboxWorker(database.handle, transport, { from, logger, intervalMs: 60_000, leaseMs });
    try {
      await expect.poll(() => held.arrived.length, { timeout: 10_000 }).toBe(1);
      // Three leases long, another worker keeps asking: the message is never due.
      const until = Date.now() + 3 * leaseMs;
      while (Date.now() < until) {
        expect(await claimDueMail(database.db, database.kind, 10, new Date(), leaseMs)).toEqual([]);
        await new Promise((resolve) => setTimeout(resolve, leaseMs / 4));
      }
      held.letThrough();
      await expect.poll(async () => (await rowOf(database, "Traag")).status, { timeout: 10_000 }).toBe("sent");
      expect(smtp.received).toHaveLength(1);
    } finally {
      held.letThrough();
      await worker.stop();
      await smtp.stop();
    }
  });
});
