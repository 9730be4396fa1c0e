import { href, type RouterContextProvider } from "react-router";
import type { z } from "zod";

import { serverContext, siteContext } from "~/context";
import { countryCode, type Country } from "~/domain/country";
import { redirectToProcessed, redirectToStaffProcessed } from "~/http/privacy-session.server";
import { submitPrivacyRequest } from "~/services/privacy-request/record.server";
import type { StaffUser } from "~/services/staff/sessions.server";
import { getLogger } from "~/utils/logger.server";
import type { FormDefinition } from "~/validation/form-definition";
import { type PrivacyRequestInput, type UserInfo } from "~/validation/privacy-request";

import { formReply, receivePublicForm } from "./public-form.server";
import { formRefusal, formStorageFailure } from "./submission-refusals.server";

/** An objection's channels (step 2, or the staff form) as the request the service stores. */
export function objectionInput(
  brandKeys: string[],
  channels: { phoneNumber?: string; email?: string; userInfo?: UserInfo },
  country: Country,
): PrivacyRequestInput {
  const { phoneNumber, email, userInfo } = channels;
  return {
    flowType: "OBJECTION",
    brands: brandKeys,
    phoneNumber,
    email,
    // The postal block is an address in the site's country.
    userInfo: userInfo ? { ...userInfo, address: { ...userInfo.address, country: countryCode(country) } } : undefined,
  };
}

type ActionArgs = { request: Request; context: Readonly<RouterContextProvider> };

/**
 * What every privacy-request form's action does, the public pages' and the
 * staff unsubscribe form's alike: shape, schema and guard
 * (`receivePublicForm`), then the request service; an undeliverable address
 * comes back on the email field, a storage failure as 'Er is iets
 * misgelopen', with when to try again and how else to reach the privacy
 * team; success goes to the processed page (post-redirect-get).
 * With `staff`, the request is recorded by that staff member (executed at
 * once, no rate limit per address: a call centre shares one) and its
 * summary is the staff area's.
 */
export async function privacyRequestAction<Schema extends z.ZodType>(
  args: ActionArgs,
  definition: FormDefinition<Schema>,
  toInput: (value: z.output<Schema>) => Promise<PrivacyRequestInput | Response> | PrivacyRequestInput | Response,
  options: { prepare?: (formData: FormData) => void; staff?: StaffUser } = {},
) {
  const { staff, prepare } = options;
  const received = await receivePublicForm(
    args,
    definition,
    staff ? { guard: false, prepare } : { failureBanner: "privacyRights.sendFailure", prepare },
  );
  if (!received.ok) return received.response;
  const { request, context } = args;
  const site = context.get(siteContext);
  const input = await toInput(received.value);
  if (input instanceof Response) return input;
  const url = new URL(request.url);
  const who = staff ? "staff privacy request" : "privacy request";
  let reference: string;
  try {
    const sender = staff ? { staff: { email: staff.email } } : { clientIp: received.clientIp };
    const outcome = await submitPrivacyRequest({ ...input, touchpoint: url.pathname }, site, {
      requestOrigin: url.origin,
      submission: received.submissionKey,
      ...sender,
    });
    if (outcome.status === "INVALID_EMAIL") {
      return formReply(definition, received.submission, { fieldErrors: { email: ["contact.emailInvalid"] } });
    }
    if (outcome.status !== "accepted") {
      return formRefusal(definition, received.submission, outcome, {
        locale: site.locale,
        failureBanner: "privacyRights.sendFailure",
      });
    }
    context.get(serverContext).noteForLog(`${who} ${outcome.id}`);
    reference = outcome.reference;
  } catch (error) {
    getLogger().error({ err: error }, `${who} could not be stored`);
    return formStorageFailure(definition, received.submission, {
      locale: site.locale,
      textKey: "privacyRights.storageFailure",
    });
  }
  if (staff)
    return redirectToStaffProcessed(
      request,
      href("/:lang/internal-privacy-rights/processed", { lang: site.language }),
      reference,
    );
  return redirectToProcessed(request, `/${site.language}/privacy-rights/processed`, {
    flowType: input.flowType,
    withEmail: Boolean(input.email),
    reference,
  });
}
