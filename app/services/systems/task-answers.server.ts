/**
 * A system answers its task: done, no data found, or failed with
 * a reason. Each answer is taken once (the update only moves an OPEN task),
 * written to the request's audit trail, and refused without a change when
 * the caller is not the system, the task is another system's, or it was
 * answered already.
 */
import { createHash, timingSafeEqual } from "node:crypto";

import type { Kysely } from "kysely";

import type { Database } from "~/db/schema";
import { TASK_ANSWERS, type TaskAnswer, type TaskState } from "~/domain/data-system";
import type { RightType, SystemAction } from "~/domain/rights";

import { recordAnswer } from "../privacy-request/system-tasks.server";

export type AnswerOutcome =
  | { status: "answered"; state: TaskState }
  | { status: "unauthorized" }
  | { status: "not-found" }
  | { status: "already-answered"; state: TaskState };

const sha256 = (value: string) => createHash("sha256").update(value).digest();

/** In constant time; a system without a token (not a webhook system) accepts none. */
function tokenMatches(given: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  return timingSafeEqual(sha256(given), Buffer.from(storedHash, "hex"));
}

/**
 * Who may answer before anything of the post is read: the system's token,
 * its own open task. The answer itself checks again (`answerBySystem`).
 */
export async function callerOfTask(
  db: Kysely<Database>,
  call: { systemId: string; taskId: string; token: string },
): Promise<
  | { status: "ok"; requestId: string; rightType: RightType; action: SystemAction }
  | Exclude<AnswerOutcome, { status: "answered" }>
> {
  const system = await db
    .selectFrom("data_system")
    .select(["id", "callback_token_hash"])
    .where("id", "=", call.systemId)
    .executeTakeFirst();
  if (!tokenMatches(call.token, system?.callback_token_hash ?? null)) return { status: "unauthorized" };
  const task = await db
    .selectFrom("system_task as t")
    .innerJoin("privacy_request as r", "r.id", "t.request_id")
    .select(["t.state", "t.request_id", "t.action", "r.right_type"])
    .where("t.id", "=", call.taskId)
    .where("t.system_id", "=", call.systemId)
    .executeTakeFirst();
  if (!task) return { status: "not-found" };
  if (task.state !== "OPEN") return { status: "already-answered", state: task.state };
  return { status: "ok", requestId: task.request_id, rightType: task.right_type, action: task.action };
}

/** The callback `POST /api/systems/{system}/tasks/{task}`, with the system's bearer token. */
export async function answerBySystem(
  db: Kysely<Database>,
  call: { systemId: string; taskId: string; token: string; answer: TaskAnswer; reason?: string; files?: number },
  now = new Date(),
): Promise<AnswerOutcome> {
  return db.transaction().execute(async (trx): Promise<AnswerOutcome> => {
    const system = await trx
      .selectFrom("data_system")
      .select(["id", "callback_token_hash"])
      .where("id", "=", call.systemId)
      .executeTakeFirst();
    // An unknown system and a wrong token look the same to the caller.
    if (!tokenMatches(call.token, system?.callback_token_hash ?? null)) return { status: "unauthorized" };
    const task = await trx
      .selectFrom("system_task")
      .select(["id", "request_id", "system_id", "state"])
      .where("id", "=", call.taskId)
      .where("system_id", "=", call.systemId)
      .executeTakeFirst();
    if (!task) return { status: "not-found" };
    if (task.state !== "OPEN") return { status: "already-answered", state: task.state };
    const state = TASK_ANSWERS[call.answer];
    // Files that came with an access answer join the person's answer (the officer sends it).
    const reason = call.files ? [call.reason, `${call.files} file(s)`].filter(Boolean).join("; ") : call.reason;
    if (!(await recordAnswer(trx, task, { state, reason, by: `system:${call.systemId}`, actor: "SYSTEM" }, now))) {
      const current = await trx
        .selectFrom("system_task")
        .select("state")
        .where("id", "=", task.id)
        .executeTakeFirstOrThrow();
      return { status: "already-answered", state: current.state };
    }
    return { status: "answered", state };
  });
}
