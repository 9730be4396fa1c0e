/**
 * The back office's work on ad reports (EU Regulation 2024/900
 * Art. 15): find them, review them, close them with an outcome the reporter
 * is told. Each step is an event; the report itself only changes state.
 */
import { randomUUID } from "node:crypto";

import type { Kysely } from "kysely";

import type { Db } from "~/db/db.server";
import type { Database } from "~/db/schema";
import type { PoliticalAdComplaintTable } from "~/db/schema/complaints";
import { COMPLAINT_TRANSITIONS, type ComplaintState } from "~/domain/complaint";
import type { Country } from "~/domain/country";
import type { TransitionOutcome } from "~/domain/transition";

import { findCampaign } from "../campaign/register.server";
import { guardedTransition } from "../guarded-transition.server";
import { listPage } from "../list-page.server";
import { complaintOutcomeMail } from "../mail/back-office-templates.server";
import { enqueueMail } from "../mail/outbox.server";
import { rollAdReportChange } from "../reports/rollup-writes.server";

const COMPLAINT_PAGE_SIZE = 25;

/** `owner`: a staff member's address, or `none` (as the requests' filter). */
export type ComplaintFilter = { state?: ComplaintState; reason?: string; country?: Country; owner?: string };

function filtered(db: Kysely<Database>, filter: ComplaintFilter) {
  let query = db.selectFrom("political_ad_complaint");
  if (filter.state) query = query.where("state", "=", filter.state);
  if (filter.reason) query = query.where("reason", "=", filter.reason);
  if (filter.country) query = query.where("country", "=", filter.country);
  if (filter.owner === "none") query = query.where("assignee", "is", null);
  else if (filter.owner) query = query.where("assignee", "=", filter.owner);
  return query;
}

/** Oldest open ones first would bury new reports under closed ones: newest first, open before closed. */
export async function listComplaints(db: Db, filter: ComplaintFilter, options: { page?: number; all?: boolean } = {}) {
  const { total } = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  let rows = filtered(db, filter)
    .selectAll()
    .orderBy((eb) => eb.case().when("state", "=", "CLOSED").then(1).else(0).end())
    .orderBy("created_at", "desc");
  const { rows: range, ...paging } = listPage(options, COMPLAINT_PAGE_SIZE, total);
  if (range) rows = rows.limit(range.limit).offset(range.offset);
  return { ...paging, complaints: await rows.execute() };
}

export async function complaintWithHistory(db: Db, reference: string) {
  const complaint = await db
    .selectFrom("political_ad_complaint")
    .selectAll()
    .where("reference", "=", reference)
    .executeTakeFirst();
  if (!complaint) return null;
  const events = await db
    .selectFrom("complaint_event")
    .selectAll()
    .where("complaint_id", "=", complaint.id)
    .orderBy("seq")
    .execute();
  const campaign = await findCampaign(db, complaint.country, complaint.campaign_id);
  return { complaint, events, campaign };
}

/** Appends a step to a report's trail (inside the transaction that takes it); `from`/`to` null: its state stays. */
export async function addComplaintEvent(
  trx: Kysely<Database>,
  complaintId: string,
  event: {
    at: Date;
    actorId: string;
    action: string;
    from: ComplaintState | null;
    to: ComplaintState | null;
    note?: string;
  },
) {
  const last = await trx
    .selectFrom("complaint_event")
    .select((eb) => eb.fn.max("seq").as("seq"))
    .where("complaint_id", "=", complaintId)
    .executeTakeFirst();
  await trx
    .insertInto("complaint_event")
    .values({
      id: randomUUID(),
      complaint_id: complaintId,
      seq: Number(last?.seq ?? 0) + 1,
      at: event.at.toISOString(),
      actor: "STAFF",
      actor_id: event.actorId,
      action: event.action,
      from_state: event.from,
      to_state: event.to,
      note: event.note ?? null,
    })
    .execute();
}

/** One step of COMPLAINT_TRANSITIONS, with its event and any mail, as every guarded transition. */
function move(
  db: Db,
  reference: string,
  { from, to }: { from: ComplaintState; to: ComplaintState },
  staff: { email: string },
  now: Date,
  extra: {
    action: string;
    note?: string;
    mail?: (complaint: PoliticalAdComplaintTable) => Parameters<typeof enqueueMail>[1];
  },
): Promise<TransitionOutcome> {
  return guardedTransition<ComplaintState, PoliticalAdComplaintTable>(db, {
    load: (trx) =>
      trx.selectFrom("political_ad_complaint").selectAll().where("reference", "=", reference).executeTakeFirst(),
    from: [from],
    change: async (trx, complaint) => {
      const updated = await trx
        .updateTable("political_ad_complaint")
        .set({ state: to, updated_at: now.toISOString() })
        .where("id", "=", complaint.id)
        .where("state", "=", from)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return false;
      await addComplaintEvent(trx, complaint.id, {
        at: now,
        actorId: staff.email,
        action: extra.action,
        from,
        to,
        note: extra.note,
      });
      if (extra.mail) await enqueueMail(trx, extra.mail(complaint), now);
      return true;
    },
    settled: (trx, complaint) => rollAdReportChange(trx, complaint.id, complaint),
  });
}

export function startReview(db: Db, reference: string, staff: { email: string }, now = new Date()) {
  return move(db, reference, COMPLAINT_TRANSITIONS.review, staff, now, { action: "REVIEW_STARTED" });
}

/** Closes the report; the reporter is mailed the outcome (Art. 15: they hear what was done). */
export function closeComplaint(db: Db, reference: string, staff: { email: string }, outcome: string, now = new Date()) {
  return move(db, reference, COMPLAINT_TRANSITIONS.close, staff, now, {
    action: "CLOSED",
    note: outcome,
    mail: (complaint) =>
      complaintOutcomeMail({
        to: complaint.email,
        locale: complaint.locale,
        reference: complaint.reference,
        campaignId: complaint.campaign_id,
        outcome,
      }),
  });
}
