/**
 * How a request changes state: each change a step of
 * REQUEST_TRANSITIONS, guarded by the states it starts from, with its audit
 * event and any mail in the same transaction, so two officers never both act.
 * The back office's steps, the person's (confirming, a new link) and the
 * retention run's (expiring) alike: `moveTo` is the one place a request's
 * state is written. Whatever a step changed, the daily figures follow in
 * its transaction (`settled`).
 */
import { PostgresAdapter, type Kysely } from "kysely";

import type { Db } from "~/db/db.server";
import type { Database } from "~/db/schema";
import type { PrivacyRequestTable } from "~/db/schema/privacy-requests";
import { isClosed, REQUEST_TRANSITIONS, type RequestAction, type RequestState } from "~/domain/privacy-request";
import type { FieldRefusal, Refusal, TransitionOutcome } from "~/domain/transition";

import { guardedStep, guardedTransition } from "../guarded-transition.server";
import { rollRequestChange } from "../reports/rollup-writes.server";

export type Staff = { email: string };

type Change = (trx: Kysely<Database>, request: PrivacyRequestTable) => Promise<boolean | FieldRefusal | Refusal>;

const settled = (trx: Kysely<Database>, before: PrivacyRequestTable) => rollRequestChange(trx, before.id, before);

/**
 * The request as it is now, its row held until the transaction ends: a
 * change made beside the step (an extension while it is completed) waits,
 * so the row the step read is the row it changes, and the figures take
 * the difference from it. SQLite runs one transaction at a time already.
 */
const onPostgres = (trx: Kysely<Database>) => trx.getExecutor().adapter instanceof PostgresAdapter;

function heldRow(trx: Kysely<Database>, column: "id" | "reference", value: string) {
  return trx
    .selectFrom("privacy_request")
    .selectAll()
    .where(column, "=", value)
    .$if(onPostgres(trx), (query) => query.forUpdate())
    .executeTakeFirst();
}

/** Runs `change` when the request's state allows `action`. */
export function act(db: Db, reference: string, action: RequestAction, change: Change): Promise<TransitionOutcome> {
  return guardedTransition<RequestState, PrivacyRequestTable>(db, {
    load: (trx) => heldRow(trx, "reference", reference),
    from: REQUEST_TRANSITIONS[action].from,
    change,
    settled,
  });
}

/** The same for the request with this id (the retention run's, which has no reference at hand). */
export function actById(db: Db, id: string, action: RequestAction, change: Change): Promise<TransitionOutcome> {
  return guardedTransition<RequestState, PrivacyRequestTable>(db, {
    load: (trx) => heldRow(trx, "id", id),
    from: REQUEST_TRANSITIONS[action].from,
    change,
    settled,
  });
}

/** The same inside a transaction the caller holds, for the request `load` finds (by the token of the person's link). */
export function actWithin(
  trx: Kysely<Database>,
  load: (trx: Kysely<Database>) => Promise<PrivacyRequestTable | undefined>,
  action: RequestAction,
  change: Change,
): Promise<TransitionOutcome> {
  return guardedStep<RequestState, PrivacyRequestTable>(trx, {
    load: async (inner) => {
      const found = await load(inner);
      // Read again held on PostgreSQL; on SQLite the row read is already the one the step changes.
      return found && onPostgres(inner) ? heldRow(inner, "id", found.id) : found;
    },
    from: REQUEST_TRANSITIONS[action].from,
    change,
    settled,
  });
}

type MovingAction = {
  [A in RequestAction]: (typeof REQUEST_TRANSITIONS)[A]["to"] extends null ? never : A;
}[RequestAction];

/**
 * Columns a step other than a state change may have written since the
 * request was read: a link, its count, its confirmation; a decision.
 */
type LinkColumn =
  | "decided_at"
  | "verification_token_hash"
  | "reminder_token_hash"
  | "verification_expires_at"
  | "verified_at"
  | "link_resent_at"
  | "links_resent";

/**
 * The update of a step that moves the request to its state: only from the
 * state it was read in, and with `still` as they were read (a step that
 * keeps the state, as a new link does, changes those instead).
 */
export async function moveTo(
  trx: Kysely<Database>,
  request: PrivacyRequestTable,
  action: MovingAction,
  now: Date,
  extra: Partial<PrivacyRequestTable> = {},
  still: readonly LinkColumn[] = [],
) {
  const to: RequestState = REQUEST_TRANSITIONS[action].to;
  let update = trx
    .updateTable("privacy_request")
    .set({
      state: to,
      updated_at: now.toISOString(),
      ...(isClosed(to) ? { closed_at: now.toISOString() } : {}),
      ...extra,
    })
    .where("id", "=", request.id)
    .where("state", "=", request.state);
  for (const column of still) {
    const value = request[column];
    update = value === null ? update.where(column, "is", null) : update.where(column, "=", value);
  }
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
