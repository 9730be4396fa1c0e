/**
 * A clean stop: stop() stops claiming, lets the sends in flight
 * finish, gives back what it claimed and did not start (no attempt counted,
 * so a restart sends it at once) and resolves in time even when the SMTP
 * server hangs.
 */
import pino from "pino";
import { expect, it } from "vitest";

import { claimDueMail, enqueueMail, type MailMessage } from "~/services/mail/outbox.server";
import { smtpTransport } from "~/services/mail/transport.server";
import { runOutboxOnce, startOutboxWorker } from "~/services/mail/worker.server";

import { startSmtp } from "../../../tests/setup/test-smtp-server";
import { describeEachDatabase } from "../../../tests/setup/unit-database";

const logger = pino({ level: "silent" });
const from = "no-reply@veldhavenmedia.com";

const contact = (n: number): MailMessage => ({
  kind: "contact-notification",
  to: `team${n}@veldhaven-test.nl`,
  subject: `Bericht ${n}`,
  text: `${n}`,
  html: `<p>${n}</p>`,
});

describeEachDatabase("stopping the mail worker on $name", (database) => {
  it("finishes the sends in flight and gives back the claimed ones it had not started", async () => {
    let arrivals = 0;
    let letThrough!: () => void;
    const released = new Promise<void>((resolve) => (letThrough = resolve));
    // The server holds every message until the test has called stop().
    const smtp = await startSmtp(0, { beforeAccept: () => (arrivals++, released) });
    const transport = smtpTransport(`smtp://127.0.0.1:${smtp.port}`, { connections: 2 });
    for (let n = 0; n < 10; n++) await enqueueMail(database.db, contact(n), new Date(Date.now() - 10_000 + n));
    const worker = startOutboxWorker(database.handle, transport, { from, logger, intervalMs: 60_000, concurrency: 2 });
    try {
      await expect.poll(() => arrivals, { timeout: 10_000 }).toBe(2);
      // Two in flight, two more claimed and waiting for a free slot.
      const leased = await database.db
        .selectFrom("outbox")
        .select("id")
        .where("locked_until", "is not", null)
        .execute();
      expect(leased).toHaveLength(4);

      const stopped = worker.stop();
      letThrough();
      await stopped;

      expect(smtp.received).toHaveLength(2);
      const rows = await database.db.selectFrom("outbox").selectAll().orderBy("created_at").execute();
      expect(rows.filter((row) => row.status === "sent").map((row) => row.subject)).toEqual(["Bericht 0", "Bericht 1"]);
      const rest = rows.filter((row) => row.status === "pending");
      expect(rest).toHaveLength(8);
      for (const row of rest) expect(row).toMatchObject({ locked_until: null, attempts: 0 });
      // A restart takes them at once.
      expect(await claimDueMail(database.db, database.kind, 10)).toHaveLength(8);
    } finally {
      letThrough();
      await smtp.stop();
    }
  });

  it("resolves within 10 s when the SMTP server hangs, gives the message back, and a restart sends it with the same Message-ID", async () => {
    let arrived = false;
    // Takes the whole message, then never answers.
    const hanging = await startSmtp(0, { beforeAccept: () => ((arrived = true), new Promise<void>(() => {})) });
    const transport = smtpTransport(`smtp://127.0.0.1:${hanging.port}`);
    const id = await enqueueMail(database.db, contact(1));
    const worker = startOutboxWorker(database.handle, transport, { from, logger, intervalMs: 60_000 });
    try {
      await expect.poll(() => arrived, { timeout: 10_000 }).toBe(true);
      const stoppedAt = Date.now();
      await worker.stop();
      expect(Date.now() - stoppedAt).toBeLessThan(10_000);
      const row = await database.db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: "pending", locked_until: null, attempts: 0 });
    } finally {
      await hanging.stop();
    }

    const restarted = await startSmtp();
    const restartedTransport = smtpTransport(`smtp://127.0.0.1:${restarted.port}`);
    try {
      expect(await runOutboxOnce(database.handle, restartedTransport, { from, logger })).toEqual({
        sent: 1,
        failed: 0,
      });
      expect(restarted.received.map((mail) => mail.messageId)).toEqual([`<${id}@veldhavenmedia.local>`]);
    } finally {
      restartedTransport.close();
      await restarted.stop();
    }
  });

  it("stops at once when nothing is being sent, and claims nothing afterwards", async () => {
    const smtp = await startSmtp();
    const worker = startOutboxWorker(database.handle, smtpTransport(`smtp://127.0.0.1:${smtp.port}`), {
      from,
      logger,
      intervalMs: 100,
    });
    try {
      await worker.stop();
      await enqueueMail(database.db, contact(1));
      worker.wake();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(smtp.received).toHaveLength(0);
      expect(await database.db.selectFrom("outbox").select("locked_until").executeTakeFirstOrThrow()).toEqual({
        locked_until: null,
      });
    } finally {
      await smtp.stop();
    }
  });
});
