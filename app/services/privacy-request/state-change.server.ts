/**
 * How the back office changes a request (issue 13): each action a step of
 * REQUEST_TRANSITIONS, guarded by the states it starts from, with its audit
 * event and any mail in the same transaction, so two officers never both act.
 */
import type { Kysely } from "kysely";
import type { Db } from "~/db/db.server";
import type { Database, PrivacyRequestTable } from "~/db/schema";
import { REQUEST_TRANSITIONS, isClosed, type RequestAction, type RequestState } from "~/domain/privacy-request";
import type { FieldRefusal, TransitionOutcome } from "~/domain/transition";
import { guardedTransition } from "../guarded-transition.server";

export type Staff = { email: string };

/** Runs `change` when the request's state allows `action`. */
export function act(
  db: Db,
  reference: string,
  action: RequestAction,
  change: (trx: Kysely<Database>, request: PrivacyRequestTable) => Promise<boolean | FieldRefusal>,
): Promise<TransitionOutcome> {
  return guardedTransition<RequestState, PrivacyRequestTable>(db, {
    load: (trx) => trx.selectFrom("privacy_request").selectAll().where("reference", "=", reference).executeTakeFirst(),
    from: REQUEST_TRANSITIONS[action].from,
    change,
  });
}

type MovingAction = { [A in RequestAction]: (typeof REQUEST_TRANSITIONS)[A]["to"] extends null ? never : A }[RequestAction];

/** The update of a step that moves the request to its state: only from the state it was read in. */
export async function moveTo(trx: Kysely<Database>, request: PrivacyRequestTable, action: MovingAction, now: Date, extra: Partial<PrivacyRequestTable> = {}) {
  const to: RequestState = REQUEST_TRANSITIONS[action].to;
  const result = await trx
    .updateTable("privacy_request")
    .set({ state: to, updated_at: now.toISOString(), ...(isClosed(to) ? { closed_at: now.toISOString() } : {}), ...extra })
    .where("id", "=", request.id)
    .where("state", "=", request.state)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
