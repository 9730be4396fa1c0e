import type { RouterContextProvider } from "react-router";
import { serverContext, siteContext } from "~/context";
import { submitPrivacyRequest } from "~/services/privacy-request.server";
import { redirectToProcessed } from "~/services/privacy-session.server";
import { getLogger } from "~/utils/logger.server";
import { formReply, receivePublicForm } from "~/http/public-form.server";
import type { FormDefinition } from "~/validation/form-definition";
import { PRIVACY_REQUEST_GUARD, type PrivacyRequestInput } from "~/validation/privacy-request";

type ActionArgs = { request: Request; context: Readonly<RouterContextProvider> };

/**
 * What every privacy-rights form's action does (route modules call it with
 * their form): shape, schema and guard (`receivePublicForm`), then the
 * request service; an undeliverable address comes back on the email field,
 * a storage failure as 'Er is iets misgelopen'; success goes to the
 * processed page (post-redirect-get).
 */
export async function privacyRequestAction<Value>(
  args: ActionArgs,
  definition: FormDefinition,
  toInput: (value: Value) => Promise<PrivacyRequestInput | Response> | PrivacyRequestInput | Response,
  options: { prepare?: (formData: FormData) => void } = {},
) {
  const received = await receivePublicForm(args, definition, {
    failureBanner: "privacyRights.sendFailure",
    guard: PRIVACY_REQUEST_GUARD,
    prepare: options.prepare,
  });
  if (!received.ok) return received.response;
  const { request, context } = args;
  const site = context.get(siteContext);
  const input = await toInput(received.value as Value);
  if (input instanceof Response) return input;
  const url = new URL(request.url);
  let reference: string;
  try {
    const outcome = await submitPrivacyRequest(
      { ...input, touchpoint: url.pathname },
      site,
      { requestOrigin: url.origin },
    );
    if (outcome.status === "INVALID_EMAIL") {
      return formReply(definition, received.submission, { fieldErrors: { email: ["contact.emailInvalid"] } });
    }
    context.get(serverContext).noteForLog(`privacy request ${outcome.id}`);
    reference = outcome.reference;
  } catch (error) {
    getLogger().error({ err: error }, "privacy request could not be stored");
    return formReply(definition, received.submission, { banner: "privacyRights.sendFailure", status: 503 });
  }
  return redirectToProcessed(request, `/${site.language}/privacy-rights/processed`, {
    flowType: input.flowType,
    withEmail: Boolean(input.email),
    reference,
  });
}
