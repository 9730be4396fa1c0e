import type { Logger } from "pino";
import type { DatabaseHandle } from "~/db/db.server";
import { deliver, type DeliveryContext } from "./delivery.server";
import { keepLeases } from "./lease-keeper.server";
import { LEASE_MS, claimDueMail, releaseLeases, renewLeases, sendingOrder, type OutboxRow } from "./outbox.server";
import { SLOW_SEND_MS, sendHealth } from "./send-health.server";
import type { MailTransport } from "./transport.server";
import { settledWithin } from "~/utils/settled-within";

type Database = Pick<DatabaseHandle, "db" | "kind">;

/** Sends in flight at once when the caller does not say (MAIL_CONCURRENCY's default). */
const DEFAULT_CONCURRENCY = 8;
/**
 * How long stop() waits for the sends in flight: the same grace the HTTP
 * requests get (server/graceful-shutdown.ts), well inside its 10 s.
 */
const STOP_GRACE_MS = 6_000;

/**
 * Claimed ahead of the sends: enough that a finished send finds the next
 * message waiting, few enough that a verification mail queued a moment later
 * overtakes them soon (each claim takes the most urgent first).
 */
const batchSizeFor = (concurrency: number) => 2 * concurrency;

export type OutboxRunResult = { sent: number; failed: number };

/**
 * Claims one batch of what is due and sends it, `concurrency` at a time,
 * each message marked the moment it is accepted. Tests call it directly; the
 * worker below keeps going instead of working in rounds.
 */
export async function runOutboxOnce(
  database: Database,
  transport: MailTransport,
  options: { from: string; logger?: Logger; now?: () => Date; concurrency?: number },
): Promise<OutboxRunResult> {
  const now = options.now ?? (() => new Date());
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const context: DeliveryContext = { database, transport, from: options.from, logger: options.logger, now, health: sendHealth(), unrecorded: new Set() };
  const queue = await claimDueMail(database.db, database.kind, batchSizeFor(concurrency), now());
  const leases = keepLeases((ids, at, ms) => renewLeases(database.db, ids, at, ms), { leaseMs: LEASE_MS, now, logger: options.logger });
  leases.hold(queue.map((row) => row.id));
  const result: OutboxRunResult = { sent: 0, failed: 0 };
  const sender = async () => {
    for (let row = queue.shift(); row; row = queue.shift()) {
      const outcome = await deliver(context, row);
      leases.letGo(row.id);
      result[outcome === "sent" ? "sent" : "failed"] += 1;
    }
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, sender));
  } finally {
    leases.stop();
  }
  return result;
}

export type OutboxWorkerOptions = {
  from: string;
  logger: Logger;
  /** How often to look for due messages when nobody calls wake() (retries, other instances' mail). */
  intervalMs: number;
  /** Messages in flight at once (MAIL_CONCURRENCY). */
  concurrency?: number;
  leaseMs?: number;
  /** How long stop() waits for the sends in flight before giving them back. */
  stopGraceMs?: number;
  /** A send that takes longer no longer counts against `concurrency` (SLOW_SEND_MS). */
  slowAfterMs?: number;
  now?: () => Date;
};

export type OutboxWorker = { stop: () => Promise<void>; wake: () => void };

/**
 * One claim loop per instance that keeps `concurrency` sends in flight: a
 * finished send starts the next waiting message, and the loop claims again
 * when fewer than `concurrency` wait. wake() (a new message) and the poll
 * timer only say "there may be more"; they never start a second loop, so a
 * burst of wakes costs nothing.
 */
