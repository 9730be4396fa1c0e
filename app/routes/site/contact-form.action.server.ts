import type { RouterContextProvider } from "react-router";

import { siteContext } from "~/context";
import { redirectWithBanner } from "~/http/flash.server";
import { formReply, receivePublicForm } from "~/http/public-form.server";
import { formRefusal, formStorageFailure } from "~/http/submission-refusals.server";
import { submitContactMessage } from "~/services/site/contact.server";
import { getLogger } from "~/utils/logger.server";
import { contactForm } from "~/validation/contact";

/**
 * The action of the contact form on home and about (both route modules
 * export it). Errors come back with the values (400); success redirects to
 * the same page with the success banner (post-redirect-get), so it works
 * without JavaScript.
 */
export async function contactFormAction(args: { request: Request; context: Readonly<RouterContextProvider> }) {
  const received = await receivePublicForm(args, contactForm, { failureBanner: "contact.failure" });
  if (!received.ok) return received.response;
  const { request, context } = args;
  const site = context.get(siteContext);
  try {
    const outcome = await submitContactMessage(received.value, site, {
      sender: { clientIp: received.clientIp },
      submission: received.submissionKey,
    });
    if (outcome.status === "RATE_LIMITED" || outcome.status === "KEY_REUSED") {
      return formRefusal(contactForm, received.submission, outcome, {
        locale: site.locale,
        failureBanner: "contact.failure",
      });
    }
    if (outcome.status === "EMAIL_INVALID") {
      // Spec 8: shown as a banner; also on the field and in the summary.
      return formReply(contactForm, received.submission, {
        fieldErrors: { email: ["contact.emailInvalid"] },
        banner: "contact.emailInvalid",
      });
    }
  } catch (error) {
    getLogger().error({ err: error }, "contact message could not be stored");
    return formStorageFailure(contactForm, received.submission, {
      locale: site.locale,
      textKey: "contact.storageFailure",
    });
  }
  return redirectWithBanner(request, new URL(request.url).pathname, { type: "success", textKey: "contact.success" });
}
