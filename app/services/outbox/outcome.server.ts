/**
 * What a user's send reports, and how the queue records it. The user knows
 * what a message is and whose fault a failure was; the queue knows what
 * follows: the row is done, retried on the schedule, dead, or given back
 * uncounted. Its metrics are counted here, once, for every queue.
 */
import type { Kysely } from "kysely";

import type { Database } from "~/db/schema";
import { metrics } from "~/utils/metrics.server";

import type { QueueName, QueueRow, QueueTarget } from "./queue.server";
import type { RetrySchedule } from "./retry-schedule";
import { markDead, markDone, markFailed, release } from "./store.server";

export type SendOutcome = {
  /**
   * - done: the receiver took it;
   * - retry: it failed for now; an attempt is counted and the schedule says when again;
   * - dead: refused for good (`deadStatus`, mail's "bounced"): no more attempts;
   * - give back: nothing was the row's fault: uncounted, claimable again at once.
   */
  result: "done" | "retry" | "dead" | "give back";
  /** Kept as the row's last error (cut at ERROR_TEXT_MAX). */
  error?: unknown;
  /** What the try showed of the receiver, for the outage probe. */
  receiver?: "answered" | "away";
};

export type Recorded = "done" | "retry" | "gave-up" | "dead" | "given-back";

export type RecordOptions = {
  now: Date;
  schedule?: RetrySchedule;
  /** A probe's try: a failure is given back, never counted. */
  probe?: boolean;
};

/** The status of a row refused for good. */
const DEAD_STATUS = { mail: "bounced", webhooks: "failed" } as const;

export async function recordOutcome(
  queue: QueueTarget,
  db: Kysely<Database>,
  row: QueueRow,
  outcome: SendOutcome,
  options: RecordOptions,
): Promise<Recorded> {
  const counted =
    outcome.result === "give back" || (options.probe && outcome.result !== "done") ? "give back" : outcome.result;
  let recorded: Recorded;
  if (counted === "done") {
    await markDone(queue, db, row, options.now);
    recorded = "done";
  } else if (counted === "dead") {
    await markDead(queue, db, row, DEAD_STATUS[queue.name], outcome.error);
    recorded = "dead";
  } else if (counted === "retry") {
    recorded = await markFailed(queue, db, row, outcome.error, options.now, options.schedule);
  } else {
    await release(queue, db, [row.id], outcome.error);
    recorded = "given-back";
  }
  countOutcome(queue.name, recorded);
  return recorded;
}

type Counters = ReturnType<typeof metrics>;
/** Each queue's outcome counter, looked up once rather than at every try. */
const children = new WeakMap<
  Counters["outboxOutcomes"],
  Map<string, ReturnType<Counters["outboxOutcomes"]["labels"]>>
>();
function outcomeCounter(counter: Counters["outboxOutcomes"], queue: QueueName, outcome: Recorded) {
  let byKey = children.get(counter);
  if (!byKey) children.set(counter, (byKey = new Map()));
  const key = `${queue} ${outcome}`;
  let child = byKey.get(key);
  if (!child) byKey.set(key, (child = counter.labels(queue, outcome)));
  return child;
}

/**
 * One counter for every queue (`outbox_outcomes_total{queue, outcome}`),
 * and the counters the dashboards knew before the queues were one, kept
 * with the same meaning.
 */
function countOutcome(queue: QueueName, recorded: Recorded): void {
  if (recorded === "given-back") return;
  const counters = metrics();
  outcomeCounter(counters.outboxOutcomes, queue, recorded).inc();
  if (queue === "webhooks") {
    counters.webhookDeliveries.inc({
      outcome: recorded === "done" ? "delivered" : recorded === "dead" ? "gave-up" : recorded,
    });
  } else if (recorded === "dead") {
    counters.mailBounces.inc();
  } else if (recorded !== "done") {
    counters.mailFailures.inc({ final: recorded === "gave-up" ? "yes" : "no" });
  }
}
