/**
 * Sends the queued webhook deliveries (issue 41): one claim loop per
 * instance keeps up to `concurrency` requests out, each signed at the moment
 * it is sent (a fresh `webhook-timestamp`, the same `webhook-id`). A 2xx is
 * delivered; anything else, a timeout or a refused connection is retried on
 * the schedule. A delivery in the hands of a worker that dies is due again
 * when its lease runs out, so nothing is lost on `kill -9`, and at most that
 * one attempt is repeated. A connection goes only to a public address
 * (webhook-address.server.ts); a system whose receiver stopped answering is
 * probed until it answers again (webhook-probe.server.ts).
 */
import type { Logger } from "pino";
import type { DatabaseHandle } from "~/db/db.server";
import { metrics } from "~/utils/metrics.server";
import { settledWithin } from "~/utils/settled-within";
import { keepLeases } from "../mail/lease-keeper.server";
import { configuredNetwork, type WebhookNetwork } from "./webhook-address.server";
import { recordTry, tryDelivery } from "./webhook-attempt.server";
import { WEBHOOK_LEASE_MS, claimDueWebhooks, releaseWebhooks, renewWebhookLeases, type DeliveryRow } from "./webhook-outbox.server";
import { startProbes } from "./webhook-probe.server";

export type WebhookWorkerOptions = {
  logger: Logger;
  /** How often to look for due deliveries when nobody calls wake() (retries, other instances' tasks). */
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

export type WebhookWorker = { wake: () => void; stop: () => Promise<void> };

const DEFAULT_CONCURRENCY = 16;
const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_PROBE_INTERVAL_MS = 5_000;
/** The same grace the mail worker gets at a stop, well inside the shutdown's 10 s. */
const STOP_GRACE_MS = 6_000;

export function startWebhookWorker(database: Pick<DatabaseHandle, "db" | "kind">, options: WebhookWorkerOptions): WebhookWorker {
  const { db, kind } = database;
  const { logger } = options;
  const now = options.now ?? (() => new Date());
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const leaseMs = options.leaseMs ?? WEBHOOK_LEASE_MS;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const leases = keepLeases((ids, at, ms) => renewWebhookLeases(db, ids, at, ms), { leaseMs, now, logger, what: "webhook" });
  const waiting: DeliveryRow[] = [];
  const inFlight = new Set<Promise<void>>();
  let claim: Promise<void> | undefined;
  let mayBeMoreDue = true;
  let stopRequested = false;

  const network = options.network ?? configuredNetwork();
  const wake = () => {
    mayBeMoreDue = true;
    pump();
  };
  const probes = startProbes(db, { logger, intervalMs: options.probeIntervalMs ?? DEFAULT_PROBE_INTERVAL_MS, timeoutMs, leaseMs, network, now, onRecovery: wake });

  const send = async (row: DeliveryRow) => {
    const tried = await tryDelivery(db, row, now(), { timeoutMs, network });
    const { outcome, recovered, paused } = await recordTry(db, row, tried, now(), { counts: true, retryDelaysMs: options.retryDelaysMs });
    if (recovered) wake();
    if (paused) logger.warn({ system: row.system_id }, "webhook system paused: its address leads into a private network");
    if (outcome === "given-back") return;
    metrics().webhookDeliveries.inc({ outcome });
    if (outcome !== "delivered" && tried.kind === "failed") {
      logger[outcome === "gave-up" ? "error" : "warn"]({ delivery: row.id, system: row.system_id, attempts: row.attempts + 1, failure: tried.failure }, "webhook delivery failed");
    }
  };

  const startSends = () => {
    while (!stopRequested && inFlight.size < concurrency && waiting.length > 0) {
      const row = waiting.shift()!;
      const sending: Promise<void> = send(row)
        .catch((error) => logger.error({ err: error, delivery: row.id }, "webhook delivery could not be recorded"))
        .finally(() => {
          inFlight.delete(sending);
          leases.letGo(row.id);
          pump();
        });
      inFlight.add(sending);
    }
  };

  function pump(): void {
    startSends();
    if (stopRequested || claim || !mayBeMoreDue || waiting.length >= concurrency) return;
    mayBeMoreDue = false;
    const limit = 2 * concurrency - waiting.length;
    claim = claimDueWebhooks(db, kind, limit, now(), leaseMs)
      .then(async (rows) => {
        if (stopRequested) return releaseWebhooks(db, rows.map((row) => row.id));
        leases.hold(rows.map((row) => row.id));
        waiting.push(...rows);
        if (rows.length === limit) mayBeMoreDue = true;
      })
      .catch((error) => logger.error({ err: error }, "claiming webhook deliveries failed"))
      .finally(() => {
        claim = undefined;
        pump();
      });
  }

  const poll = setInterval(() => {
    mayBeMoreDue = true;
    pump();
  }, options.intervalMs);
  poll.unref();
  pump();

  let stopped: Promise<void> | undefined;
  const stop = async () => {
    stopRequested = true;
    clearInterval(poll);
    const probesStopped = probes.stop();
    await claim;
    const unstarted = waiting.splice(0).map((row) => row.id);
    unstarted.forEach(leases.letGo);
    await releaseWebhooks(db, unstarted).catch((error) => logger.error({ err: error }, "could not give back webhook deliveries"));
    // Within the shutdown's grace: what is still out is given back and sent again after the restart (same webhook-id).
    await settledWithin([...inFlight], STOP_GRACE_MS);
    await releaseWebhooks(db, leases.held()).catch((error) => logger.error({ err: error }, "could not give back webhook deliveries in flight"));
    leases.stop();
    await probesStopped;
  };
  return {
    wake,
    stop: () => (stopped ??= stop()),
  };
}
