/**
 * Greylisting is everyday mail: a receiving server answers 451 to a
 * recipient it has not seen before and takes the same message a few minutes
 * later. Such a refusal is about that one message: it waits out its own
 * backoff, with its attempts counted, while the mail queued behind it goes
 * at once. A real SMTP server on loopback; the worker as it runs in
 * production, with a clock the test moves forward instead of waiting out
 * the backoff.
 */
import pino from "pino";
import { expect, it } from "vitest";

import { enqueueMail, type MailMessage } from "~/services/mail/outbox.server";
import { smtpTransport } from "~/services/mail/transport.server";
import { startOutboxWorker } from "~/services/mail/worker.server";

import { freePort } from "../../../tests/setup/spawn-server";
import { smtpRefusal, startSmtp } from "../../../tests/setup/test-smtp-server";
import { describeEachDatabase } from "../../../tests/setup/unit-database";

const logger = pino({ level: "silent" });
const from = "no-reply@veldhavenmedia.com";
const timeouts = { connectMs: 1_000, greetingMs: 1_000, replyMs: 1_000 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const mailTo = (to: string, n: number): MailMessage => ({
  kind: "privacy-verification",
  to,
  subject: `Bevestig uw verzoek ${n}`,
  text: `${n}`,
  html: `<p>${n}</p>`,
});
const messageIdsOf = (ids: string[]) => ids.map((id) => `<${id}@veldhavenmedia.local>`).sort();

describeEachDatabase("greylisted recipients on $name", (database) => {
  it("ten greylisted recipients do not hold up the twenty mails behind them; they wait out their own backoff and arrive once accepted", async () => {
    const greylisted = Array.from({ length: 10 }, (_, n) => `nieuw${n}@greylist-test.nl`);
    let greylisting = true;
    const rcptTries = new Map<string, number>();
    const smtp = await startSmtp(0, {
      onRcptTo: (address) => {
        rcptTries.set(address, (rcptTries.get(address) ?? 0) + 1);
        if (greylisting && greylisted.includes(address))
          throw smtpRefusal(451, "4.7.1 Greylisted, please try again later");
      },
    });
    // The worker's clock: moved past the backoff instead of waiting for it.
    let ahead = 0;
    const now = () => new Date(Date.now() + ahead);
    const transport = smtpTransport(`smtp://127.0.0.1:${smtp.port}`, { connections: 4, slowAfterMs: 200, timeouts });
    const running = startOutboxWorker(database.handle, transport, {
      from,
      logger,
      intervalMs: 600_000,
      concurrency: 4,
      slowAfterMs: 200,
      now,
    });
    try {
      const greyIds: string[] = [];
      for (const [n, address] of greylisted.entries()) greyIds.push(await enqueueMail(database.db, mailTo(address, n)));
      const goodIds: string[] = [];
      for (let n = 0; n < 20; n++)
        goodIds.push(await enqueueMail(database.db, mailTo(`lezer${n}@veldhaven-test.nl`, 10 + n)));
      running.wake();

      // Every good mail arrives although the oldest mails keep being refused.
      await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(20);
      expect(smtp.received.map((mail) => mail.messageId).sort()).toEqual(messageIdsOf(goodIds));

      // Each greylisted mail was tried and lost an attempt of its own: waiting, not given up, not held as an outage.
      await expect.poll(() => greylisted.every((address) => (rcptTries.get(address) ?? 0) >= 1)).toBe(true);
      const waiting = await database.db.selectFrom("outbox").selectAll().where("id", "in", greyIds).execute();
      expect(waiting).toHaveLength(10);
      for (const row of waiting) {
        expect(row.status).toBe("pending");
        expect(row.attempts).toBeGreaterThanOrEqual(1);
        expect(row.last_error).toMatch(/451/);
        expect(row.next_attempt_at > now().toISOString()).toBe(true);
      }

      // The receiving server now knows them: once their backoff has passed, each arrives, once.
      greylisting = false;
      const latest = waiting.map((row) => Date.parse(row.next_attempt_at)).reduce((a, b) => Math.max(a, b));
      ahead = latest - Date.now() + 1_000;
      running.wake();
      await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(30);
      await sleep(500);
      expect(smtp.received.map((mail) => mail.messageId).sort()).toEqual(messageIdsOf([...greyIds, ...goodIds]));
      const sent = await database.db
        .selectFrom("outbox")
        .select(["status", "attempts"])
        .where("id", "in", greyIds)
        .execute();
      expect(sent.every((row) => row.status === "sent" && row.attempts >= 1)).toBe(true);
    } finally {
      await running.stop();
      await smtp.stop();
    }
  });

  it("after an outage, a greylisted message at the head of the queue does not keep it going: the server is probed, and the rest goes", async () => {
    const port = await freePort();
    const greyId = await enqueueMail(database.db, mailTo("nieuw@greylist-test.nl", 0));
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`, { connections: 4, slowAfterMs: 200, timeouts });
    // SMTP is not up yet: the greylisted message's first send finds no server, an outage.
    const running = startOutboxWorker(database.handle, transport, {
      from,
      logger,
      intervalMs: 600_000,
      concurrency: 4,
      slowAfterMs: 200,
    });
    let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
    try {
      await sleep(1_000);
      const goodIds: string[] = [];
      for (let n = 1; n <= 20; n++)
        goodIds.push(await enqueueMail(database.db, mailTo(`lezer${n}@veldhaven-test.nl`, n)));
      running.wake();
      smtp = await startSmtp(port, {
        onRcptTo: (address) => {
          if (address === "nieuw@greylist-test.nl") throw smtpRefusal(451, "4.7.1 Greylisted, please try again later");
        },
      });
      await expect.poll(() => smtp!.received.length, { timeout: 15_000 }).toBe(20);
      expect(smtp.received.map((mail) => mail.messageId).sort()).toEqual(messageIdsOf(goodIds));
      await expect
        .poll(
          async () =>
            (
              await database.db
                .selectFrom("outbox")
                .select("attempts")
                .where("id", "=", greyId)
                .executeTakeFirstOrThrow()
            ).attempts,
        )
        .toBeGreaterThanOrEqual(1);
    } finally {
      await running.stop();
      await smtp?.stop();
    }
  });
});
