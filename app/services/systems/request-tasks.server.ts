/**
 * A request's tasks in the back office: what each system was
 * asked and answered, and what an officer may do about it: tick off a manual
 * task, close any open task by hand with a reason, send a webhook again.
 * Every step is in the request's audit trail; a task is moved only from OPEN,
 * so two officers never both close it.
 */
import type { Kysely } from "kysely";

import type { Db } from "~/db/db.server";
import type { Database } from "~/db/schema";
import type { Country } from "~/domain/country";
import type { RequestTask, TaskAnswer } from "~/domain/data-system";
import { isAnswered, TASK_ANSWERS, TASK_OVERDUE_DAYS_BEFORE_DUE } from "~/domain/data-system";
import { UNFINISHED_STATES } from "~/domain/privacy-request";
import type { TransitionOutcome } from "~/domain/transition";

import { audit } from "../privacy-request/audit.server";
import type { Staff } from "../privacy-request/state-change.server";
import { recordAnswer } from "../privacy-request/system-tasks.server";
import { resendWebhook } from "./webhook-outbox.server";

export async function tasksOfRequest(db: Kysely<Database>, requestId: string): Promise<RequestTask[]> {
  const rows = await db
    .selectFrom("system_task as t")
    .innerJoin("data_system as s", "s.id", "t.system_id")
    .leftJoin("webhook_delivery as d", "d.task_id", "t.id")
    .select([
      "t.id",
      "s.name",
      "t.action",
      "t.channel",
      "t.state",
      "t.reason",
      "t.answered_by",
      "t.answered_at",
      "t.contact_email",
      "d.status as delivery_status",
      "d.attempts",
      "d.last_error",
    ])
    .where("t.request_id", "=", requestId)
    .orderBy("s.name")
    .orderBy("t.created_at")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    system: row.name,
    action: row.action,
    channel: row.channel,
    state: row.state,
    reason: row.reason,
    answeredBy: row.answered_by,
    answeredAt: row.answered_at,
    contactEmail: row.contact_email,
    delivery: row.delivery_status
      ? { status: row.delivery_status, attempts: Number(row.attempts ?? 0), lastError: row.last_error }
      : null,
  }));
}

/** How many of a request's tasks no longer wait (the person's status page: "4 of 6 systems done"). */
export async function taskProgress(db: Kysely<Database>, requestId: string): Promise<{ done: number; total: number }> {
  const rows = await db.selectFrom("system_task").select("state").where("request_id", "=", requestId).execute();
  return { done: rows.filter((row) => isAnswered(row.state)).length, total: rows.length };
}

/** The task, when it is one of the request with that reference. */
async function taskOf(trx: Kysely<Database>, reference: string, taskId: string) {
  return trx
    .selectFrom("system_task as t")
    .innerJoin("privacy_request as r", "r.id", "t.request_id")
    .select(["t.id", "t.request_id", "t.system_id", "t.channel", "t.state"])
    .where("r.reference", "=", reference)
    .where("t.id", "=", taskId)
    .executeTakeFirst();
}

/** A staff member records a manual task's answer. */
export async function tickTask(
  db: Db,
  reference: string,
  taskId: string,
  staff: Staff,
  input: { answer: TaskAnswer; note?: string },
  now = new Date(),
): Promise<TransitionOutcome> {
  return db.transaction().execute(async (trx): Promise<TransitionOutcome> => {
    const task = await taskOf(trx, reference, taskId);
    if (!task) return { status: "not-found" };
    if (task.channel !== "manual") return { status: "not-allowed" };
    const recorded = await recordAnswer(
      trx,
      task,
      { state: TASK_ANSWERS[input.answer], reason: input.note, by: staff.email, actor: "STAFF" },
      now,
    );
    return recorded ? { status: "done" } : { status: "not-allowed" };
  });
}

/** An officer closes a task the system did not answer, with the reason (audited). */
export async function closeTaskByHand(
  db: Db,
  reference: string,
  taskId: string,
  staff: Staff,
  reason: string,
  now = new Date(),
): Promise<TransitionOutcome> {
  return db.transaction().execute(async (trx): Promise<TransitionOutcome> => {
    const task = await taskOf(trx, reference, taskId);
    if (!task) return { status: "not-found" };
    const closed = await recordAnswer(
      trx,
      task,
      { state: "CLOSED_BY_STAFF", reason, by: staff.email, actor: "STAFF" },
      now,
    );
    return closed ? { status: "done" } : { status: "not-allowed" };
  });
}

/** Sends a webhook task's delivery again now (it failed, or the system lost it). */
export async function resendTask(
  db: Db,
  reference: string,
  taskId: string,
  staff: Staff,
  now = new Date(),
): Promise<TransitionOutcome> {
  const outcome = await db.transaction().execute(async (trx): Promise<TransitionOutcome> => {
    const task = await taskOf(trx, reference, taskId);
    if (!task) return { status: "not-found" };
    if (task.state !== "OPEN" || !(await resendWebhook(trx, task.id, now))) return { status: "not-allowed" };
    await audit(trx, {
      requestId: task.request_id,
      at: now,
      actor: "STAFF",
      actorId: staff.email,
      action: "TASK_RESENT",
      note: task.system_id,
    });
    return { status: "done" };
  });
  return outcome;
}

/**
 * Completing a request closes what is still open: only with the
 * officer's reason, which each closed task and the trail keep.
 */
export async function closeOpenTasks(
  trx: Kysely<Database>,
  requestId: string,
  staff: Staff,
  reason: string,
  now: Date,
): Promise<number> {
  const open = await trx
    .selectFrom("system_task")
    .select(["id", "request_id", "system_id"])
    .where("request_id", "=", requestId)
    .where("state", "=", "OPEN")
    .execute();
  let closed = 0;
  for (const task of open)
    if (await recordAnswer(trx, task, { state: "CLOSED_BY_STAFF", reason, by: staff.email, actor: "STAFF" }, now))
      closed += 1;
  return closed;
}

export async function openTaskCount(trx: Kysely<Database>, requestId: string): Promise<number> {
  const row = await trx
    .selectFrom("system_task")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("request_id", "=", requestId)
    .where("state", "=", "OPEN")
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * Open tasks of requests still worked on whose due date is less than five
 * days away, or past: the daily digest lists them, /metrics counts them.
 */
export async function overdueTasks(db: Kysely<Database>, now: Date, country?: Country) {
  const threshold = new Date(now.getTime() + TASK_OVERDUE_DAYS_BEFORE_DUE * 86_400_000).toISOString();
  return db
    .selectFrom("system_task as t")
    .innerJoin("privacy_request as r", "r.id", "t.request_id")
    .innerJoin("data_system as s", "s.id", "t.system_id")
    .select(["r.reference", "s.name as system", "r.due_at as dueAt", "r.country"])
    .where("t.state", "=", "OPEN")
    .where("r.state", "in", UNFINISHED_STATES)
    .where("r.due_at", "<=", threshold)
    .$if(country !== undefined, (query) => query.where("r.country", "=", country!))
    .orderBy("r.due_at")
    .execute();
}
