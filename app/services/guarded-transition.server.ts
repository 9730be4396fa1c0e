/**
 * One guarded transition for every entity with states (privacy requests, ad
 * reports): in one transaction, the row is read, its state checked against
 * the ones the step starts from, and the change made together with its
 * audit event and mail. The change itself updates `where state = <read
 * state>`, so of two officers acting at once only one does. What the
 * change moves in the daily figures is written last, in the same
 * transaction (`settled`), so the figures never drift from the rows.
 */
import type { Kysely } from "kysely";

import type { Db } from "~/db/db.server";
import type { Database } from "~/db/schema";
import type { FieldRefusal, Refusal, TransitionOutcome } from "~/domain/transition";

type GuardedStep<State extends string, Row extends { state: State }> = {
  load: (trx: Kysely<Database>) => Promise<Row | undefined>;
  from: readonly State[];
  /** false: the row moved meanwhile; a refusal must come before anything is written. */
  change: (trx: Kysely<Database>, row: Row) => Promise<boolean | FieldRefusal | Refusal>;
  /** After a change that was made: `row` as it was read, before it. */
  settled?: (trx: Kysely<Database>, row: Row) => Promise<void>;
};

/**
 * The step inside a transaction the caller holds (one that stores more with
 * it, as a submission key with its answer). Mail it queues goes out once the transaction commits.
 */
export async function guardedStep<State extends string, Row extends { state: State }>(
  trx: Kysely<Database>,
  step: GuardedStep<State, Row>,
): Promise<TransitionOutcome> {
  const row = await step.load(trx);
  if (!row) return { status: "not-found" };
  if (!step.from.includes(row.state)) return { status: "not-allowed" };
  const changed = await step.change(trx, row);
  if (typeof changed === "object") return changed;
  if (!changed) return { status: "not-allowed" };
  await step.settled?.(trx, row);
  return { status: "done" };
}

export async function guardedTransition<State extends string, Row extends { state: State }>(
  db: Db,
  step: GuardedStep<State, Row>,
): Promise<TransitionOutcome> {
  return db.transaction().execute((trx) => guardedStep(trx, step));
}
