/**
 * A post holding anything but its form's fields is refused before
 * it reaches Conform or Zod. The fields are read from the form's schema with
 * Conform's `getZodConstraint`, on the server only: the browser
 * never checks a post's shape, so its bundle carries none of this.
 */
import { getZodConstraint } from "@conform-to/zod/v4";

import { z } from "~/validation/zod";

import { FORM_ID_FIELD, SUBMISSION_FIELD, type FormDefinition } from "./form-definition";
import { HONEYPOT_FIELD } from "./honeypot";

/** Conform's intent button (field validation, list changes); at most one per post. */
const CONFORM_INTENT_FIELD = "__intent__";

/** Conform refuses a transform at a form's root ("Unsupported schema"); a form posts the names of what goes into it. */
function formInput(schema: z.core.$ZodType): z.core.$ZodType {
  return schema instanceof z.ZodPipe && schema.out instanceof z.ZodTransform ? formInput(schema.in) : schema;
}

const known = new WeakMap<FormDefinition, Readonly<Record<string, number>>>();

/**
 * Each field a form may post (Conform's dotted name) → how many values it
 * may carry: one per name the schema reads (containers such as `userInfo`
 * and array items `brands[]` are not posted themselves), a group's size,
 * the fields the action reads first, and the hidden fields every form has.
 */
export function postedFields(definition: FormDefinition): Readonly<Record<string, number>> {
  const cached = known.get(definition);
  if (cached) return cached;
  const constraint = getZodConstraint(formInput(definition.schema));
  const names = Object.keys(constraint);
  const omitted = new Set(definition.omit);
  const fields: Record<string, number> = {};
  for (const name of names) {
    const posted = !name.endsWith("[]") && !names.some((other) => other.startsWith(`${name}.`));
    if (!posted || omitted.has(name)) continue;
    if (!constraint[name].multiple) fields[name] = 1;
    else if (definition.groups && Object.hasOwn(definition.groups, name)) fields[name] = definition.groups[name];
    else throw new Error(`Form ${definition.id}: how many values may ${name} carry?`);
  }
  const all = {
    ...fields,
    ...definition.extraFields,
    [FORM_ID_FIELD]: 1,
    [SUBMISSION_FIELD]: 1,
    [HONEYPOT_FIELD]: 1,
    [CONFORM_INTENT_FIELD]: 1,
  };
  known.set(definition, all);
  return all;
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
  const fields = postedFields(definition);
  const counts = new Map<string, number>();
  for (const [name, value] of entries) {
    if (!Object.hasOwn(fields, name) || typeof value !== "string") return "unexpected-field";
    const count = (counts.get(name) ?? 0) + 1;
    if (count > fields[name]) return "too-many-values";
    counts.set(name, count);
    if (name === FORM_ID_FIELD && value !== definition.id) return "wrong-form";
  }
  return counts.has(FORM_ID_FIELD) ? null : "wrong-form";
}
