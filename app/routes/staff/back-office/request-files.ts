import { data, href } from "react-router";

import { siteContext } from "~/context";
import { getDb } from "~/db/instance.server";
import { allows } from "~/domain/privacy-request";
import { FILE_LIMITS, type UploadRefusal } from "~/domain/request-file";
import { redirectWithBanner, redirectWithUploadOutcome } from "~/http/flash.server";
import { readMultipart } from "~/http/multipart-upload.server";
import { signedInStaff } from "~/http/staff/guard.server";
import { attachAnswerFile, findRequest } from "~/services/privacy-request/answer.server";

import type { Route } from "./+types/request-files";

/**
 * Files of a request's answer, posted as a plain multipart form:
 * without JavaScript the officer comes back to the request with a banner
 * that says what was added, or with the refusals shown by the file field;
 * with JavaScript the form sends the same post itself (to show
 * progress) and reads the answer as JSON. Files are stored as they stream
 * in (services/files).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = signedInStaff(context);
  const { language } = context.get(siteContext);
  const asJson = (request.headers.get("Accept") ?? "").includes("application/json");
  const db = await getDb();
  const row = await findRequest(db, params.reference);
  if (!row) throw data({ notFound: true }, { status: 404 });
  const page = href("/:lang/internal-privacy-rights/requests/:reference", { lang: language, reference: row.reference });
  const back = `${page}#answer`;
  if (!allows(row.state, "editAnswer")) {
    if (asJson) return Response.json({ stored: [], refused: [], problem: "notAllowed" }, { status: 409 });
    return redirectWithBanner(request, back, { type: "error", textKey: "backOffice.actions.notAllowed" });
  }

  const stored: { name: string; size: number }[] = [];
  const refused: UploadRefusal[] = [];
  const reading = readMultipart(request, {
    maxParts: FILE_LIMITS.filesPerPost + 1,
    onFile: async (file) => {
      if (file.field !== "files") {
        for await (const chunk of file.bytes) void chunk;
        return;
      }
      const outcome = await attachAnswerFile(db, row, staff, file);
      if (outcome.status === "stored") stored.push({ name: outcome.file.name, size: outcome.file.size });
      // A form sent without choosing a file has one empty part: nothing to say about it.
      else if (outcome.problem !== "noFile" || stored.length + refused.length > 0)
        refused.push({ name: outcome.name, problem: outcome.problem });
    },
  });
  const read = await reading.catch((error: unknown) => {
    // The officer's browser went away mid-upload: nobody is left to answer.
    if (request.signal.aborted) return { ok: false as const, problem: "aborted" as const };
    throw error;
  });
  if (!read.ok && read.problem === "aborted") return new Response(null, { status: 400 });
  if (!read.ok && read.problem !== "too-many-parts") throw data("The form data could not be read.", { status: 400 });
  if (!read.ok) refused.push({ name: "", problem: "tooMany" });
  if (stored.length === 0 && refused.length === 0) refused.push({ name: "", problem: "noFile" });

  if (asJson)
    return Response.json({ stored, refused }, { status: refused.length > 0 && stored.length === 0 ? 422 : 200 });
  // No fragment after a refusal: a fragment would stop the browser from focusing the refusal's summary (autofocus).
  if (refused.length > 0) return redirectWithUploadOutcome(request, page, { added: stored.length, refused });
  return redirectWithBanner(request, back, {
    type: "success",
    textKey: "backOffice.files.added",
    values: { count: stored.length },
  });
}
