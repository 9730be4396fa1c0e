/**
 * One try of one claimed row: the user's send, then its outcome recorded at
 * once. Recording each row the moment its receiver answered, not after the
 * rest of a batch, is what keeps a crash a moment later from handing it to
 * another worker. Never throws: a worker keeps going whatever one row does.
 */
import type { Kysely } from "kysely";
import type { Logger } from "pino";

import type { Database } from "~/db/schema";

import { recordOutcome, type Recorded, type SendOutcome } from "./outcome.server";
import type { OutageProbe } from "./probe";
import type { QueueDefinition, QueueRow } from "./queue.server";
import type { RetrySchedule } from "./retry-schedule";

/** The user's part: send one row and say what came of it. It should not throw; if it does, the try is retried. */
export type Sender<Row> = (row: Row) => Promise<SendOutcome>;

export type TryContext<Row extends QueueRow> = {
  queue: QueueDefinition<Row>;
  db: Kysely<Database>;
  now: () => Date;
  logger: Logger;
  schedule?: RetrySchedule;
  probe?: OutageProbe<Row>;
  /** A stopping worker stopped waiting for the row and gave it back itself. */
  givenBack: (id: string) => boolean;
  /** Rows taken whose "done" could not be written yet (the database is away). */
  unrecorded: Set<string>;
  /** How long to wait between tries at writing "done". */
  recordRetryMs?: number;
  probeTry?: boolean;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Writes "done" until it is written: on a full disk, mail that was sent but
 * could not be marked went out again when its lease ran out. Meanwhile the
 * row stays in this worker's hands, its lease renewed, and the worker claims
 * nothing, so it cannot come back to this instance. Stops trying only when
 * the worker gives up at a stop.
 */
async function recordDone<Row extends QueueRow>(
  context: TryContext<Row>,
  row: Row,
  outcome: SendOutcome,
  at: Date,
): Promise<Recorded> {
  for (let tries = 1; ; tries++) {
    try {
      const recorded = await recordOutcome(context.queue, context.db, row, outcome, { now: at });
      context.unrecorded.delete(row.id);
      return recorded;
    } catch (error) {
      context.unrecorded.add(row.id);
      if (tries === 1)
        context.logger.error(
          { err: error, queue: context.queue.name, id: row.id },
          "taken by its receiver but not yet recorded; trying again",
        );
      if (context.givenBack(row.id)) {
        context.unrecorded.delete(row.id);
        context.logger.error(
          { queue: context.queue.name, id: row.id },
          "taken but not recorded before the stop: it may be sent again, with the same id",
        );
        return "given-back";
      }
      await sleep(context.recordRetryMs ?? 1_000);
    }
  }
}

export async function sendAndRecord<Row extends QueueRow>(
  context: TryContext<Row>,
  send: Sender<Row>,
  row: Row,
): Promise<Recorded> {
  const { queue, logger } = context;
  let outcome: SendOutcome;
  try {
    outcome = await send(row);
  } catch (error) {
    logger.error({ err: error, queue: queue.name, id: row.id }, "a send failed unexpectedly");
    outcome = { result: "retry", error };
  }
  // A failure after the stop gave the row back is not the row's fault: nothing to record.
  if (outcome.result !== "done" && context.givenBack(row.id)) return "given-back";
  try {
    // Mail's probe learns in memory; only a probe that writes (a system's health) is awaited.
    const observed = context.probe?.observe(row, outcome);
    if (observed) await observed;
    if (outcome.result === "done") return await recordDone(context, row, outcome, context.now());
    return await recordOutcome(queue, context.db, row, outcome, {
      now: context.now(),
      schedule: context.schedule,
      probe: context.probeTry,
    });
  } catch (error) {
    // The database went away too: the lease runs out and the row is tried again.
    logger.error({ err: error, queue: queue.name, id: row.id }, "could not record a try");
    return "given-back";
  }
}
