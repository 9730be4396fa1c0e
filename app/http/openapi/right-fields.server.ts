/**
 * The privacy request call's part that differs per right, drawn from the
 * rights' table and the field lists the rights' own forms are made of
 * (validation/rights/details-form.ts): each field's type, options and
 * limit, and which fields a flowType requires (JSON Schema `if`/`then`), so
 * a right added to the table is documented with the fields its form asks.
 */
import type { SchemaObject } from "openapi3-ts/oas31";

import { COUNTRIES, countryCode } from "~/domain/country";
import { rightOf, RIGHTS, type RightType } from "~/domain/rights";
import { DETAILS_RIGHTS } from "~/validation/rights";
import type { DetailField } from "~/validation/rights/details-form";

/** "DATA_PORTABILITY (Art. 20)": how the descriptions name a right. */
const named = (code: RightType) => `${code} (Art. ${rightOf(code).article})`;

const detailsRights = () =>
  Object.entries(DETAILS_RIGHTS).map(([code, right]) => ({ code: code as RightType, fields: right!.fields }));

/** JSON Schema 2020-12's conditionals, which OpenAPI 3.1 takes and openapi3-ts does not type. */
type Rule = SchemaObject & { if?: Rule; then?: Rule; contains?: Rule };

/** Not blank: the call trims a text before it counts as given. */
const GIVEN_TEXT: SchemaObject = { type: "string", pattern: "\\S" };

function typeOf(field: DetailField): SchemaObject {
  switch (field.kind) {
    case "choice":
      return { type: "string", enum: [...field.options] };
    case "choices":
      return { type: "array", minItems: 1, items: { type: "string", enum: [...field.options] } };
    case "text":
      return { type: "string", maxLength: field.max };
  }
}

type Condition = NonNullable<Extract<DetailField, { kind: "text" }>["when"]>;

/** Whether the condition's field is a group of choices (it includes the value) rather than one choice (it is the value). */
const onGroup = (fields: readonly DetailField[], when: Condition) =>
  fields.find((field) => field.name === when.field)?.kind === "choices";

function need(field: DetailField, fields: readonly DetailField[]): string {
  if (field.kind !== "text") return "required";
  if (field.when)
    return `required when ${field.when.field} ${onGroup(fields, field.when) ? "includes" : "is"} ${field.when.value}`;
  return field.optional ? "optional" : "required";
}

/** The flowTypes, each with its article, and where a right is offered in one country only. */
export const FLOW_TYPE_NOTE = `The right: ${RIGHTS.map(
  (right) =>
    named(right.code) +
    (right.countries.length < COUNTRIES.length ? `, only in ${right.countries.map(countryCode).join(" and ")}` : ""),
).join("; ")}.`;

/** Which rights take no e-mail address when another way to reach the person is given. */
export const EMAIL_NOTE = `Required except for ${RIGHTS.filter((right) => right.asks.email === "optional")
  .map((right) => right.code)
  .join(", ")}, where a phone number or postal address will do; the verification link is mailed to it.`;

/**
 * Each right's own field, as a property of the call's body: its type,
 * options and limit, and per right what it asks and whether it is required.
 * `common` holds the notes of the fields every right shares: a right's
 * field of the same name (a message) adds to its description.
 */
export function rightFieldProperties(common: Record<string, SchemaObject | undefined>): Record<string, SchemaObject> {
  const properties: Record<string, SchemaObject> = {};
  for (const { code, fields } of detailsRights()) {
    for (const field of fields) {
      const line = `${named(code)}: ${field.about} (${need(field, fields)})`;
      const known = properties[field.name] ?? common[field.name];
      properties[field.name] = known
        ? { ...known, description: `${known.description ?? ""} ${line}`.trim() }
        : { ...typeOf(field), description: line };
    }
  }
  return properties;
}

const isFlow = (codes: RightType[]): Rule => ({
  properties: { flowType: codes.length === 1 ? { const: codes[0] } : { enum: codes } },
  required: ["flowType"],
});

/** The fields given: a text not blank, a choice or group of choices as its type says. */
function required(fields: DetailField[]): Rule {
  return {
    required: fields.map((field) => field.name),
    properties: Object.fromEntries(fields.map((field) => [field.name, field.kind === "text" ? GIVEN_TEXT : {}])),
  };
}

/** A field's condition: another field holds the value (a choice) or includes it (a group of choices). */
function condition(fields: readonly DetailField[], when: Condition): Rule {
  const holds: Rule = onGroup(fields, when) ? { contains: { const: when.value } } : { const: when.value };
  return { properties: { [when.field]: holds }, required: [when.field] };
}

/**
 * What each flowType requires, as JSON Schema: the e-mail address where the
 * right needs one, and the right's own fields, those asked only after a
 * choice only when it is made.
 */
export function rightFieldRules(): Rule[] {
  const withEmail = RIGHTS.filter((right) => right.asks.email === "required").map((right) => right.code);
  const rules: Rule[] = [
    { if: isFlow(withEmail), then: { required: ["email"], properties: { email: { type: "string" } } } },
  ];
  for (const { code, fields } of detailsRights()) {
    const always = fields.filter((field) => field.kind !== "text" || (!field.optional && !field.when));
    const conditional = fields.flatMap((field) =>
      field.kind === "text" && field.when ? [{ field, when: field.when }] : [],
    );
    rules.push({
      if: isFlow([code]),
      then: {
        ...required(always),
        ...(conditional.length > 0
          ? { allOf: conditional.map(({ field, when }) => ({ if: condition(fields, when), then: required([field]) })) }
          : {}),
      },
    });
  }
  return rules;
}
