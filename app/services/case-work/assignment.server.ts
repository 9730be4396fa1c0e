/**
 * Who owns a request or an ad report. An officer gives it to a
 * staff member, or takes it; the step is in the case's trail ("from → to")
 * and the new owner is mailed, unless they took it themselves. Ad reports
 * are officers' work only (agents have no access to them), so only an
 * officer can own one.
 */
import type { Kysely } from "kysely";

import type { Db } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { ASSIGNABLE_COMPLAINT_STATES } from "~/domain/complaint";
import type { Country } from "~/domain/country";
import { REQUEST_TRANSITIONS } from "~/domain/privacy-request";
import type { FieldRefusal, TransitionOutcome } from "~/domain/transition";
import { backOfficeCaseUrl } from "~/utils/staff-links.server";

import { addComplaintEvent } from "../complaint/back-office.server";
import { guardedTransition } from "../guarded-transition.server";
import { assignedMail } from "../mail/case-work-templates.server";
import { enqueueMail } from "../mail/outbox.server";
import { audit } from "../privacy-request/audit.server";
import { setRequestOwner } from "../privacy-request/case-work-columns.server";
import { staffMember } from "./staff-members.server";

export type CaseKind = "request" | "complaint";
type Staff = { email: string };

const ASSIGNABLE: Record<CaseKind, readonly string[]> = {
  request: REQUEST_TRANSITIONS.assign.from,
  complaint: ASSIGNABLE_COMPLAINT_STATES,
};

export function isAssignable(kind: CaseKind, state: string): boolean {
  return ASSIGNABLE[kind].includes(state);
}

/** Who the case goes to, checked: a known staff member (an officer for an ad report), or null for nobody. */
async function refusalOf(trx: Kysely<Database>, kind: CaseKind, assignee: string | null): Promise<FieldRefusal | null> {
  if (assignee === null) return null;
  const member = await staffMember(trx, assignee);
  if (!member) return { status: "invalid", fieldErrors: { assignee: ["backOffice.owner.unknown"] } };
  if (kind === "complaint" && member.role !== "officer")
    return { status: "invalid", fieldErrors: { assignee: ["backOffice.owner.officersOnly"] } };
  return null;
}

/** Gives the ad report to `assignee`, only while its owner is still the one read (a request's owner is written in services/privacy-request). */
async function setComplaintOwner(
  trx: Kysely<Database>,
  complaint: { id: string; assignee: string | null },
  assignee: string | null,
  now: Date,
): Promise<boolean> {
  const updated = await trx
    .updateTable("political_ad_complaint")
    .set({ assignee, assigned_at: assignee ? now.toISOString() : null })
    .where("id", "=", complaint.id)
    .where((eb) => (complaint.assignee === null ? eb("assignee", "is", null) : eb("assignee", "=", complaint.assignee)))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Gives the case to `assignee` (an e-mail address; null: to nobody). Of two officers at once, the second is refused. */
export function assignCase(
  db: Db,
  kind: CaseKind,
  reference: string,
  staff: Staff,
  rawAssignee: string | null,
  now = new Date(),
): Promise<TransitionOutcome> {
  const assignee = rawAssignee ? rawAssignee.toLowerCase() : null;
  return guardedTransition<
    string,
    { id: string; state: string; country: Country; reference: string; assignee: string | null; due_at?: string | null }
  >(db, {
    load: (trx) =>
      kind === "request"
        ? trx
            .selectFrom("privacy_request")
            .select(["id", "state", "country", "reference", "assignee", "due_at"])
            .where("reference", "=", reference)
            .executeTakeFirst()
        : trx
            .selectFrom("political_ad_complaint")
            .select(["id", "state", "country", "reference", "assignee"])
            .where("reference", "=", reference)
            .executeTakeFirst(),
    from: ASSIGNABLE[kind],
    change: async (trx, row) => {
      const refusal = await refusalOf(trx, kind, assignee);
      if (refusal) return refusal;
      if (row.assignee === assignee) return true;
      const moved =
        kind === "request"
          ? await setRequestOwner(trx, row, assignee, now)
          : await setComplaintOwner(trx, row, assignee, now);
      if (!moved) return false;
      const note = `${row.assignee ?? "—"} → ${assignee ?? "—"}`;
      if (kind === "request")
        await audit(trx, {
          requestId: row.id,
          at: now,
          actor: "STAFF",
          actorId: staff.email,
          action: "ASSIGNED",
          note,
        });
      else
        await addComplaintEvent(trx, row.id, {
          at: now,
          actorId: staff.email,
          action: "ASSIGNED",
          from: null,
          to: null,
          note,
        });
      if (assignee && assignee !== staff.email.toLowerCase()) {
        const link = backOfficeCaseUrl(row.country, kind, row.reference);
        await enqueueMail(
          trx,
          assignedMail({
            to: assignee,
            country: row.country,
            kind,
            reference: row.reference,
            dueAt: row.due_at ?? null,
            link,
            by: staff.email,
          }),
          now,
        );
      }
      return true;
    },
  });
}