export function startOutboxWorker(database: Database, transport: MailTransport, options: OutboxWorkerOptions): OutboxWorker {
  const { db } = database;
  const { logger } = options;
  const now = options.now ?? (() => new Date());
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const leases = keepLeases((ids, at, ms) => renewLeases(db, ids, at, ms), { leaseMs, now, logger });
  /** Claimed, not started: most urgent first. */
  const waiting: OutboxRow[] = [];
  const inFlight = new Map<string, Promise<unknown>>();
  /** In flight when stop() stopped waiting; their leases were given back. */
  const givenBack = new Set<string>();
  let claim: Promise<void> | undefined;
  let mayBeMoreDue = true;
  let stopRequested = false;
  let stopped: Promise<void> | undefined;
  /** Sends past `slowAfterMs`: hung, most likely; the rest may go on beside them, up to four times `concurrency` in all. */
  let slowSends = 0;
  let probeTimer: NodeJS.Timeout | undefined;

  const health = sendHealth({
    onOutage: () => {
      logger.warn("SMTP server unreachable: sending paused, the server is probed until it answers");
      scheduleProbe();
    },
    // What the outage held back was given back uncounted, so it is due at once. A message
    // waiting out its own backoff (a greylisted recipient) keeps waiting: its refusal was its own.
    onRecovery: () => {
      logger.info("SMTP server reachable again: sending resumes");
      mayBeMoreDue = true;
      pump();
    },
  });
  const context: DeliveryContext = { database, transport, from: options.from, logger, now, health, unrecorded: new Set() };

  /**
   * Asks the server, not a message, whether it is back: the oldest message
   * may be one its recipient keeps refusing, and a probe that sent it never
   * saw the server recover.
   */
  const probe = async () => {
    if (stopRequested || !health.inOutage()) return;
    try {
      await transport.probe();
    } catch (error) {
      const { code, responseCode, command } = (error ?? {}) as { code?: string; responseCode?: number; command?: string };
      logger.info({ err: { code, responseCode, command } }, "SMTP server still unreachable");
      scheduleProbe();
      return;
    }
    if (!stopRequested) health.probePassed();
  };

  function scheduleProbe(): void {
    if (probeTimer || stopRequested) return;
    probeTimer = setTimeout(() => {
      probeTimer = undefined;
      void probe();
    }, health.nextProbeInMs());
    probeTimer.unref();
  }

  /** During an outage nothing starts: what was claimed waits, its leases renewed, for the probe to pass. */
  const mayStartSend = () => !stopRequested && !health.inOutage() && inFlight.size - slowSends < concurrency && inFlight.size < 4 * concurrency;
  /** Claim when fewer than `concurrency` wait; nothing during an outage. */
  const wantsClaim = () => !health.inOutage() && waiting.length < concurrency;

  const startSends = () => {
    while (mayStartSend() && waiting.length > 0) {
      const row = waiting.shift()!;
      let slow = false;
      const slowTimer = setTimeout(() => {
        slow = true;
        slowSends += 1;
        pump();
      }, options.slowAfterMs ?? SLOW_SEND_MS);
      const sending = deliver(context, row, () => givenBack.has(row.id)).finally(() => {
        clearTimeout(slowTimer);
        if (slow) slowSends -= 1;
        inFlight.delete(row.id);
        leases.letGo(row.id);
        pump();
      });
      inFlight.set(row.id, sending);
    }
  };

  const claimBatch = async () => {
    mayBeMoreDue = false;
    const limit = batchSizeFor(concurrency) - waiting.length;
    const rows = await claimDueMail(db, database.kind, limit, now(), leaseMs);
    if (stopRequested) {
      await releaseLeases(db, rows.map((row) => row.id));
      return;
    }
    leases.hold(rows.map((row) => row.id));
    waiting.push(...rows);
    waiting.sort(sendingOrder);
    // A full batch: more is probably due. Otherwise the next wake or poll says so.
    if (rows.length === limit) mayBeMoreDue = true;
  };

  function pump(): void {
    startSends();
    if (stopRequested || claim || !mayBeMoreDue || !wantsClaim()) return;
    // A sent message not yet recorded as sent must not be claimed again: claim once it is.
    if (context.unrecorded.size > 0) return;
    claim = claimBatch()
      // The database is away: try again at the next poll, not in a tight loop.
      .catch((error) => logger.error({ err: error }, "claiming mail failed"))
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

  /**
   * Stops claiming, gives back what was claimed and not started (no attempt
   * counted, so a restart sends it at once), lets the sends in flight finish
   * for up to `stopGraceMs`, then gives those back too and closes the transport.
   */
  const stop = async () => {
    stopRequested = true;
    clearInterval(poll);
    clearTimeout(probeTimer);
    await claim;
    const unstarted = waiting.splice(0).map((row) => row.id);
    unstarted.forEach(leases.letGo);
    await releaseLeases(db, unstarted).catch((error) => logger.error({ err: error }, "could not give back unsent mail"));
    if (!(await settledWithin([...inFlight.values()], options.stopGraceMs ?? STOP_GRACE_MS))) {
      const stillSending = [...inFlight.keys()];
      stillSending.forEach((id) => givenBack.add(id));
      logger.warn({ count: stillSending.length }, "mail still being sent at stop: given back, sent again after the restart");
      await releaseLeases(db, stillSending).catch((error) => logger.error({ err: error }, "could not give back mail in flight"));
    }
    leases.stop();
    transport.close();
  };

  return {
    wake: () => {
      mayBeMoreDue = true;
      pump();
    },
    stop: () => (stopped ??= stop()),
  };
}
