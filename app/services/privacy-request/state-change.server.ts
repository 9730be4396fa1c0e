/**
 * How the back office changes a request (issue 13): each action a state
 * change guarded by the state it expects, with its audit event and any mail
 * in the same transaction, so two officers never both act.
 */
import type { Kysely } from "kysely";
import type { Db } from "~/db/db.server";
import type { Database, PrivacyRequestTable } from "~/db/schema";
import type { RequestState } from "~/domain/privacy-request";
import { wakeMailWorker } from "../mail/mailer.server";

export type ActionOutcome = { status: "done" } | { status: "not-found" } | { status: "not-allowed" };
export type Staff = { email: string };

/** Runs `change` when the request is in one of `from`; the update is guarded by that state, so two officers cannot both act. */
export async function act(
  db: Db,
  reference: string,
  from: readonly RequestState[],
  change: (trx: Kysely<Database>, request: PrivacyRequestTable) => Promise<boolean>,
): Promise<ActionOutcome> {
  const outcome = await db.transaction().execute(async (trx): Promise<ActionOutcome> => {
    const request = await trx.selectFrom("privacy_request").selectAll().where("reference", "=", reference).executeTakeFirst();
    if (!request) return { status: "not-found" };
    if (!from.includes(request.state)) return { status: "not-allowed" };
    return (await change(trx, request)) ? { status: "done" } : { status: "not-allowed" };
  });
  if (outcome.status === "done") wakeMailWorker();
  return outcome;
}

export async function moveTo(trx: Kysely<Database>, request: PrivacyRequestTable, to: RequestState, now: Date, extra: Partial<PrivacyRequestTable> = {}) {
  const result = await trx
    .updateTable("privacy_request")
    .set({ state: to, updated_at: now.toISOString(), ...extra })
    .where("id", "=", request.id)
    .where("state", "=", request.state)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
