/**
 * A right whose form asks only its own fields beside the e-mail address is
 * declared as a list of fields; from it come the page's schema, its form,
 * the JSON call's rules and the details the request keeps. The same list
 * tells the page which controls to draw (components/privacy/details-form.tsx),
 * so a right of this kind needs no form component of its own.
 */
import type { RightDetails } from "~/validation/privacy-request";
import { z } from "~/validation/zod";

import { defineForm, type FormDefinition } from "../form-definition";
import { EVEN_WITH_OTHER_ERRORS } from "../privacy-request";
import { isGiven, MESSAGES, optionalText, requiredEmail } from "../rules";
import type { PayloadRules, RightInput } from "./payload-rules";

/** Required only while another field holds `value` (or, for a group, includes it). */
type Condition = { field: string; value: string };

/** `about`: what the field asks, in the JSON call's documentation (OpenAPI, English). */
export type DetailField = { name: string; about: string } &
  /** One of the options (radios). */
  (
    | { kind: "choice"; options: readonly string[] }
    /** At least one of the options (checkboxes). */
    | { kind: "choices"; options: readonly string[] }
    /** A line, or several (`multiline`); required unless `optional`, or only `when` a choice is made. */
    | { kind: "text"; max: number; multiline?: true; optional?: true; when?: Condition }
  );

export type DetailsRight = {
  id: string;
  fields: readonly DetailField[];
  form: FormDefinition;
  payload: PayloadRules;
  /** The page's value as the right's part of the request. */
  toInput: (value: Record<string, unknown>) => RightInput & { email: string };
};

function fieldSchema(field: DetailField) {
  switch (field.kind) {
    case "choice":
      return z.enum(field.options as [string, ...string[]], { error: MESSAGES.option });
    case "choices":
      return z
        .array(z.enum(field.options as [string, ...string[]]), { error: MESSAGES.option })
        .min(1, MESSAGES.option)
        .transform((values) => [...new Set(values)]);
    case "text":
      // Checked as optional here; required (or required when) below, with every other error.
      return optionalText(field.max, { multiline: field.multiline });
  }
}

function holds(value: Record<string, unknown>, condition: Condition): boolean {
  const given = value[condition.field];
  return Array.isArray(given) ? given.includes(condition.value) : given === condition.value;
}

function needed(field: DetailField, value: Record<string, unknown>): boolean {
  if (field.kind !== "text") return true;
  if (field.when) return holds(value, field.when);
  return !field.optional;
}

/** A required text that is empty; a conditional one only while its condition holds. */
function missing(fields: readonly DetailField[]) {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    for (const field of fields) {
      if (field.kind === "text" && needed(field, value) && !isGiven(value[field.name] as string | undefined))
        ctx.addIssue({ code: "custom", path: [field.name], message: MESSAGES.required });
    }
  };
}

/** What the request keeps: each answer given, a conditional one only while its condition holds. */
function detailsOf(fields: readonly DetailField[], value: Record<string, unknown>): RightDetails {
  const details: RightDetails = {};
  for (const field of fields) {
    const answer = value[field.name];
    if (answer === undefined || (field.kind === "text" && field.when && !holds(value, field.when))) continue;
    details[field.name] = answer as string | string[];
  }
  return details;
}

export function detailsRight(id: string, fields: readonly DetailField[]): DetailsRight {
  const shape = Object.fromEntries(fields.map((field) => [field.name, fieldSchema(field)]));
  const pageSchema = z
    .object({ email: requiredEmail(), ...shape })
    .superRefine(missing(fields), EVEN_WITH_OTHER_ERRORS);
  const payloadSchema = z.object(shape).superRefine(missing(fields), EVEN_WITH_OTHER_ERRORS);
  const groups = Object.fromEntries(
    fields.flatMap((field) => (field.kind === "choices" ? [[field.name, field.options.length]] : [])),
  );
  return {
    id,
    fields,
    form: defineForm({ id, schema: pageSchema, ...(Object.keys(groups).length ? { groups } : {}) } as never),
    payload: (payload, { report }) => {
      const parsed = payloadSchema.safeParse(payload);
      if (!parsed.success) {
        report(parsed.error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message })));
        return {};
      }
      return { details: detailsOf(fields, parsed.data) };
    },
    toInput: (value) => ({ email: value.email as string, details: detailsOf(fields, value) }),
  };
}
