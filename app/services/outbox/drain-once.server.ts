/**
 * One round of a queue: claims one batch of what is due and tries it,
 * `concurrency` at a time, each row recorded the moment its try ends.
 * Tests and scripts call it; a running instance keeps a worker instead
 * (worker.server.ts), which does not work in rounds.
 */
import type { Kysely } from "kysely";
import pino, { type Logger } from "pino";

import type { DatabaseKind } from "~/db/db.server";
import type { Database } from "~/db/schema";

import { keepLeases } from "./lease-keeper.server";
import type { QueueDefinition, QueueRow } from "./queue.server";
import { claimDue, renewLeases } from "./store.server";
import { sendAndRecord, type Sender } from "./try.server";
import { batchSizeFor } from "./worker.server";

export type DrainResult = { done: number; failed: number };

export async function drainOnce<Row extends QueueRow>(
  queue: QueueDefinition<Row>,
  options: {
    database: { db: Kysely<Database>; kind: DatabaseKind };
    send: Sender<Row>;
    concurrency: number;
    logger?: Logger;
    now?: () => Date;
  },
): Promise<DrainResult> {
  const { db, kind } = options.database;
  const now = options.now ?? (() => new Date());
  const logger = options.logger ?? pino({ level: "silent" });
  const waiting = await claimDue(queue, db, kind, batchSizeFor(options.concurrency), now());
  const leases = keepLeases((ids, at, ms) => renewLeases(queue, db, ids, at, ms), {
    leaseMs: queue.leaseMs,
    now,
    logger,
    queue: queue.name,
  });
  leases.hold(waiting.map((row) => row.id));
  const context = { queue, db, now, logger, givenBack: () => false, unrecorded: new Set<string>() };
  const result: DrainResult = { done: 0, failed: 0 };
  const sender = async () => {
    for (let row = waiting.shift(); row; row = waiting.shift()) {
      const recorded = await sendAndRecord(context, options.send, row);
      leases.letGo(row.id);
      result[recorded === "done" ? "done" : "failed"] += 1;
    }
  };
  try {
    await Promise.all(Array.from({ length: options.concurrency }, sender));
  } finally {
    leases.stop();
  }
  return result;
}
