/**
 * The mail queue's worker: the durable queue (app/services/outbox) with
 * mail's sender, its SMTP outage probe and its pace. A send that takes
 * longer than SLOW_SEND_MS is hung, most likely, and stops counting against
 * the sends kept for the usual pace.
 */
import type { Logger } from "pino";

import type { DatabaseHandle } from "~/db/db.server";

import { drainOnce } from "../outbox/drain-once.server";
import { startQueueWorker, type QueueWorker } from "../outbox/worker.server";
import { mailSender } from "./delivery.server";
import { MAIL_QUEUE } from "./outbox.server";
import { SLOW_SEND_MS } from "./send-health.server";
import { smtpOutageProbe } from "./smtp-probe.server";
import type { MailTransport } from "./transport.server";

type Database = Pick<DatabaseHandle, "db" | "kind">;

/** Sends in flight at once when the caller does not say (MAIL_CONCURRENCY's default). */
const DEFAULT_CONCURRENCY = 8;

export type OutboxRunResult = { sent: number; failed: number };
export type OutboxWorker = QueueWorker;

/** One batch of what is due, sent `concurrency` at a time (tests). */
export async function runOutboxOnce(
  database: Database,
  transport: MailTransport,
  options: { from: string; logger?: Logger; now?: () => Date; concurrency?: number },
): Promise<OutboxRunResult> {
  const send = mailSender(transport, options.from, options.logger);
  const { done, failed } = await drainOnce(MAIL_QUEUE, {
    database,
    send,
    concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
    logger: options.logger,
    now: options.now,
  });
  return { sent: done, failed };
}

export type OutboxWorkerOptions = {
  from: string;
  logger: Logger;
  /** How often to look for due messages when nobody wakes the worker (retries, other instances' mail). */
  intervalMs: number;
  /** Messages in flight at once (MAIL_CONCURRENCY). */
  concurrency?: number;
  leaseMs?: number;
  stopGraceMs?: number;
  slowAfterMs?: number;
  now?: () => Date;
};

export function startOutboxWorker(
  database: Database,
  transport: MailTransport,
  options: OutboxWorkerOptions,
): QueueWorker {
  return startQueueWorker(MAIL_QUEUE, {
    ...options,
    database,
    send: mailSender(transport, options.from, options.logger),
    concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
    slowAfterMs: options.slowAfterMs ?? SLOW_SEND_MS,
    probe: smtpOutageProbe(transport),
    onStopped: () => transport.close(),
  });
}
