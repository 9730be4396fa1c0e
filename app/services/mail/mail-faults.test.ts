/**
 * Mail must never stop. A real SMTP server on loopback that goes
 * away, comes back late, refuses with 4xx or 5xx, or hangs after the
 * message; the worker as it runs in production (no restart, the poll timer
 * too slow to help). Every message is delivered exactly once, counted by
 * Message-ID, soon after the server is back; only a message the server
 * refused for good is not, and that one is recorded as a bounce.
 */
import { sql } from "kysely";
import pino from "pino";
import { expect, it } from "vitest";

import { enqueueMail, type MailMessage } from "~/services/mail/outbox.server";
import { smtpTransport } from "~/services/mail/transport.server";
import { startOutboxWorker, type OutboxWorker } from "~/services/mail/worker.server";
import { metrics } from "~/utils/metrics.server";

import { freePort } from "../../../tests/setup/spawn-server";
import { smtpRefusal, startSmtp } from "../../../tests/setup/test-smtp-server";
import { describeEachDatabase, secondConnection, type DatabaseFixture } from "../../../tests/setup/unit-database";

const logger = pino({ level: "silent" });
const from = "no-reply@veldhavenmedia.com";
/** Short per-phase timeouts, so a hang costs a test seconds, not half a minute. */
const timeouts = { connectMs: 1_000, greetingMs: 1_000, replyMs: 1_000 };

