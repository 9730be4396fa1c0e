import type { Submission as ConformSubmission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";

import { serverContext, siteContext } from "~/context";
import { honeypotRefuses } from "~/services/submission/counted-limit.server";
import { fingerprintOf, type SubmissionKey } from "~/services/submission/keys.server";
import {
  FORM_ID_FIELD,
  SUBMISSION_FIELD,
  type FormActionData,
  type FormDefinition,
} from "~/validation/form-definition";
import { HONEYPOT_FIELD } from "~/validation/honeypot";

import { readFormPost } from "./form-post.server";

type Submission = ConformSubmission<unknown, string[], unknown>;

export function formReply(
  definition: Pick<FormDefinition, "id">,
  submission: Submission,
  options: {
    fieldErrors?: Record<string, string[]>;
    banner?: string;
    /** Values the banner's text takes. */
    bannerValues?: Record<string, string>;
    status?: number;
    headers?: Record<string, string>;
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
      ...(options.bannerValues ? { bannerValues: options.bannerValues } : {}),
    },
    { status: options.status ?? 400, headers: options.headers },
  );
}

export type ReceivedForm<Schema extends z.ZodType> =
  | {
      ok: true;
      value: z.output<Schema>;
      submission: Submission;
      formData: FormData;
      clientIp: string;
      /** The post's key: a second post of the same render with the same fields is recognised. */
      submissionKey: SubmissionKey | undefined;
    }
  | { ok: false; response: ReturnType<typeof formReply> };

/** What a submission id looks like (a UUID from the page); anything else is no key. */
const SUBMISSION_ID = /^[0-9a-f-]{16,64}$/i;

/**
 * A form post's key: the page render's submission id and the fields as
 * posted. The fields are part of the key, so a form changed and sent again
 * is a new submission, and a page kept by the page cache (the same id for
 * everyone who opened it in that minute) never mixes up two people's posts.
 */
function formSubmissionKey(
  definition: Pick<FormDefinition, "id">,
  formData: FormData,
  country: string,
): SubmissionKey | undefined {
  const id = formData.get(SUBMISSION_FIELD);
  if (typeof id !== "string" || !SUBMISSION_ID.test(id)) return undefined;
  const fields = [...formData.entries()].filter(
    (entry): entry is [string, string] =>
      typeof entry[1] === "string" && ![SUBMISSION_FIELD, HONEYPOT_FIELD, FORM_ID_FIELD].includes(entry[0]),
  );
  const fingerprint = fingerprintOf(fields);
  return { scope: `form:${definition.id}:${country}`, key: `${id}:${fingerprint}`, fingerprint };
}

type ReceiveOptions<Schema extends z.ZodType> = {
  /** A schema that replaces the definition's (e.g. one built for the request's country). */
  schema?: Schema;
  /** Adjusts the posted fields before parsing (e.g. a select-all without JavaScript). */
  prepare?: (formData: FormData) => void;
  /** Fields never sent back when the form is shown again (a password). */
  hideFields?: string[];
} & (
  | {
      guard?: true;
      /** The banner a post caught by the honeypot is shown. */
      failureBanner: string;
    }
  | {
      /** Staff forms: their guard is the sign-in (a call centre shares one address), so no honeypot either. */
      guard: false;
      failureBanner?: never;
    }
);

/**
 * Everything a public form's action does before any service: the post's
 * shape, the schema, then the honeypot. A refusal comes back as
 * the answer to return; services see valid input only, with the post's key
 * (the services count and store it: submission/intake.server.ts).
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
    return {
      ok: false,
      response: formReply(definition, shown, {
        banner: "form.unexpectedFields",
        status: post.status,
        hideFields: options.hideFields,
      }),
    };
  }
  const submission = parseWithZod(post.formData, { schema });
  if (submission.status !== "success")
    return { ok: false, response: formReply(definition, submission, { hideFields: options.hideFields }) };

  const clientIp = args.context.get(serverContext).clientIp;
  const submissionKey = formSubmissionKey(definition, post.formData, args.context.get(siteContext).country);
  const received = {
    ok: true as const,
    value: submission.value as z.output<Schema>,
    submission,
    formData: post.formData,
    clientIp,
    submissionKey,
  };
  if (options.guard === false || !honeypotRefuses(definition.id, post.formData.getAll(HONEYPOT_FIELD))) return received;
  return {
    ok: false,
    response: formReply(definition, submission, { banner: options.failureBanner, hideFields: options.hideFields }),
  };
}
