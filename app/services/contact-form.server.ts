import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { serverContext, siteContext } from "~/context";
import { getLogger } from "~/utils/logger.server";
import { readFormPost } from "~/utils/form-post.server";
import { contactForm, contactSchema } from "~/validation/contact";
import { HONEYPOT_FIELD } from "~/validation/honeypot";
import { receiveContactMessage } from "./contact.server";
import { redirectWithBanner } from "./flash.server";

/**
 * The action behind the contact form on home and about. Errors come back
 * with the values (status 400); success redirects to the same page with the
 * success banner (post-redirect-get), so it works without JavaScript.
 */
export async function handleContactFormPost({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}) {
  const post = await readFormPost(request, contactForm);
  if (!post.ok) {
    const shown = parseWithZod(post.formData, { schema: contactSchema });
    return data({ result: shown.reply({ formErrors: ["form.unexpectedFields"] }) }, { status: post.status });
  }
  const formData = post.formData;
  const submission = parseWithZod(formData, { schema: contactSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }

  const site = context.get(siteContext);
  try {
    const outcome = await receiveContactMessage({
      message: submission.value,
      site,
      clientIp: context.get(serverContext).clientIp,
      honeypot: formData.getAll(HONEYPOT_FIELD),
    });
    if (outcome.status === "RATE_LIMITED" || outcome.status === "HONEYPOT") {
      const limited = outcome.status === "RATE_LIMITED";
      return data(
        { result: submission.reply({ formErrors: [limited ? "validation.rateLimited" : "contact.failure"] }) },
        { status: limited ? 429 : 400 },
      );
    }
    if (outcome.status === "EMAIL_INVALID") {
      return data({ result: submission.reply({ fieldErrors: { email: ["contact.emailInvalid"] } }) }, { status: 400 });
    }
  } catch (error) {
    getLogger().error({ err: error }, "contact message could not be stored");
    return data({ result: submission.reply({ formErrors: ["contact.failure"] }) }, { status: 503 });
  }
  return redirectWithBanner(request, new URL(request.url).pathname, { type: "success", textKey: "contact.success" });
}
