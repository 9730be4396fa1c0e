/**
 * The back office's work on privacy requests: find them, and move
 * them on. A request is never edited in place: each action is a state change
 * guarded by the state it expects, with its audit event and any mail to the
 * data subject in the same transaction. The team's daily digest of what is
 * due is in daily-digest.server.ts.
 */
import type { Kysely, SelectQueryBuilder } from "kysely";

import type { Db } from "~/db/db.server";
import type { Database } from "~/db/schema";
import type { Country } from "~/domain/country";
import { ACTIVE_STATES, extendedDueDate, type RequestState } from "~/domain/privacy-request";
import { fansOutAt, rightOf, type RightType } from "~/domain/rights";

import { listPage } from "../list-page.server";
import { extensionMail, rejectionMail } from "../mail/back-office-templates.server";
import { enqueueMail } from "../mail/outbox.server";
import { fanOut } from "../systems/fan-out.server";
import { closeOpenTasks, openTaskCount } from "../systems/request-tasks.server";
import { audit } from "./audit.server";
import { awaitsDecision } from "./objection-decision.server";
import { act, moveTo, type Staff } from "./state-change.server";

const decisionRefusal = (banner: string) =>
  ({ status: "not-allowed", banner: `backOffice.processingObjection.refused.${banner}` }) as const;

const REQUEST_PAGE_SIZE = 25;

export type RequestFilter = {
  state?: RequestState;
  rightType?: RightType;
  country?: Country;
  overdue?: boolean;
  /** A reference or part of one (no address here, so no URL ever holds one; the search does that by POST). */
  text?: string;
  /** Whose cases: a staff member's address, or nobody's (`none`); the page turns "mine" into the viewer's address. */
  owner?: string;
};

