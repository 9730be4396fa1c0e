import { redirect } from "react-router";

import { siteContext } from "~/context";
import { getDb } from "~/db/instance.server";
import { fileDownload } from "~/http/file-download.server";
import { readFormPost } from "~/http/form-post.server";
import { downloadRequestFile } from "~/services/privacy-request/answer-delivery.server";
import { statusLinkRequest } from "~/services/privacy-request/status.server";
import { defineForm } from "~/validation/form-definition";
import { z } from "~/validation/zod";

import type { Route } from "./+types/status-download";
import { statusLinkCookie } from "./link-cookies.server";

const STATUS_DOWNLOAD_FORM = defineForm({ id: "status-download", schema: z.object({ file: z.string() }) });

/** A delivered file, from the status page: a POST, like every download of a person's data. */
export async function action({ request, context }: Route.ActionArgs) {
  const { language } = context.get(siteContext);
  const back = redirect(`/${language}/privacy-rights/status/view`);
  const post = await readFormPost(request, STATUS_DOWNLOAD_FORM);
  const db = await getDb();
  const link = await statusLinkRequest(db, await statusLinkCookie(request, language).read());
  if (!post.ok || link.status !== "valid") return back;
  const outcome = await downloadRequestFile(db, link.requestId, String(post.formData.get("file") ?? ""));
  return outcome.status === "ok" ? fileDownload(outcome) : back;
}
