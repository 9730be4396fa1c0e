/**
 * A verification or confirmation mail does not wait behind
 * notifications and digests. The priority comes from the kind alone
 * (outbox.server.ts), so no caller names it.
 */
import { Migrator, sql } from "kysely";
import pino from "pino";
import { expect, it } from "vitest";

import { migrateToLatest } from "~/db/db.server";
import { migrationProvider } from "~/db/migrations";
import { claimDueMail, enqueueMail, type MailKind, type MailMessage } from "~/services/mail/outbox.server";
import { smtpTransport } from "~/services/mail/transport.server";
import { startOutboxWorker } from "~/services/mail/worker.server";

import { startSmtp } from "../../../tests/setup/test-smtp-server";
import { describeEachDatabase } from "../../../tests/setup/unit-database";

const logger = pino({ level: "silent" });

const mail = (kind: MailKind, subject: string, to = "lezer@veldhaven-test.nl"): MailMessage => ({
  kind,
  to,
  subject,
  text: subject,
  html: `<p>${subject}</p>`,
});

const at = (second: number) => new Date(Date.UTC(2026, 0, 5, 9, 0, second));

describeEachDatabase("mail priority on $name", (database) => {
  it("claims verification and confirmation mails first, then team notifications, then the digest; each oldest first", async () => {
    await enqueueMail(database.db, mail("privacy-digest", "digest"), at(0));
    await enqueueMail(database.db, mail("contact-notification", "contact 1"), at(1));
    await enqueueMail(database.db, mail("privacy-verification", "verification 1"), at(2));
    await enqueueMail(database.db, mail("ad-complaint-notification", "team 2"), at(3));
    await enqueueMail(database.db, mail("privacy-confirmation", "confirmation 2"), at(4));
    const claimed = await claimDueMail(database.db, database.kind, 10, at(10));
    expect(claimed.map((row) => row.subject)).toEqual([
      "verification 1",
      "confirmation 2",
      "contact 1",
      "team 2",
      "digest",
    ]);
  });

  it("derives the priority from the kind: every person-facing mail before every team notification, the digest last", async () => {
    const personFacing: MailKind[] = [
      "privacy-verification",
      "privacy-confirmation",
      "ad-complaint-acknowledgement",
      "ad-complaint-outcome",
      "privacy-extension",
      "privacy-rejection",
    ];
    const team: MailKind[] = ["contact-notification", "privacy-team-notification", "ad-complaint-notification"];
    for (const kind of [...team, ...personFacing, "privacy-digest" as const])
      await enqueueMail(database.db, mail(kind, kind));
    const rows = await database.db.selectFrom("outbox").select(["kind", "priority"]).execute();
    const priority = (kind: string) => rows.find((row) => row.kind === kind)!.priority;
    const highest = (kinds: MailKind[]) => Math.max(...kinds.map(priority));
    const lowest = (kinds: MailKind[]) => Math.min(...kinds.map(priority));
    expect(highest(personFacing)).toBeLessThan(lowest(team));
    expect(highest(team)).toBeLessThan(priority("privacy-digest"));
  });

  it("a verification mail queued behind a burst of contact notifications overtakes it", async () => {
    let arrived = 0;
    let letThrough!: () => void;
    const released = new Promise<void>((resolve) => (letThrough = resolve));
    // The server holds the burst's first messages until the verification mail is queued.
    const smtp = await startSmtp(0, { beforeAccept: () => (arrived++, released) });
    const transport = smtpTransport(`smtp://127.0.0.1:${smtp.port}`, { connections: 2 });
    const BURST = 60;
    for (let n = 0; n < BURST; n++)
      await enqueueMail(database.db, mail("contact-notification", `contact ${n}`, `team${n}@veldhaven-test.nl`));
    const worker = startOutboxWorker(database.handle, transport, {
      from: "no-reply@veldhavenmedia.com",
      logger,
      intervalMs: 60_000,
      concurrency: 2,
    });
    try {
      await expect.poll(() => arrived, { timeout: 10_000 }).toBe(2);
      await enqueueMail(database.db, mail("privacy-verification", "verification", "haast@veldhaven-test.nl"));
      worker.wake();
      letThrough();
      await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(BURST + 1);
      const position = smtp.received.findIndex((received) => received.to[0] === "haast@veldhaven-test.nl");
      // Only what was in flight or already claimed (two of each) goes before it, not the other 56.
      expect(position).toBeLessThan(8);
    } finally {
      letThrough();
      await worker.stop();
      await smtp.stop();
    }
  });
});

describeEachDatabase(
  "migration 009 on $name",
  (database) => {
    it("gives mail queued before it the normal priority, and can be undone", async () => {
      const migrator = new Migrator({ db: database.db, provider: migrationProvider });
      expect((await migrator.migrateTo("008-staff-two-factor")).error).toBeUndefined();
      await sql`insert into outbox (id, kind, recipient, subject, text_body, html_body, status, attempts, next_attempt_at, created_at)
        values ('queued-before', 'privacy-verification', 'a@b.nl', 's', 't', 'h', 'pending', 0, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`.execute(
        database.db,
      );
      await migrateToLatest(database.db);
      const row = await database.db.selectFrom("outbox").select(["id", "priority"]).executeTakeFirstOrThrow();
      expect(row).toEqual({ id: "queued-before", priority: 2 });

      expect((await migrator.migrateTo("008-staff-two-factor")).error).toBeUndefined();
      const columns = (await database.db.introspection.getTables())
        .find((table) => table.name === "outbox")!
        .columns.map((column) => column.name);
      expect(columns).not.toContain("priority");
    });
  },
  { migrate: false },
);
