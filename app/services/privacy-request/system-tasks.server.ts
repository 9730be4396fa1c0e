/**
 * What a request asks of each system that holds personal data: its tasks'
 * rows. The systems' side (services/systems) decides which systems take
 * part, how each is reached and who may answer; it writes a task through
 * these, inside the transaction it holds.
 */
import type { Kysely } from "kysely";

import type { Database } from "~/db/schema";
import type { SystemTaskTable } from "~/db/schema/request-tasks";
import type { TaskState } from "~/domain/data-system";
import type { SystemAction } from "~/domain/rights";

import { rollTaskChange, taskFacts } from "../reports/rollup-writes.server";
import { audit } from "./audit.server";

/** An open task of the request for this system. */
export async function openTask(
  trx: Kysely<Database>,
  task: {
    id: string;
    requestId: string;
    action: SystemAction;
    system: Pick<SystemTaskTable, "channel" | "contact_email"> & { id: string };
  },
  now: Date,
): Promise<void> {
  await trx
    .insertInto("system_task")
    .values({
      id: task.id,
      request_id: task.requestId,
      system_id: task.system.id,
      action: task.action,
      channel: task.system.channel,
      state: "OPEN",
      reason: null,
      answered_by: null,
      answered_at: null,
      contact_email: task.system.contact_email,
      link_token_hash: null,
      link_expires_at: null,
      created_at: now.toISOString(),
    })
    .execute();
  await rollTaskChange(trx, task.id, null);
}

/** An e-mail task's link (its token's SHA-256) and the contact it went to; the old link, if any, stops working. */
export async function setTaskLink(
  trx: Kysely<Database>,
  taskId: string,
  link: { hash: string; expiresAt: string; contactEmail: string },
): Promise<void> {
  await trx
    .updateTable("system_task")
    .set({ link_token_hash: link.hash, link_expires_at: link.expiresAt, contact_email: link.contactEmail })
    .where("id", "=", taskId)
    .execute();
}

/** Moves an OPEN task to its answer and records who gave it. */
export async function recordAnswer(
  trx: Kysely<Database>,
  task: { id: string; request_id: string; system_id: string },
  answer: { state: TaskState; reason?: string; by: string; actor: "SYSTEM" | "STAFF" },
  now: Date,
): Promise<boolean> {
  const before = await taskFacts(trx, task.id);
  const updated = await trx
    .updateTable("system_task")
    .set({
      state: answer.state,
      reason: answer.reason ?? null,
      answered_by: answer.by,
      answered_at: now.toISOString(),
      link_token_hash: null,
    })
    .where("id", "=", task.id)
    .where("state", "=", "OPEN")
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return false;
  await rollTaskChange(trx, task.id, before ?? null);
  await audit(trx, {
    requestId: task.request_id,
    at: now,
    actor: answer.actor,
    actorId: answer.by,
    action: answer.actor === "STAFF" ? "TASK_CLOSED" : "TASK_ANSWERED",
    note: `${task.system_id}: ${answer.state}${answer.reason ? ` (${answer.reason})` : ""}`,
  });
  return true;
}
