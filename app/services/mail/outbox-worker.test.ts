/**
 * Mail that keeps up: a pooled SMTP transport and the file transport, with
 * several sends in flight. That instances sharing a database never claim
 * one row twice, and that wakes send at once, is the queue's (its tests are
 * in services/outbox). Behaviour is asserted (every message arrives once,
 * by Message-ID), never speed: `npm run bench:mail` measures that.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import pino from "pino";
import { expect, it } from "vitest";

import { enqueueMail, type MailMessage } from "~/services/mail/outbox.server";
import { fileTransport, smtpTransport } from "~/services/mail/transport.server";
import { startOutboxWorker } from "~/services/mail/worker.server";

import { startSmtp } from "../../../tests/setup/test-smtp-server";
import { describeEachDatabase, type DatabaseFixture } from "../../../tests/setup/unit-database";

const logger = pino({ level: "silent" });
const from = "no-reply@veldhavenmedia.com";

const contact = (n: number): MailMessage => ({
  kind: "contact-notification",
  to: `team${n}@veldhaven-test.nl`,
  subject: `Bericht ${n}`,
  text: `${n}`,
  html: `<p>${n}</p>`,
});

async function enqueueMany(database: DatabaseFixture, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let n = 0; n < count; n++) ids.push(await enqueueMail(database.db, contact(n)));
  return ids;
}

const messageIdsOf = (ids: string[]) => ids.map((id) => `<${id}@veldhavenmedia.local>`).sort();

describeEachDatabase("the mail worker on $name", (database) => {
  it("sends every message over a pool of connections, each exactly once", async () => {
    const smtp = await startSmtp();
    const transport = smtpTransport(`smtp://127.0.0.1:${smtp.port}`, { connections: 3 });
    const ids = await enqueueMany(database, 300);
    const worker = startOutboxWorker(database.handle, transport, { from, logger, intervalMs: 60_000, concurrency: 8 });
    try {
      await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(300);
      expect(smtp.received.map((mail) => mail.messageId).sort()).toEqual(messageIdsOf(ids));
      // Pooled: a few connections for all of them, not one each.
      expect(smtp.connectionsOpened()).toBeLessThanOrEqual(3);
      await expect
        .poll(
          async () =>
            (await database.db.selectFrom("outbox").select("id").where("status", "=", "sent").execute()).length,
        )
        .toBe(300);
    } finally {
      await worker.stop();
      await smtp.stop();
    }
  });

  it("the file transport writes every message once, with the same concurrency", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mail-files-"));
    const ids = await enqueueMany(database, 40);
    const worker = startOutboxWorker(database.handle, fileTransport(dir, logger), {
      from,
      logger,
      intervalMs: 60_000,
      concurrency: 8,
    });
    try {
      await expect.poll(() => (fs.existsSync(dir) ? fs.readdirSync(dir).length : 0), { timeout: 10_000 }).toBe(40);
      const written = fs.readdirSync(dir).map((file) => /-([0-9a-f-]{36})\.eml$/.exec(file)?.[1]);
      expect(written.sort()).toEqual([...ids].sort());
    } finally {
      await worker.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
