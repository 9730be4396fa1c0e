/**
 * Requests whose confirmation link was never used, as the retention run
 * finds them: past the link's end they expire (a guarded step each, with its
 * audit event), and once expired for long enough, nothing of them is kept.
 */
import type { Kysely } from "kysely";

import type { Database } from "~/db/schema";
import { REQUEST_TRANSITIONS } from "~/domain/privacy-request";

import { audit } from "./audit.server";
import { actById, moveTo } from "./state-change.server";

/** Links that were never confirmed: the request expires, each a guarded step of its own. Returns how many did. */
export async function expireUnconfirmed(db: Kysely<Database>, now: Date): Promise<number> {
  const nowIso = now.toISOString();
  const due = await db
    .selectFrom("privacy_request")
    .select(["id"])
    .where("state", "in", REQUEST_TRANSITIONS.expire.from)
    .where("verification_expires_at", "<=", nowIso)
    .execute();
  let expired = 0;
  for (const { id } of due) {
    const outcome = await actById(db, id, "expire", async (trx, request) => {
      // Still past its link's end: a new link sent meanwhile (by another instance) keeps it waiting.
      if (request.verification_expires_at === null || request.verification_expires_at > nowIso) return false;
      if (!(await moveTo(trx, request, "expire", now, {}, ["verification_expires_at"]))) return false;
      await audit(trx, {
        requestId: id,
        at: now,
        actor: "SYSTEM",
        action: "EXPIRED",
        from: request.state,
        to: "EXPIRED",
      });
      return true;
    });
    if (outcome.status === "done") expired += 1;
  }
  return expired;
}

/** Never verified: nothing was ever done with it, so nothing of it is kept. `createdBefore` is an ISO time. */
export async function deleteNeverVerified(db: Kysely<Database>, createdBefore: string): Promise<number> {
  const deleted = await db
    .deleteFrom("privacy_request")
    .where("state", "=", "EXPIRED")
    .where("verified_at", "is", null)
    .where("created_at", "<=", createdBefore)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
