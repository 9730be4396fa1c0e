import type { Logger } from "pino";
import type { DatabaseHandle } from "~/db/db.server";
import { claimDueMail, markFailed, markSent } from "./outbox.server";
import type { MailTransport } from "./transport.server";

/** Messages sent per round at most. */
const BATCH_SIZE = 20;

export type OutboxRunResult = { sent: number; failed: number };

/** Sends what is due once; the worker calls it on a timer, tests call it directly. */
export async function runOutboxOnce(
  database: Pick<DatabaseHandle, "db" | "kind">,
  transport: MailTransport,
  options: { from: string; logger?: Logger; now?: () => Date },
): Promise<OutboxRunResult> {
  const now = options.now ?? (() => new Date());
  const result: OutboxRunResult = { sent: 0, failed: 0 };
  // One message per claim: a lease then covers one delivery, however slow
  // the SMTP server is, and is never outlived by the rest of a batch.
  for (let i = 0; i < BATCH_SIZE; i++) {
    const [message] = await claimDueMail(database.db, database.kind, 1, now());
    if (!message) break;
    try {
      await transport.send(message, options.from);
      await markSent(database.db, message.id, now());
      result.sent += 1;
    } catch (error) {
      await markFailed(database.db, message, error, now());
      result.failed += 1;
      options.logger?.warn(
        { err: error, outboxId: message.id, attempts: message.attempts },
        "mail delivery failed; will retry",
      );
    }
  }
  return result;
}

export type OutboxWorker = { stop: () => Promise<void>; wake: () => void };

/** Polls the outbox every `intervalMs`; `wake()` runs a round at once (after a new message). */
export function startOutboxWorker(
  database: Pick<DatabaseHandle, "db" | "kind">,
  transport: MailTransport,
  options: { from: string; logger: Logger; intervalMs: number },
): OutboxWorker {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const round = () => {
    if (stopped) return;
    clearTimeout(timer);
    running = running
      .then(() => runOutboxOnce(database, transport, options))
      .catch((error) => options.logger.error({ err: error }, "outbox round failed"))
      .finally(() => {
        if (!stopped) timer = setTimeout(round, options.intervalMs);
      });
  };
  timer = setTimeout(round, 0);

  return {
    wake: round,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}
