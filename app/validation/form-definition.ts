import type { SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import { HONEYPOT_FIELD } from "./honeypot";

/** The hidden field that says which form a post belongs to (two forms may share a page). */
export const FORM_ID_FIELD = "form";

/**
 * The submission id every public form carries, new with each render of the
 * page (issue 24): a form posted twice (a double click, a resubmission after
 * the connection dropped) is recognised and answered as the first time.
 */
export const SUBMISSION_FIELD = "submission";

/** Conform's intent button (field validation, list changes); at most one per post. */
const CONFORM_INTENT_FIELD = "__intent__";

/**
 * What a form can hold: its id, its schema, and each field name with the
 * number of values it may carry (1 for a single field, the group's size for
 * a group of checkboxes such as brands). A post that holds anything else is
 * refused before it reaches Conform or Zod (issue 8: parsing cost grows with
 * the square of repeated values).
 */
export type FormDefinition<Schema extends z.ZodType = z.ZodType> = {
  id: string;
  schema: Schema;
  /** Field name (Conform's dotted path) → how many values it may carry. */
  fields: Readonly<Record<string, number>>;
};

export function defineForm<Schema extends z.ZodType>(definition: {
  id: string;
  schema: Schema;
  fields: Record<string, number>;
}): FormDefinition<Schema> {
  return {
    ...definition,
    fields: { ...definition.fields, [FORM_ID_FIELD]: 1, [SUBMISSION_FIELD]: 1, [HONEYPOT_FIELD]: 1, [CONFORM_INTENT_FIELD]: 1 },
  };
}

export type FormShapeProblem = "unexpected-field" | "too-many-values" | "wrong-form";

/**
 * Checks the names and counts of a post's fields against the definition.
 * Linear in the number of entries; stops at the first problem.
 */
export function formShapeProblem(
  definition: FormDefinition,
  entries: Iterable<[string, FormDataEntryValue]>,
): FormShapeProblem | null {
  const counts = new Map<string, number>();
  for (const [name, value] of entries) {
    if (!Object.hasOwn(definition.fields, name) || typeof value !== "string") return "unexpected-field";
    const count = (counts.get(name) ?? 0) + 1;
    if (count > definition.fields[name]) return "too-many-values";
    counts.set(name, count);
    if (name === FORM_ID_FIELD && value !== definition.id) return "wrong-form";
  }
  return counts.has(FORM_ID_FIELD) ? null : "wrong-form";
}

/**
 * What a form's action answers when the form is shown again: which form it
 * belongs to (two forms may share a page), Conform's result, and the banner
 * text key when the problem is about the whole form.
 */
export type FormActionData = {
  formId: string;
  result: SubmissionResult<string[]>;
  banner?: string;
  /** Values the banner's text takes (a time to try again, an address). */
  bannerValues?: Record<string, string>;
};