function filtered(db: Kysely<Database>, filter: RequestFilter, now: Date) {
  let query = db.selectFrom("privacy_request");
  if (filter.state) query = query.where("state", "=", filter.state);
  if (filter.rightType) query = query.where("right_type", "=", filter.rightType);
  if (filter.country) query = query.where("country", "=", filter.country);
  if (filter.overdue) query = query.where("state", "in", ACTIVE_STATES).where("due_at", "<", now.toISOString());
  const text = filter.text?.trim().toLowerCase();
  if (text) {
    const pattern = `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    query = query.where((eb) => eb(eb.fn("lower", ["reference"]), "like", eb.val(pattern)));
  }
  if (filter.owner === "none") query = query.where("assignee", "is", null);
  else if (filter.owner) query = query.where("assignee", "=", filter.owner);
  return query;
}

/**
 * Soonest due first (requests without a due date after), then newest, then
 * by reference (one order, however many requests share a moment). Written
 * with literals, as the list's indexes spell it (026-back-office-indexes):
 * a page is then read from an index, in order, instead of sorting every
 * request that passes the filters. `backwards` is the same order from its
 * end: the same index read the other way.
 */
const inListOrder = <Row>(query: SelectQueryBuilder<Database, "privacy_request", Row>, backwards = false) => {
  const [up, down] = backwards ? (["desc", "asc"] as const) : (["asc", "desc"] as const);
  return query
    .orderBy((eb) => eb.case().when("due_at", "is", null).then(eb.lit(1)).else(eb.lit(0)).end(), up)
    .orderBy("due_at", up)
    .orderBy("created_at", down)
    .orderBy("reference", up);
};

export async function listRequests(
  db: Db,
  filter: RequestFilter,
  options: { now?: Date; page?: number; all?: boolean } = {},
) {
  const now = options.now ?? new Date();
  const { total } = await filtered(db, filter, now)
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  const { rows: range, ...paging } = listPage(options, REQUEST_PAGE_SIZE, total);
  if (!range) return { ...paging, requests: await inListOrder(filtered(db, filter, now).selectAll()).execute() };
  // Nothing to show (no request passes the filters, or a page past the last): the count said so.
  if (range.offset >= paging.total) return { ...paging, requests: [] };
  // A page past the middle is counted from the end, the index read backwards: the last page
  // costs what the first does, the middle one the most.
  const fromEnd = range.offset > paging.total / 2;
  const window = fromEnd
    ? {
        offset: Math.max(0, paging.total - range.offset - range.limit),
        limit: Math.min(range.limit, paging.total - range.offset),
      }
    : range;
  // The page's references first, read from an index alone, then their rows: a deep page
  // steps over the pages before it in the index, not in the table.
  const references = inListOrder(filtered(db, filter, now).select("reference"), fromEnd)
    .limit(window.limit)
    .offset(window.offset);
  const requests = await inListOrder(
    db.selectFrom("privacy_request").selectAll().where("reference", "in", references),
  ).execute();
  return { ...paging, requests };
}

export async function requestWithHistory(db: Db, reference: string) {
  const request = await db
    .selectFrom("privacy_request")
    .selectAll()
    .where("reference", "=", reference)
    .executeTakeFirst();
  if (!request) return null;
  const events = await db
    .selectFrom("audit_event")
    .selectAll()
    .where("request_id", "=", request.id)
    .orderBy("seq")
    .execute();
  return { request, events };
}

export type { Staff } from "./state-change.server";

/**
 * Processing starts: in the same transaction, the request's tasks go to
 * every system that takes part. A restriction takes effect then: it is in
 * force from the moment its systems are told to restrict.
 */
export async function startHandling(db: Db, reference: string, staff: Staff, note: string, now = new Date()) {
  const outcome = await act(db, reference, "start", async (trx, request) => {
    const restricts = rightOf(request.right_type).action === "restrict";
    if (!(await moveTo(trx, request, "start", now, restricts ? { restricted_at: now.toISOString() } : {})))
      return false;
    await audit(trx, {
      requestId: request.id,
      at: now,
      actor: "STAFF",
      actorId: staff.email,
      action: "STARTED",
      from: "OPEN",
      to: "IN_PROGRESS",
      note: note || undefined,
    });
    if (fansOutAt(request.right_type, "start")) await fanOut(trx, request, now);
    return true;
  });
  return outcome;
}

export function extendDeadline(
  db: Db,
  reference: string,
  staff: Staff,
  input: { months: number; reason: string },
  now = new Date(),
) {
  return act(db, reference, "extend", async (trx, request) => {
    const dueAt = request.due_at ? extendedDueDate(request.due_at, input.months) : null;
    if (!request.due_at || !dueAt) return false;
    const earlier = await trx
      .selectFrom("audit_event")
      .select("id")
      .where("request_id", "=", request.id)
      .where("action", "=", "EXTENDED")
      .executeTakeFirst();
    if (earlier) return false;
    const updated = await trx
      .updateTable("privacy_request")
      .set({ due_at: dueAt, extended_at: now.toISOString(), owner_reminded_at: null, updated_at: now.toISOString() })
      .where("id", "=", request.id)
      .where("due_at", "=", request.due_at)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    await audit(trx, {
      requestId: request.id,
      at: now,
      actor: "STAFF",
      actorId: staff.email,
      action: "EXTENDED",
      note: `${request.due_at} → ${dueAt}: ${input.reason}`,
    });
    if (request.email) {
      await enqueueMail(
        trx,
        extensionMail({
          to: request.email,
          locale: request.locale,
          country: request.country,
          reference: request.reference,
          dueAt,
          reason: input.reason,
        }),
        now,
      );
    }
    return true;
  });
}

/**
 * Completes a request. While systems have not answered it is
 * refused, unless the officer says why (`openTasksReason`): their tasks are
 * then closed with that reason.
 */
export function completeRequest(
  db: Db,
  reference: string,
  staff: Staff,
  note: string,
  now = new Date(),
  openTasksReason?: string,
) {
  return act(db, reference, "complete", async (trx, request) => {
    // An objection is completed once decided (its systems have their tasks only then).
    if (awaitsDecision(request)) return decisionRefusal("decideFirst");
    const open = await openTaskCount(trx, request.id);
    if (open > 0 && !openTasksReason)
      return { status: "invalid", fieldErrors: { openTasksReason: [`backOffice.tasks.stillOpen|${open}`] } };
    if (!(await moveTo(trx, request, "complete", now))) return false;
    if (open > 0) await closeOpenTasks(trx, request.id, staff, openTasksReason!, now);
    await audit(trx, {
      requestId: request.id,
      at: now,
      actor: "STAFF",
      actorId: staff.email,
      action: "COMPLETED",
      from: request.state,
      to: "COMPLETED",
      note,
    });
    return true;
  });
}

/** A right an officer decides on is refused by its decision (the grounds and the authority in its mail), not rejected. */
export function rejectRequest(db: Db, reference: string, staff: Staff, reason: string, now = new Date()) {
  return act(db, reference, "reject", async (trx, request) => {
    if (fansOutAt(request.right_type, "decision")) return decisionRefusal("decideInstead");
    if (!(await moveTo(trx, request, "reject", now))) return false;
    await audit(trx, {
      requestId: request.id,
      at: now,
      actor: "STAFF",
      actorId: staff.email,
      action: "REJECTED",
      from: request.state,
      to: "REJECTED",
      note: reason,
    });
    if (request.email) {
      await enqueueMail(
        trx,
        rejectionMail({
          to: request.email,
          locale: request.locale,
          country: request.country,
          reference: request.reference,
          reason,
        }),
        now,
      );
    }
    return true;
  });
}

/** The rule lives in csv.server (every CSV writer's); named here still for the back office's tests. */
export { spreadsheetSafe } from "../csv.server";
