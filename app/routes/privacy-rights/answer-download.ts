import { redirect } from "react-router";

import { siteContext } from "~/context";
import { getDb } from "~/db/instance.server";
import { fileDownload } from "~/http/file-download.server";
import { readFormPost } from "~/http/form-post.server";
import { downloadDeliveredFile } from "~/services/privacy-request/answer-delivery.server";

import type { Route } from "./+types/answer-download";
import { ANSWER_DOWNLOAD_FORM, answerLinkCookie } from "./link-cookies.server";

/**
 * One file of a delivered answer, on a POST from the answer page:
 * a mail scanner that opens the link downloads nothing. A link that expired
 * meanwhile, or a file that is not in the delivery, goes back to the page,
 * which says what happened.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { language } = context.get(siteContext);
  const post = await readFormPost(request, ANSWER_DOWNLOAD_FORM);
  const fileId = post.ok ? String(post.formData.get("file") ?? "") : "";
  const outcome = await downloadDeliveredFile(await getDb(), await answerLinkCookie(request, language).read(), fileId);
  if (outcome.status !== "ok") return redirect(`/${language}/privacy-rights/answer`);
  return fileDownload(outcome);
}