const contact = (n: number): MailMessage => ({
  kind: "contact-notification",
  to: `team${n}@veldhaven-test.nl`,
  subject: `Bericht ${n}`,
  text: `${n}`,
  html: `<p>${n}</p>`,
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function enqueue(database: DatabaseFixture, count: number, first = 0): Promise<string[]> {
  const ids: string[] = [];
  for (let n = first; n < first + count; n++) ids.push(await enqueueMail(database.db, contact(n)));
  return ids;
}

const messageIdsOf = (ids: string[]) => ids.map((id) => `<${id}@veldhavenmedia.local>`).sort();
const deliveredIds = (received: { messageId: string }[]) => received.map((mail) => mail.messageId).sort();

/** The worker as the server starts it, but with a poll so slow that only its own recovery can resend. */
function worker(
  database: Pick<DatabaseFixture, "handle">,
  port: number,
  options: { replyMs?: number } = {},
): OutboxWorker {
  const slowAfterMs = 200;
  const transport = smtpTransport(`smtp://127.0.0.1:${port}`, {
    connections: 4,
    slowAfterMs,
    timeouts: { ...timeouts, replyMs: options.replyMs ?? timeouts.replyMs },
  });
  return startOutboxWorker(database.handle, transport, {
    from,
    logger,
    intervalMs: 600_000,
    concurrency: 4,
    slowAfterMs,
  });
}

describeEachDatabase("mail through SMTP faults on $name", (database) => {
  it("SMTP not yet up when the worker starts: once it is, every message goes, once, with no attempt counted", async () => {
    const port = await freePort();
    const ids = await enqueue(database, 20);
    const running = worker(database, port);
    let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
    try {
      // More failed connections than the pool has places (the bug: each one kept its place).
      await sleep(2_500);
      smtp = await startSmtp(port);
      await expect.poll(() => smtp!.received.length, { timeout: 15_000 }).toBe(20);
      await sleep(500);
      expect(deliveredIds(smtp.received)).toEqual(messageIdsOf(ids));
      await expect
        .poll(
          async () =>
            (await database.db.selectFrom("outbox").select("id").where("status", "=", "sent").execute()).length,
        )
        .toBe(20);
      const attempts = await database.db.selectFrom("outbox").select("attempts").execute();
      expect(attempts.every((row) => row.attempts === 0)).toBe(true);
    } finally {
      await running.stop();
      await smtp?.stop();
    }
  });

  for (const downMs of [1_000, 5_000]) {
    it(`SMTP down for ${downMs / 1000} s while mail flows: sending resumes by itself, each message once`, async () => {
      let smtp = await startSmtp();
      const port = smtp.port;
      const running = worker(database, port);
      try {
        const before = await enqueue(database, 10);
        running.wake();
        await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(10);
        const earlier = [...smtp.received];
        await smtp.stop();
        const during = await enqueue(database, 10, 10);
        running.wake();
        await sleep(downMs);
        smtp = await startSmtp(port);
        await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(10);
        await sleep(500);
        expect(deliveredIds([...earlier, ...smtp.received])).toEqual(messageIdsOf([...before, ...during]));
      } finally {
        await running.stop();
        await smtp.stop();
      }
    });
  }

  it("two instances on one database, SMTP down for 5 s: once it is back, each message goes once", async () => {
    let smtp = await startSmtp();
    const port = smtp.port;
    const other = secondConnection(database.handle);
    const instances = [worker(database, port), worker({ handle: other }, port)];
    try {
      await smtp.stop();
      const ids = await enqueue(database, 40);
      instances.forEach((instance) => instance.wake());
      await sleep(5_000);
      smtp = await startSmtp(port);
      await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(40);
      await sleep(1_000);
      expect(deliveredIds(smtp.received)).toEqual(messageIdsOf(ids));
    } finally {
      await Promise.all(instances.map((instance) => instance.stop()));
      await other.db.destroy();
      await smtp.stop();
    }
  });

  it("SMTP answering 4xx, then 5xx, to every sender, then healthy: everything goes once it is, no attempt lost", async () => {
    const refusal = { code: 451 as number | undefined };
    const smtp = await startSmtp(0, {
      onMailFrom: () => {
        if (refusal.code)
          throw smtpRefusal(refusal.code, refusal.code === 451 ? "Try again later" : "Service unavailable");
      },
    });
    const running = worker(database, smtp.port);
    try {
      const ids = await enqueue(database, 12);
      running.wake();
      await sleep(2_000);
      refusal.code = 554;
      await sleep(2_000);
      expect(smtp.received).toHaveLength(0);
      refusal.code = undefined;
      await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(12);
      await sleep(500);
      expect(deliveredIds(smtp.received)).toEqual(messageIdsOf(ids));
      const rows = await database.db.selectFrom("outbox").select(["status", "attempts"]).execute();
      expect(rows.every((row) => row.status === "sent" && row.attempts === 0)).toBe(true);
    } finally {
      await running.stop();
      await smtp.stop();
    }
  });

  it("a recipient refused for good (550) is a bounce: tried once, recorded, counted, and the rest still go", async () => {
    const rcptTries: string[] = [];
    const smtp = await startSmtp(0, {
      onRcptTo: (address) => {
        rcptTries.push(address);
        if (address === "team3@veldhaven-test.nl") throw smtpRefusal(550, "5.1.1 Mailbox does not exist");
      },
    });
    const bouncesBefore = (await metrics().mailBounces.get()).values[0]?.value ?? 0;
    const running = worker(database, smtp.port);
    try {
      const ids = await enqueue(database, 6);
      running.wake();
      await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(5);
      await expect
        .poll(
          async () =>
            (
              await database.db
                .selectFrom("outbox")
                .select("status")
                .where("subject", "=", "Bericht 3")
                .executeTakeFirst()
            )?.status,
        )
        .toBe("bounced");
      const bounced = await database.db
        .selectFrom("outbox")
        .selectAll()
        .where("subject", "=", "Bericht 3")
        .executeTakeFirstOrThrow();
      expect(bounced.last_error).toMatch(/550/);
      expect((await metrics().mailBounces.get()).values[0]?.value).toBe(bouncesBefore + 1);
      // A bounce is not retried, whatever comes next.
      running.wake();
      await sleep(1_500);
      expect(rcptTries.filter((address) => address === "team3@veldhaven-test.nl")).toHaveLength(1);
      expect(deliveredIds(smtp.received)).toEqual(messageIdsOf(ids.filter((_, n) => n !== 3)));
    } finally {
      await running.stop();
      await smtp.stop();
    }
  });

  it("a server that hangs after the message on a third of them: the others keep flowing, and after its restart every message arrives once", async () => {
    const hangs = new Set<string>();
    let arrivals = 0;
    const hanging = await startSmtp(0, {
      // Takes the message, then never answers (so it has not accepted it).
      beforeAccept: (mail) => {
        arrivals += 1;
        if (arrivals % 3 !== 0) return;
        hangs.add(mail.messageId);
        return new Promise<void>(() => {});
      },
    });
    const port = hanging.port;
    // Replies may take 60 s: only the pool's own rule keeps a hung message from holding its connection.
    const running = worker(database, port, { replyMs: 60_000 });
    let healthy: Awaited<ReturnType<typeof startSmtp>> | undefined;
    try {
      const ids = await enqueue(database, 30);
      running.wake();
      // Every message reached the server: a third hang there, the rest were taken.
      await expect.poll(() => arrivals, { timeout: 15_000 }).toBe(30);
      await expect.poll(() => hanging.received.length).toBe(20);
      expect(hangs.size).toBe(10);
      // The server restarts: the hung sessions end, and it answers again.
      await hanging.stop();
      healthy = await startSmtp(port);
      await expect.poll(() => healthy!.received.length, { timeout: 20_000 }).toBe(10);
      await sleep(500);
      expect(deliveredIds([...hanging.received, ...healthy.received])).toEqual(messageIdsOf(ids));
      expect(deliveredIds(healthy.received)).toEqual([...hangs].sort());
    } finally {
      await running.stop();
      await healthy?.stop();
    }
  });

  it("a sent message that cannot be marked sent (a full disk) is not sent again once the disk is back", async () => {
    const smtp = await startSmtp();
    await refuseMarkingSent(database, true);
    const transport = smtpTransport(`smtp://127.0.0.1:${smtp.port}`, { connections: 2, timeouts });
    // Leases of 1 s: without the fix, a message whose lease ran out was claimed and sent again.
    const running = startOutboxWorker(database.handle, transport, {
      from,
      logger,
      intervalMs: 300,
      concurrency: 4,
      leaseMs: 1_000,
    });
    try {
      const ids = await enqueue(database, 8);
      running.wake();
      await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBeGreaterThan(0);
      await sleep(3_000);
      await refuseMarkingSent(database, false);
      await expect
        .poll(
          async () =>
            (await database.db.selectFrom("outbox").select("id").where("status", "=", "sent").execute()).length,
          { timeout: 15_000 },
        )
        .toBe(8);
      await sleep(1_500);
      expect(smtp.received).toHaveLength(8);
      expect(deliveredIds(smtp.received)).toEqual(messageIdsOf(ids));
    } finally {
      await refuseMarkingSent(database, false);
      await running.stop();
      await smtp.stop();
    }
  });
});

/** A trigger that fails every write of "sent", as a full disk fails every write. */
async function refuseMarkingSent(database: DatabaseFixture, refuse: boolean): Promise<void> {
  const { db } = database;
  if (database.kind === "sqlite") {
    await sql`drop trigger if exists refuse_sent`.execute(db);
    if (refuse)
      await sql`create trigger refuse_sent before update of status on outbox when new.status = 'sent' begin select raise(abort, 'database or disk is full'); end`.execute(
        db,
      );
    return;
  }
  await sql`drop trigger if exists refuse_sent on outbox`.execute(db);
  if (!refuse) return;
  await sql`create or replace function refuse_sent() returns trigger as $$ begin raise exception 'could not extend file: No space left on device'; end $$ language plpgsql`.execute(
    db,
  );
  await sql`create trigger refuse_sent before update on outbox for each row when (new.status = 'sent') execute function refuse_sent()`.execute(
    db,
  );
}
