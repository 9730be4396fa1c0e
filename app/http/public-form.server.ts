import { parseWithZod } from "@conform-to/zod/v4";
import type { Submission as ConformSubmission, SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { serverContext } from "~/context";
import { guardPublicForm } from "~/services/public-form-guard.server";
import type { FormActionData, FormDefinition } from "~/validation/form-definition";
import { HONEYPOT_FIELD } from "~/validation/honeypot";
import { readFormPost } from "./form-post.server";

type Submission = ConformSubmission<unknown, string[], unknown>;

export function formReply(
  definition: Pick<FormDefinition, "id">,
  submission: Submission,
  options: {
    fieldErrors?: Record<string, string[]>;
    banner?: string;
    status?: number;
    /** Fields never sent back (a password is not written into the page again). */
    hideFields?: string[];
  } = {},
) {
  return data<FormActionData>(
    {
      formId: definition.id,
      result: submission.reply({
        fieldErrors: options.fieldErrors,
        formErrors: options.banner ? [options.banner] : undefined,
        hideFields: options.hideFields,
      }) as SubmissionResult<string[]>,
      ...(options.banner ? { banner: options.banner } : {}),
    },
    { status: options.status ?? 400 },
  );
}

export type ReceivedForm<Schema extends z.ZodType> =
  | { ok: true; value: z.output<Schema>; submission: Submission; formData: FormData; clientIp: string }
  | { ok: false; response: ReturnType<typeof formReply> };

type ReceiveOptions<Schema extends z.ZodType> = {
  /** A schema that replaces the definition's (e.g. one built for the request's country). */
  schema?: Schema;
  /** Adjusts the posted fields before parsing (e.g. a select-all without JavaScript). */
  prepare?: (formData: FormData) => void;
  /** Fields never sent back when the form is shown again (a password). */
  hideFields?: string[];
} & (
  | {
      /** The rate-limit bucket, when forms share one (default: the form's id). */
      guard?: string;
      /** The banner a post caught by the honeypot is shown. */
      failureBanner: string;
    }
  | {
      /** Staff forms: their guard is the sign-in (a call centre shares one address), so no honeypot banner either. */
      guard: false;
      failureBanner?: never;
    }
);

/**
 * Everything a public form's action does before any service: the post's
 * shape (issue 8), the schema, then the guard (honeypot, rate limit). A
 * refusal comes back as the answer to return; services see valid input only.
 */
export async function receivePublicForm<Schema extends z.ZodType>(
  args: { request: Request; context: Readonly<RouterContextProvider> },
  definition: FormDefinition<Schema>,
  options: ReceiveOptions<Schema>,
): Promise<ReceivedForm<Schema>> {
  const schema = options.schema ?? definition.schema;
  const post = await readFormPost(args.request, definition);
  if (post.ok) options.prepare?.(post.formData);
  if (!post.ok) {
    const shown = parseWithZod(post.formData, { schema });
    return { ok: false, response: formReply(definition, shown, { banner: "form.unexpectedFields", status: post.status, hideFields: options.hideFields }) };
  }
  const submission = parseWithZod(post.formData, { schema });
  if (submission.status !== "success") return { ok: false, response: formReply(definition, submission, { hideFields: options.hideFields }) };

  const clientIp = args.context.get(serverContext).clientIp;
  if (options.guard === false) return { ok: true, value: submission.value as z.output<Schema>, submission, formData: post.formData, clientIp };
  const verdict = await guardPublicForm({ form: options.guard || definition.id, clientIp, honeypot: post.formData.getAll(HONEYPOT_FIELD) });
  if (!verdict.ok) {
    const limited = verdict.reason === "rate-limited";
    return {
      ok: false,
      response: formReply(definition, submission, {
        banner: limited ? "validation.rateLimited" : options.failureBanner,
        status: limited ? 429 : 400,
        hideFields: options.hideFields,
      }),
    };
  }
  return { ok: true, value: submission.value as z.output<Schema>, submission, formData: post.formData, clientIp };
}
