import { getDb } from "~/db/instance.server";
import { FILE_LIMITS, type UploadProblem } from "~/domain/request-file";
import { takesAnswerFiles } from "~/domain/rights";
import { readJsonBody } from "~/http/json-body.server";
import { methodNotAllowed } from "~/http/json-call.server";
import { readMultipart } from "~/http/multipart-upload.server";
import { forgetUploads, storeFile } from "~/services/privacy-request/file-store.server";
import { storeJsonData, storeJsonFile } from "~/services/privacy-request/json-answer-files.server";
import {
  answersWithData,
  exportAnswerProblems,
  NOT_JSON_MESSAGE,
  systemDataFileName,
} from "~/services/systems/export-answers.server";
import { answerBySystem, callerOfTask } from "~/services/systems/task-answers.server";
import { jsonError, NO_STORE } from "~/utils/json-error";
import { getLogger } from "~/utils/logger.server";
import { taskAnswerSchema } from "~/validation/task-answer";

import type { Route } from "./+types/systems.tasks";

export const loader = () => methodNotAllowed();

const unauthorized = () =>
  jsonError(401, "UNAUTHORIZED", {
    message: "A valid bearer token of this system is required.",
    headers: { ...NO_STORE, "WWW-Authenticate": 'Bearer realm="systems"' },
  });

const refusal = (outcome: { status: "unauthorized" | "not-found" | "already-answered"; state?: string }) =>
  outcome.status === "unauthorized"
    ? unauthorized()
    : outcome.status === "not-found"
      ? jsonError(404, "NOT_FOUND", { message: "This system has no task with that id.", headers: NO_STORE })
      : jsonError(409, "ALREADY_ANSWERED", {
          message: `The task was answered already (${outcome.state}).`,
          headers: NO_STORE,
        });

const fileProblem = ({ problem, name }: { problem: UploadProblem | "malformed"; name: string }) =>
  problem === "tooMany"
    ? `The files were not taken: at most ${FILE_LIMITS.filesPerPost} files, as parts named \`file\`.`
    : problem === "notJson"
      ? NOT_JSON_MESSAGE(name)
      : `The files were not taken: ${problem}.`;

const invalid = (fields: Record<string, string[]>) =>
  jsonError(400, "VALIDATION", { message: "The answer is not valid.", fields, headers: NO_STORE });

/**
 * `POST /api/systems/{system}/tasks/{task}`: a system answers the
 * task a webhook gave it, with its bearer token: JSON `{status, reason}`, or
 * for an access or export task multipart/form-data with the same fields and at
 * most ten files, each a part named `file`, which join the answer the person
 * downloads (a file under another name, or an eleventh, refuses the post).
 * An export task (portability) is done only with the person's data: JSON
 * `data` (an object or array) or files that each parse as JSON, kept as
 * `<system>.json`; `data` on any other task is refused. 200 with the task's
 * new state; 400 for an answer that breaks a rule, 401 for a wrong token, 404
 * for another system's task, 409 when it was answered already: nothing
 * changes then, and no file is kept.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const token = /^Bearer ([\x21-\x7e]+)$/.exec(request.headers.get("Authorization") ?? "")?.[1];
  if (!token) return unauthorized();
  const db = await getDb();
  const call = { systemId: params.system, taskId: params.task, token };
  const caller = await callerOfTask(db, call);
  if (caller.status !== "ok") return refusal(caller);

  const stored: string[] = [];
  let problem: { problem: UploadProblem | "malformed"; name: string } | null = null;
  const withData = answersWithData(caller.action);
  // Answer files come only as parts named `file`, at most ten: a post with a file under another name or more files is refused whole.
  const strayFields = new Set<string>();
  let fileParts = 0;
  let body: Record<string, unknown>;
  if (request.headers.get("Content-Type")?.toLowerCase().startsWith("multipart/form-data")) {
    if (!takesAnswerFiles(caller.rightType))
      return invalid({
        file: ["Files come only with the answer to a request for the person's data (access, portability)."],
      });
    const read = await readMultipart(request, {
      maxParts: FILE_LIMITS.filesPerPost + 2,
      onFile: async (file) => {
        if (file.field === "file") fileParts += 1;
        else strayFields.add(file.field);
        if (fileParts > FILE_LIMITS.filesPerPost) problem ??= { problem: "tooMany", name: "" };
        if (problem || strayFields.size > 0) {
          // Read to its end and keep nothing: the post is refused anyway.
          for await (const chunk of file.bytes) void chunk;
          return;
        }
        const upload = {
          requestId: caller.requestId,
          direction: "ANSWER" as const,
          uploadedBy: `system:${params.system}`,
          // The data of an export task is named by its system: the package shows where it came from.
          // (A part without a file name is no file: it keeps its empty name, so that it is not taken for an empty file.)
          filename: withData && file.filename ? systemDataFileName(params.system, fileParts) : file.filename,
          bytes: file.bytes,
        };
        const outcome = withData ? await storeJsonFile(db, upload) : await storeFile(db, upload);
        if (outcome.status === "stored") stored.push(outcome.file.id);
        else if (outcome.problem !== "noFile") problem ??= { problem: outcome.problem, name: file.filename };
      },
    });
    if (!read.ok) problem ??= { problem: read.problem === "too-many-parts" ? "tooMany" : "malformed", name: "" };
    body = Object.fromEntries(read.ok ? read.fields : []);
  } else {
    body = await readJsonBody(request);
  }
  const forget = () => forgetUploads(db, stored);
  const parsed = taskAnswerSchema.safeParse(body);
  const ruleProblems = parsed.success
    ? exportAnswerProblems(caller.action, {
        status: parsed.data.status,
        data: parsed.data.data !== undefined,
        files: stored.length,
      })
    : {};
  if (problem || strayFields.size > 0 || !parsed.success || Object.keys(ruleProblems).length > 0) {
    await forget();
    const fields: Record<string, string[]> = problem ? { file: [fileProblem(problem)] } : { ...ruleProblems };
    for (const field of strayFields) fields[field] = ["Files are taken only as parts named `file`."];
    for (const issue of parsed.success ? [] : parsed.error.issues)
      (fields[String(issue.path[0] ?? "body")] ??= []).push(issue.message);
    return invalid(fields);
  }
  if (parsed.data.data !== undefined) {
    const kept = await storeJsonData(db, {
      requestId: caller.requestId,
      direction: "ANSWER",
      uploadedBy: `system:${params.system}`,
      filename: systemDataFileName(params.system),
      data: parsed.data.data,
    });
    if (kept.status === "refused") return invalid({ data: [`The data was not taken: ${kept.problem}.`] });
    stored.push(kept.file.id);
  }
  const outcome = await answerBySystem(db, {
    ...call,
    answer: parsed.data.status,
    reason: parsed.data.reason,
    files: stored.length,
  });
  if (outcome.status !== "answered") {
    await forget();
    return refusal(outcome);
  }
  getLogger().info(
    { system: params.system, task: params.task, state: outcome.state, files: stored.length },
    "system answered its task",
  );
  return Response.json({ taskId: params.task, state: outcome.state, files: stored.length }, { headers: NO_STORE });
}
