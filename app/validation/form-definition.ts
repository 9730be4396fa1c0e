import type { SubmissionResult } from "@conform-to/react";
import type { z } from "zod";

/** The hidden field that says which form a post belongs to (two forms may share a page). */
export const FORM_ID_FIELD = "form";

/**
 * The submission id every public form carries, new with each render of the
 * page: a form posted twice (a double click, a resubmission after
 * the connection dropped) is recognised and answered as the first time.
 */
export const SUBMISSION_FIELD = "submission";

/**
 * What a form can hold (anything else is refused before it reaches
 * Conform or Zod, as parsing cost grows with the square of repeated values):
 * its id and its schema, whose names are the fields it may post, one value
 * each (form-shape.server.ts reads them with Conform's `getZodConstraint`);
 * beside the schema only what it cannot say.
 */
export type FormDefinition<Schema extends z.ZodType = z.ZodType> = {
  id: string;
  schema: Schema;
  /** How many values each group of the schema (an array: checkboxes such as brands) may carry. */
  groups?: Readonly<Record<string, number>>;
  /** Posted but not read by the schema (the action reads them first): name → how many values. */
  extraFields?: Readonly<Record<string, number>>;
  /** Names of the schema this form has no input for (parts of a shared shape): a post holding one is refused. */
  omit?: readonly string[];
};

/** The named keys of an input (an empty object's `{ [key: string]: never }` has none). */
type KeyOf<Input> = string extends keyof Input ? never : keyof Input & string;

/** The names a form's input has, as Conform writes them (`userInfo.address.street`); an array is one name. */
type FieldName<Input> = Input extends readonly unknown[]
  ? never
  : Input extends object
    ? { [Key in KeyOf<Input>]-?: Key | `${Key}.${FieldName<NonNullable<Input[Key]>>}` }[KeyOf<Input>]
    : never;

/** The top-level fields that take several values (a group of checkboxes). */
type GroupName<Input> = {
  [Key in KeyOf<Input>]-?: NonNullable<Input[Key]> extends readonly unknown[] ? Key : never;
}[KeyOf<Input>];

/** Every group of the schema needs its size; a schema without one takes no `groups`. */
type GroupSizes<Schema extends z.ZodType> = [GroupName<z.input<Schema>>] extends [never]
  ? { groups?: undefined }
  : { groups: Record<GroupName<z.input<Schema>>, number> };

/** A form's definition: what is written beside the schema is typed by the schema's names. */
export function defineForm<Schema extends z.ZodType>(
  definition: Omit<FormDefinition<Schema>, "groups" | "omit"> & {
    omit?: readonly FieldName<z.input<Schema>>[];
  } & GroupSizes<Schema>,
): FormDefinition<Schema> {
  return definition;
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
