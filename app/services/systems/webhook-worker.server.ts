/**
 * The webhook queue's worker: the durable queue (app/services/outbox) with
 * webhooks' sender, the per-system outage probe and their pace. A
 * connection goes only to a public address (webhook-address.server.ts).
 */
import type { Logger } from "pino";

import type { DatabaseHandle } from "~/db/db.server";

import { startQueueWorker, type QueueWorker } from "../outbox/worker.server";
import { configuredNetwork, type WebhookNetwork } from "./webhook-address.server";
import { webhookSender } from "./webhook-attempt.server";
import { WEBHOOK_QUEUE } from "./webhook-outbox.server";
import { webhookOutageProbe } from "./webhook-probe.server";

export type WebhookWorkerOptions = {
  logger: Logger;
  /** How often to look for due deliveries when nobody wakes the worker (retries, other instances' tasks). */
  intervalMs: number;
  concurrency?: number;
  /** How long a receiver has to answer. */
  timeoutMs?: number;
  leaseMs?: number;
  /** Milliseconds before each retry (WEBHOOK_RETRY_SECONDS); the default schedule otherwise. */
  retryDelaysMs?: readonly number[];
  /** How often an unreachable system is probed (WEBHOOK_PROBE_INTERVAL_MS). */
  probeIntervalMs?: number;
  /** Where deliveries may go and how names resolve (the configuration's, unless a test gives its own). */
  network?: WebhookNetwork;
  now?: () => Date;
};

const DEFAULT_CONCURRENCY = 16;
const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_PROBE_INTERVAL_MS = 5_000;

export function startWebhookWorker(
  database: Pick<DatabaseHandle, "db" | "kind">,
  options: WebhookWorkerOptions,
): QueueWorker {
  const now = options.now ?? (() => new Date());
  const leaseMs = options.leaseMs ?? WEBHOOK_QUEUE.leaseMs;
  const network = options.network ?? configuredNetwork();
  const send = webhookSender(database.db, {
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    network,
    logger: options.logger,
    now,
  });
  return startQueueWorker(WEBHOOK_QUEUE, {
    database,
    send,
    logger: options.logger,
    intervalMs: options.intervalMs,
    concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
    leaseMs,
    retryDelaysMs: options.retryDelaysMs,
    probe: webhookOutageProbe(database.db, {
      intervalMs: options.probeIntervalMs ?? DEFAULT_PROBE_INTERVAL_MS,
      leaseMs,
    }),
    now,
  });
}
