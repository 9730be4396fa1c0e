/** The case work's forms: who owns a case, the team's notes, the search, and the list's bulk actions. */
import { EXTENSION_MONTHS } from "~/domain/privacy-request";
import { z } from "~/validation/zod";

import { defineForm } from "./form-definition";
import { EMPTY_OPTION, optionalText, PLACEHOLDER_OPTION, requiredText } from "./rules";

const NOTE_MAX = 2000;

/** The select's "nobody" is null (the case is given back); its prompt, or nothing, is no choice (undefined). */
const chosenOwner = (value: unknown) =>
  value === EMPTY_OPTION
    ? null
    : typeof value === "string" && value.trim() !== "" && value !== PLACEHOLDER_OPTION
      ? value.trim()
      : undefined;
const ownerAddress = z.string({ error: "validation.staff.assignee" }).max(254).nullable();

/** One case's owner: no choice is an error. The service checks the address is a staff member's. */
const assignee = z.preprocess(chosenOwner, ownerAddress);

export const assignForm = defineForm({ id: "case-assign", schema: z.object({ assignee }) });

/** "I take it": to the officer who sends it. */
export const takeForm = defineForm({ id: "case-take", schema: z.object({}) });

export const noteForm = defineForm({
  id: "case-note",
  schema: z.object({ note: requiredText(NOTE_MAX, { multiline: true, missing: "validation.staff.note" }) }),
});

/** By POST, so the term is in no URL, no history and no log. */
export const searchForm = defineForm({
  id: "case-search",
  schema: z.object({ term: requiredText(254, { missing: "validation.staff.searchTerm" }) }),
});

/** The requests ticked on the list: a page has 25; more is not a person ticking boxes. */
const BULK_MAX = 100;

const references = z
  .array(z.string().regex(/^PR-[0-9A-Z]{4}-[0-9A-Z]{4}$/), { error: "validation.staff.bulkNone" })
  .min(1, "validation.staff.bulkNone")
  .max(BULK_MAX);

/**
 * One form for the list's bulk actions (the ticked rows' checkboxes belong to
 * it by their `form` attribute): give them all to one person, or extend all
 * their deadlines with one reason (each person is mailed it, as one by one).
 */
export const bulkForm = defineForm({
  id: "requests-bulk",
  groups: { references: BULK_MAX },
  schema: z
    .object({
      references,
      bulkAction: z.enum(["assign", "extend"], { error: "validation.staff.bulkAction" }),
      // The prompt is what a browser sends when the action is "extend": the
      // optionality must hold after the prompt becomes undefined, not before.
      assignee: z.preprocess(chosenOwner, ownerAddress.optional()),
      months: z.preprocess(
        (value) => (value === "" ? undefined : value),
        z.enum(EXTENSION_MONTHS, { error: "validation.staff.extendMonths" }).transform(Number).optional(),
      ),
      reason: optionalText(NOTE_MAX, { multiline: true }),
    })
    .superRefine((value, context) => {
      if (value.bulkAction === "assign" && value.assignee === undefined)
        context.addIssue({ code: "custom", path: ["assignee"], message: "validation.staff.assignee" });
      if (value.bulkAction === "extend" && value.months === undefined)
        context.addIssue({ code: "custom", path: ["months"], message: "validation.staff.extendMonths" });
      if (value.bulkAction === "extend" && !value.reason)
        context.addIssue({ code: "custom", path: ["reason"], message: "validation.staff.extendReason" });
    }),
});
