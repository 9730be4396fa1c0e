/**
 * The task page's post for an export task (data portability): the contact
 * sends the person's data as one JSON file with their answer, as a
 * multipart form read as it streams in. The file is kept as `<system>.json`
 * when it parses whole; an answer that is not taken (no file with "done", a
 * file that is not JSON, a file with another answer) keeps nothing and
 * shows the form again with the file field's error.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";

import type { Db } from "~/db/db.server";
import type { UploadProblem } from "~/domain/request-file";
import { readMultipart } from "~/http/multipart-upload.server";
import { formReply } from "~/http/public-form.server";
import { forgetUploads } from "~/services/privacy-request/file-store.server";
import { storeJsonFile } from "~/services/privacy-request/json-answer-files.server";
import { answerByContact, type EmailTaskTarget } from "~/services/systems/email-tasks.server";
import { systemDataFileName } from "~/services/systems/export-answers.server";
import { contactExportTaskForm } from "~/validation/task-answer";

/** The field's message for what went wrong with the file. */
const FILE_ERRORS: Partial<Record<UploadProblem | "missing" | "notDone", string>> = {
  notJson: "privacyRights.systemTask.export.notJson",
  missing: "privacyRights.systemTask.export.missing",
  notDone: "privacyRights.systemTask.export.onlyWhenDone",
  tooMany: "privacyRights.systemTask.export.oneFile",
};

const fileError = (problem: keyof typeof FILE_ERRORS) =>
  FILE_ERRORS[problem] ?? `privacyRights.reply.problems.${problem}`;

/** The answer to an export task: "answered", "gone" (the link no longer works), or the form to show again. */
export async function answerExportTask(request: Request, db: Db, token: string, target: EmailTaskTarget) {
  const stored: string[] = [];
  let problem: UploadProblem | null = null;
  let chosen = 0;
  const read = await readMultipart(request, {
    maxParts: 6,
    onFile: async (file) => {
      // A file field left empty still sends a part, without a name or bytes: no file was chosen.
      if (file.field === "file" && file.filename) chosen += 1;
      if (file.field !== "file" || !file.filename || chosen > 1) {
        if (chosen > 1) problem ??= "tooMany";
        for await (const chunk of file.bytes) void chunk;
        return;
      }
      const outcome = await storeJsonFile(db, {
        requestId: target.requestId,
        direction: "ANSWER",
        uploadedBy: `system:${target.systemId}`,
        filename: systemDataFileName(target.systemId),
        bytes: file.bytes,
      });
      if (outcome.status === "stored") stored.push(outcome.file.id);
      else if (outcome.problem !== "noFile") problem ??= outcome.problem;
    },
  });
  if (!read.ok) throw data("The form data could not be read.", { status: 400 });
  const fields = new FormData();
  for (const [name, value] of read.fields) fields.set(name, value);
  const submission = parseWithZod(fields, { schema: contactExportTaskForm.schema });
  const done = submission.status === "success" && submission.value.answer === "done";
  const given = stored.length > 0;
  const fileProblem =
    problem ?? (submission.status !== "success" ? null : done ? (given ? null : "missing") : given ? "notDone" : null);
  if (submission.status !== "success" || fileProblem) {
    await forgetUploads(db, stored);
    const fieldErrors =
      submission.status === "error" ? ((submission.error as Record<string, string[]> | null) ?? {}) : {};
    return {
      status: "invalid" as const,
      response: formReply(contactExportTaskForm, submission, {
        fieldErrors: fileProblem ? { ...fieldErrors, file: [fileError(fileProblem)] } : undefined,
      }),
    };
  }
  const outcome = await answerByContact(db, token, {
    answer: submission.value.answer,
    note: submission.value.note,
    files: stored.length,
  });
  if (outcome !== "answered") await forgetUploads(db, stored);
  return { status: outcome };
}
