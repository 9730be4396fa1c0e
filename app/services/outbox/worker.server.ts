/**
 * One claim loop per queue and instance that keeps `concurrency` sends in
 * flight: a finished send starts the next waiting row, and the loop claims
 * again when fewer than `concurrency` wait. wake() (a row queued, a
 * receiver back) and the poll timer only say "there may be more"; they never
 * start a second loop, so a burst of wakes costs nothing. A row in the hands
 * of a worker that dies is due again when its lease runs out, so nothing is
 * lost on `kill -9`, and at most that one try is repeated.
 */
import type { Kysely } from "kysely";
import type { Logger } from "pino";

import type { DatabaseKind } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { settledWithin } from "~/utils/settled-within";

import { keepLeases } from "./lease-keeper.server";
import type { OutageProbe } from "./probe";
import type { QueueDefinition, QueueRow } from "./queue.server";
import type { RetrySchedule } from "./retry-schedule";
import { claimDue, release, renewLeases } from "./store.server";
import { sendAndRecord, type Sender } from "./try.server";
import { onWake } from "./wake.server";

/** How long stop() waits for the sends in flight: the HTTP requests' grace (server/graceful-shutdown.ts), well inside its 10 s. */
const STOP_GRACE_MS = 6_000;

/**
 * Claimed ahead of the sends: enough that a finished send finds the next
 * row waiting, few enough that an urgent row queued a moment later
 * overtakes them soon (each claim takes the most urgent first).
 */
export const batchSizeFor = (concurrency: number) => 2 * concurrency;

export type QueueWorkerOptions<Row extends QueueRow> = {
  database: { db: Kysely<Database>; kind: DatabaseKind };
  send: Sender<Row>;
  logger: Logger;
  /** How often to look for due rows when nobody wakes the worker (retries, other instances' rows). */
  intervalMs: number;
  concurrency: number;
  leaseMs?: number;
  retryDelaysMs?: RetrySchedule;
  probe?: OutageProbe<Row>;
  /** How long stop() waits for the sends in flight before giving them back. */
  stopGraceMs?: number;
  /** A send that takes longer no longer counts against `concurrency` (hung, most likely); the rest go on beside it, up to four times `concurrency`. */
  slowAfterMs?: number;
  now?: () => Date;
  /** After the stop: close what the sends used (an SMTP pool). */
  onStopped?: () => void;
};

export type QueueWorker = { wake: () => void; stop: () => Promise<void> };

export function startQueueWorker<Row extends QueueRow>(
  queue: QueueDefinition<Row>,
  options: QueueWorkerOptions<Row>,
): QueueWorker {
  const { logger, concurrency, probe } = options;
  const { db, kind } = options.database;
  const now = options.now ?? (() => new Date());
  const leaseMs = options.leaseMs ?? queue.leaseMs;
  const leases = keepLeases((ids, at, ms) => renewLeases(queue, db, ids, at, ms), {
    leaseMs,
    now,
    logger,
    queue: queue.name,
  });
  /** Claimed, not started: most urgent first. */
  const waiting: Row[] = [];
  const inFlight = new Map<string, Promise<unknown>>();
  /** In flight when stop() stopped waiting; their leases were given back. */
  const givenBack = new Set<string>();
  const tries = {
    queue,
    db,
    now,
    logger,
    schedule: options.retryDelaysMs,
    probe,
    givenBack: (id: string) => givenBack.has(id),
    unrecorded: new Set<string>(),
  };
  let claim: Promise<void> | undefined;
  let mayBeMoreDue = true;
  let stopRequested = false;
  let stopped: Promise<void> | undefined;
  let slowSends = 0;

  const wake = () => {
    mayBeMoreDue = true;
    pump();
  };
  const holding = () => probe?.holding() ?? false;
  const mayStartSend = () =>
    !stopRequested && !holding() && inFlight.size - slowSends < concurrency && inFlight.size < 4 * concurrency;

  const startSends = () => {
    while (mayStartSend() && waiting.length > 0) {
      const row = waiting.shift()!;
      let slow = false;
      const slowTimer =
        options.slowAfterMs === undefined
          ? undefined
          : setTimeout(() => ((slow = true), (slowSends += 1), pump()), options.slowAfterMs);
      const sending = sendAndRecord(tries, options.send, row).finally(() => {
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
    const rows = await claimDue(queue, db, kind, limit, now(), leaseMs);
    if (stopRequested)
      return release(
        queue,
        db,
        rows.map((row) => row.id),
      );
    leases.hold(rows.map((row) => row.id));
    waiting.push(...rows);
    waiting.sort(queue.sendingOrder);
    // A full batch: more is probably due. Otherwise the next wake or poll says so.
    if (rows.length === limit) mayBeMoreDue = true;
  };

  function pump(): void {
    startSends();
    if (stopRequested || claim || !mayBeMoreDue || holding() || waiting.length >= concurrency) return;
    // A row taken but not yet recorded as taken must not be claimed again: claim once it is.
    if (tries.unrecorded.size > 0) return;
    claim = claimBatch()
      // The database is away: try again at the next poll, not in a tight loop.
      .catch((error) => logger.error({ err: error, queue: queue.name }, "claiming from the queue failed"))
      .finally(() => {
        claim = undefined;
        pump();
      });
  }

  const probing = probe?.start({
    logger,
    now,
    recovered: wake,
    tryAsProbe: (row) => sendAndRecord({ ...tries, probeTry: true }, options.send, row),
    release: (ids) => release(queue, db, ids),
  });
  const unregister = onWake(queue.name, wake);
  const poll = setInterval(wake, options.intervalMs);
  poll.unref();
  pump();

  /**
   * Stops claiming, gives back what was claimed and not started (no attempt
   * counted, so a restart sends it at once), lets the sends in flight finish
   * for up to `stopGraceMs`, then gives those back too.
   */
  const stop = async () => {
    stopRequested = true;
    unregister();
    clearInterval(poll);
    const probeStopped = probing?.stop();
    await claim;
    const unstarted = waiting.splice(0).map((row) => row.id);
    unstarted.forEach(leases.letGo);
    await release(queue, db, unstarted).catch((error) =>
      logger.error({ err: error, queue: queue.name }, "could not give back unstarted rows"),
    );
    if (!(await settledWithin([...inFlight.values()], options.stopGraceMs ?? STOP_GRACE_MS))) {
      const stillSending = [...inFlight.keys()];
      stillSending.forEach((id) => givenBack.add(id));
      logger.warn(
        { count: stillSending.length, queue: queue.name },
        "still being sent at stop: given back, sent again after the restart",
      );
      await release(queue, db, stillSending).catch((error) =>
        logger.error({ err: error, queue: queue.name }, "could not give back rows in flight"),
      );
    }
    leases.stop();
    await probeStopped;
    options.onStopped?.();
  };

  return { wake, stop: () => (stopped ??= stop()) };
}
