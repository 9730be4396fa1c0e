import type { Route } from "./+types/systems.tasks";
import { getDb } from "~/db/instance.server";
import { readJsonBody } from "~/http/json-body.server";
import { methodNotAllowed } from "~/http/json-call.server";
import { answerBySystem } from "~/services/systems/task-answers.server";
import { NO_STORE, jsonError } from "~/utils/json-error";
import { getLogger } from "~/utils/logger.server";
import { taskAnswerSchema } from "~/validation/task-answer";

export const loader = () => methodNotAllowed();

/**
 * `POST /api/systems/{system}/tasks/{task}` (issue 41): a system answers the
 * task a webhook gave it, with its bearer token. 200 with the task's new
 * state; 401 for a wrong token, 404 for another system's task, 409 when it
 * was answered already: nothing changes then.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const token = /^Bearer ([\x21-\x7e]+)$/.exec(request.headers.get("Authorization") ?? "")?.[1];
  if (!token) return unauthorized();
  const parsed = taskAnswerSchema.safeParse(await readJsonBody(request));
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (fields[String(issue.path[0] ?? "body")] ??= []).push(issue.message);
    return jsonError(400, "VALIDATION", { message: "The answer is not valid.", fields, headers: NO_STORE });
  }
  const outcome = await answerBySystem(await getDb(), { systemId: params.system, taskId: params.task, token, answer: parsed.data.status, reason: parsed.data.reason });
  switch (outcome.status) {
    case "unauthorized":
      return unauthorized();
    case "not-found":
      return jsonError(404, "NOT_FOUND", { message: "This system has no task with that id.", headers: NO_STORE });
    case "already-answered":
      return jsonError(409, "ALREADY_ANSWERED", { message: `The task was answered already (${outcome.state}).`, headers: NO_STORE });
    case "answered":
      getLogger().info({ system: params.system, task: params.task, state: outcome.state }, "system answered its task");
      return Response.json({ taskId: params.task, state: outcome.state }, { headers: NO_STORE });
  }
}

const unauthorized = () =>
  jsonError(401, "UNAUTHORIZED", { message: "A valid bearer token of this system is required.", headers: { ...NO_STORE, "WWW-Authenticate": 'Bearer realm="systems"' } });
