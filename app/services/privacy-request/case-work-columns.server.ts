/**
 * A request's case-work columns: who owns it, whether its owner was
 * reminded of the due date, and the keyed hashes a search matches. The team's
 * case work (services/case-work) decides when; the rows are written here.
 * None of these is the request's state, which only `moveTo` writes.
 */
import type { Kysely } from "kysely";

import type { Db } from "~/db/db.server";
import type { Database } from "~/db/schema";
import type { PrivacyRequestTable } from "~/db/schema/privacy-requests";

/**
 * Gives the request to `assignee` (null: to nobody), only while its owner is
 * still the one read: of two officers at once, the second changes nothing.
 * A new owner is reminded of the due date again.
 */
export async function setRequestOwner(
  trx: Kysely<Database>,
  request: { id: string; assignee: string | null },
  assignee: string | null,
  now: Date,
): Promise<boolean> {
  const updated = await trx
    .updateTable("privacy_request")
    .set({ assignee, assigned_at: assignee ? now.toISOString() : null, owner_reminded_at: null })
    .where("id", "=", request.id)
    .where((eb) => (request.assignee === null ? eb("assignee", "is", null) : eb("assignee", "=", request.assignee)))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Marks the owner's reminder as sent, once: false when another instance claimed it or the request changed hands meanwhile. */
export async function claimOwnerReminder(
  trx: Kysely<Database>,
  request: { id: string; assignee: string },
  now: Date,
): Promise<boolean> {
  const claimed = await trx
    .updateTable("privacy_request")
    .set({ owner_reminded_at: now.toISOString() })
    .where("id", "=", request.id)
    .where("owner_reminded_at", "is", null)
    .where("assignee", "=", request.assignee)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Stores the keyed hashes of the request's address and phone number. */
export async function setRequestSearchKeys(
  db: Db,
  requestId: string,
  keys: Pick<PrivacyRequestTable, "email_key" | "phone_key">,
): Promise<void> {
  await db.updateTable("privacy_request").set(keys).where("id", "=", requestId).execute();
}
