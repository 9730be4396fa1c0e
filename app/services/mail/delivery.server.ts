import type { Logger } from "pino";
import type { DatabaseHandle } from "~/db/db.server";
import { markBounced, markFailed, markSent, releaseLeases, type OutboxRow } from "./outbox.server";
import { sendFailureKind, type SendHealth } from "./send-health.server";
import type { MailTransport } from "./transport.server";

export type DeliveryContext = {
  database: Pick<DatabaseHandle, "db" | "kind">;
  transport: MailTransport;
  from: string;
  logger?: Logger;
  now: () => Date;
  health: SendHealth;
  /** Sent messages whose "sent" could not be written yet (the database is away). */
  unrecorded: Set<string>;
  /** How long to wait between tries at writing "sent". */
  recordRetryMs?: number;
};

/**
 * - sent: the SMTP server accepted it (or the file was written);
 * - failed: it did not, and the attempt is counted;
 * - bounced: the server refused it for good: no more attempts;
 * - outage: the server was away: given back without counting an attempt;
 * - given back: a stopping worker stopped waiting for it and released its
 *   lease itself, so the failure that follows is not the message's fault.
 */
export type DeliveryOutcome = "sent" | "failed" | "bounced" | "outage" | "given back";

/** What a log may say of an SMTP error: its codes, never its text (it quotes the recipient). */
const loggable = (error: unknown) => {
  const { code, responseCode, command } = (error ?? {}) as { code?: string; responseCode?: number; command?: string };
  return { code, responseCode, command };
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Writes "sent" until it is written (on a full disk, 8 mails
 * delivered could not be marked and went out again when their lease ran
 * out). Meanwhile the message stays in this worker's hands, its lease
 * renewed, and the worker claims nothing (worker.server.ts), so it cannot
 * come back to this instance. Stops trying only when the worker gives up.
 */
async function recordSent(context: DeliveryContext, row: OutboxRow, givenBack: () => boolean): Promise<void> {
  const sentAt = context.now();
  for (let tries = 1; ; tries++) {
    try {
      await markSent(context.database.db, row.id, sentAt);
      context.unrecorded.delete(row.id);
      return;
    } catch (error) {
      context.unrecorded.add(row.id);
      if (tries === 1) context.logger?.error({ err: error, outboxId: row.id }, "mail sent but not yet recorded; trying again");
      if (givenBack()) {
        context.logger?.error({ outboxId: row.id }, "mail sent but could not be recorded before the stop: it may be sent again, with the same Message-ID");
        return;
      }
      await sleep(context.recordRetryMs ?? 1_000);
    }
  }
}

/** Records a failed send as what it was: a bounce, an outage (nothing counted) or a retry. */
async function recordFailure(context: DeliveryContext, row: OutboxRow, error: unknown): Promise<DeliveryOutcome> {
  const { db } = context.database;
  const kind = sendFailureKind(error);
  const decision = context.health.failed(kind);
  try {
    if (kind === "bounce") {
      await markBounced(db, row, error);
      context.logger?.warn({ err: loggable(error), outboxId: row.id, kind: row.kind }, "mail refused for good by the SMTP server (bounce)");
      return "bounced";
    }
    if (decision === "give back") {
      await releaseLeases(db, [row.id]);
      context.logger?.warn({ err: loggable(error), outboxId: row.id }, "SMTP server unavailable; mail kept, no attempt counted");
      return "outage";
    }
    await markFailed(db, row, error, context.now());
    context.logger?.warn({ err: loggable(error), outboxId: row.id, attempts: row.attempts + 1 }, "mail delivery failed; will retry");
    return "failed";
  } catch (recordError) {
    // The database went away too: the lease runs out and the message is tried again.
    context.logger?.error({ err: recordError, outboxId: row.id }, "could not record a failed mail delivery");
    return "failed";
  }
}

/**
 * Sends one claimed message and records the result at once. Marking it sent
 * right after the server accepted it, not after the rest of a batch, is what
 * keeps a crash a moment later from handing it to another worker (at most
 * once in practice; the Message-ID stays the same, so a rare duplicate can
 * be recognised). Never throws: a worker keeps going whatever one message does.
 */
export async function deliver(context: DeliveryContext, row: OutboxRow, givenBack: () => boolean = () => false): Promise<DeliveryOutcome> {
  try {
    await context.transport.send(row, context.from);
  } catch (error) {
    if (givenBack()) return "given back";
    return recordFailure(context, row, error);
  }
  context.health.succeeded();
  await recordSent(context, row, givenBack);
  return "sent";
}
