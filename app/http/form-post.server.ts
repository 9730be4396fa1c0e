import { data } from "react-router";

import type { FormDefinition } from "~/validation/form-definition";
import { formShapeProblem, postedFields, type FormShapeProblem } from "~/validation/form-shape.server";

const FORM_MEDIA_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

export type FormPost =
  | { ok: true; formData: FormData }
  | {
      ok: false;
      problem: FormShapeProblem;
      /** 413 for more values than the form holds, 400 for anything else. */
      status: 400 | 413;
      /** The declared fields only, one value each: enough to show the form again. */
      formData: FormData;
    };

/**
 * Reads a form post and checks it against the form's definition before any
 * parsing library sees it. The body size was bounded by the server
 * (FORM_BODY_LIMIT_BYTES) before it was read.
 */
export async function readFormPost(request: Request, definition: FormDefinition): Promise<FormPost> {
  const mediaType = request.headers.get("Content-Type")?.split(";")[0].trim().toLowerCase() ?? "";
  if (!FORM_MEDIA_TYPES.includes(mediaType)) {
    throw data("This page expects a form post.", { status: 415 });
  }
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    throw data("The form data could not be read.", { status: 400 });
  }
  const problem = formShapeProblem(definition, formData.entries());
  if (!problem) return { ok: true, formData };

  const kept = new FormData();
  for (const name of Object.keys(postedFields(definition))) {
    const value = formData.get(name);
    if (typeof value === "string") kept.set(name, value);
  }
  return { ok: false, problem, status: problem === "too-many-values" ? 413 : 400, formData: kept };
}
