/**
 * Possible duplicates: when a request is confirmed, an open (or
 * waiting) request, or one completed in the last 30 days, of the same right
 * for the same normalised address is linked to it. Same right only: an
 * erasure is never a duplicate of an access request. An officer may close
 * the new one as a duplicate; the person is mailed the reference being
 * handled.
 */
import type { Kysely, Transaction } from "kysely";

import type { Database } from "~/db/schema";
import type { PrivacyRequestTable } from "~/db/schema/privacy-requests";
import { UNFINISHED_STATES } from "~/domain/privacy-request";
import type { StaffRole } from "~/domain/staff";

import { enqueueMail } from "../mail/outbox.server";
import { duplicateMail } from "../mail/question-templates.server";
import { audit } from "./audit.server";
import { act, moveTo, type Staff } from "./state-change.server";

const RECENT_DAYS = 30;

/** Links a just-confirmed request to the earliest one it repeats, if any (inside the confirming transaction). */
export async function markPossibleDuplicate(
  trx: Transaction<Database>,
  request: PrivacyRequestTable,
  now: Date,
): Promise<void> {
  if (!request.email) return;
  const recent = new Date(now.getTime() - RECENT_DAYS * 86_400_000).toISOString();
  const earlier = await trx
    .selectFrom("privacy_request")
    .select("reference")
    .where("right_type", "=", request.right_type)
    .where("email", "=", request.email)
    .where("id", "!=", request.id)
    .where((eb) =>
      eb.or([
        eb("state", "in", UNFINISHED_STATES),
        eb.and([eb("state", "=", "COMPLETED"), eb("updated_at", ">=", recent)]),
      ]),
    )
    .orderBy("created_at")
    .executeTakeFirst();
  if (!earlier) return;
  await trx
    .updateTable("privacy_request")
    .set({ duplicate_of: earlier.reference })
    .where("id", "=", request.id)
    .execute();
  await audit(trx, {
    requestId: request.id,
    at: now,
    actor: "SYSTEM",
    action: "POSSIBLE_DUPLICATE",
    note: earlier.reference,
  });
}

/** The requests that point at this one as their possible original. */
export async function possibleDuplicatesOf(db: Kysely<Database>, reference: string): Promise<string[]> {
  const rows = await db
    .selectFrom("privacy_request")
    .select("reference")
    .where("duplicate_of", "=", reference)
    .orderBy("created_at")
    .execute();
  return rows.map((row) => row.reference);
}

/** The trail's events whose note is another request's reference: the one this request may repeat. */
const NAMES_ANOTHER_REQUEST = new Set(["POSSIBLE_DUPLICATE", "CLOSED_AS_DUPLICATE"]);

/**
 * A request's trail as a staff member may read it. An agent may open only
 * the requests assigned to them, so a note naming another request is kept
 * only when that request is theirs too; an officer reads every note.
 */
export async function historyShownTo<Event extends { action: string; note: string | null }>(
  db: Kysely<Database>,
  events: Event[],
  viewer: { email: string; role: StaffRole },
): Promise<Event[]> {
  if (viewer.role === "officer") return events;
  const named = [
    ...new Set(events.flatMap((event) => (NAMES_ANOTHER_REQUEST.has(event.action) && event.note ? [event.note] : []))),
  ];
  const theirs = named.length
    ? new Set(
        (
          await db
            .selectFrom("privacy_request")
            .select("reference")
            .where("reference", "in", named)
            .where("assignee", "=", viewer.email)
            .execute()
        ).map((row) => row.reference),
      )
    : new Set<string>();
  return events.map((event) =>
    NAMES_ANOTHER_REQUEST.has(event.action) && event.note && !theirs.has(event.note) ? { ...event, note: null } : event,
  );
}

/** Closes a possible duplicate: nothing is carried out twice, and the person learns which reference is handled. */
export function closeAsDuplicate(db: Kysely<Database>, reference: string, staff: Staff, now = new Date()) {
  return act(db, reference, "closeDuplicate", async (trx, request) => {
    if (!request.duplicate_of || !(await moveTo(trx, request, "closeDuplicate", now))) return false;
    await audit(trx, {
      requestId: request.id,
      at: now,
      actor: "STAFF",
      actorId: staff.email,
      action: "CLOSED_AS_DUPLICATE",
      from: request.state,
      to: "CLOSED",
      note: request.duplicate_of,
    });
    if (request.email) {
      await enqueueMail(
        trx,
        duplicateMail({
          to: request.email,
          locale: request.locale,
          country: request.country,
          reference: request.reference,
          handledAs: request.duplicate_of,
        }),
        now,
      );
    }
    return true;
  });
}
