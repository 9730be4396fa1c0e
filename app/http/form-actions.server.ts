/**
 * Pages that hold several forms (the back office's request and report pages)
 * answer a post through one table keyed by form id: each entry names its form
 * (schema and fields), what it runs, and the banner shown after it ran. The
 * post's shape and schema are checked by `receivePublicForm` as for any form.
 */
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";

import type { TransitionOutcome } from "~/domain/transition";
import { redirectWithBanner } from "~/http/flash.server";
import { FORM_ID_FIELD, type FormDefinition } from "~/validation/form-definition";

import { formReply, receivePublicForm } from "./public-form.server";

type ActionArgs = { request: Request; context: Readonly<RouterContextProvider> };

export type PageFormAction = {
  id: string;
  handle: (args: ActionArgs, back: string) => Promise<Response | ReturnType<typeof formReply>>;
};

/** One row of the table: the form, what it runs with the valid values, and the success banner's text key. */
export function pageFormAction<Schema extends z.ZodType>(
  form: FormDefinition<Schema>,
  run: (value: z.output<Schema>) => Promise<TransitionOutcome>,
  successBanner: string,
): PageFormAction {
  return {
    id: form.id,
    async handle(args, back) {
      // Staff forms: the sign-in is their guard (no rate limit per address).
      const received = await receivePublicForm(args, form, { guard: false });
      if (!received.ok) return received.response;
      const outcome = await run(received.value);
      if (outcome.status === "not-found") throw data({ notFound: true }, { status: 404 });
      // Another officer acted first (each change is guarded by the state it expects), or the step names why not.
      if (outcome.status === "not-allowed")
        return formReply(form, received.submission, {
          banner: outcome.banner ?? "backOffice.actions.notAllowed",
          status: 409,
        });
      if (outcome.status === "invalid")
        return formReply(form, received.submission, { fieldErrors: outcome.fieldErrors, status: 400 });
      return redirectWithBanner(args.request, back, { type: "success", textKey: successBanner });
    },
  };
}

/** Which of a page's forms was posted (read from a copy, so the form's own reader still gets the body). */
async function postedFormId(request: Request): Promise<string | null> {
  try {
    const value = (await request.clone().formData()).get(FORM_ID_FIELD);
    return typeof value === "string" ? value : null;
  } catch {
    return null;
  }
}

/** Runs the posted form's entry, then goes `back` (post-redirect-get); an unknown form is a 400. */
export async function dispatchPageForm(args: ActionArgs, actions: readonly PageFormAction[], back: string) {
  const formId = await postedFormId(args.request);
  const action = actions.find((entry) => entry.id === formId);
  if (!action) throw data("Unknown form", { status: 400 });
  return action.handle(args, back);
}
