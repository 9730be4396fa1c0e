import type { Logger } from "pino";
import type { DatabaseHandle } from "~/db/db.server";
import { markFailed, markSent, type OutboxRow } from "./outbox.server";
import type { MailTransport } from "./transport.server";

export type DeliveryContext = {
  database: Pick<DatabaseHandle, "db" | "kind">;
  transport: MailTransport;
  from: string;
  logger?: Logger;
  now: () => Date;
};

/**
 * - sent: the SMTP server accepted it (or the file was written);
 * - failed: it did not, and the attempt is counted;
 * - given back: a stopping worker stopped waiting for it and released its
 *   lease itself, so the failure that follows is not the message's fault.
 */
export type DeliveryOutcome = "sent" | "failed" | "given back";

/**
 * Sends one claimed message and records the result at once. Marking it sent
 * right after the server accepted it, not after the rest of a batch, is what
 * keeps a crash a moment later from handing it to another worker (at most
 * once in practice; the Message-ID stays the same, so a rare duplicate can
 * be recognised). Never throws: a worker keeps going whatever one message does.
 */
export async function deliver(context: DeliveryContext, row: OutboxRow, givenBack: () => boolean = () => false): Promise<DeliveryOutcome> {
  const { db } = context.database;
  let failure: { error: unknown } | undefined;
  try {
    await context.transport.send(row, context.from);
  } catch (error) {
    failure = { error };
  }
  try {
    if (!failure) {
      await markSent(db, row.id, context.now());
      return "sent";
    }
    if (givenBack()) return "given back";
    await markFailed(db, row, failure.error, context.now());
    context.logger?.warn({ err: failure.error, outboxId: row.id, attempts: row.attempts + 1 }, "mail delivery failed; will retry");
    return "failed";
  } catch (error) {
    // The database went away (a stop that ran out of time): the lease runs
    // out and the message is sent again, with the same Message-ID.
    context.logger?.error({ err: error, outboxId: row.id, sent: !failure }, "could not record a mail delivery");
    return failure ? "failed" : "sent";
  }
}
