import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";

import { closeForm, completeForm, extendForm, rejectForm, reviewForm, startForm } from "~/validation/back-office";
import { assignForm, bulkForm } from "~/validation/case-work";
import type { FormDefinition } from "~/validation/form-definition";
import { formShapeProblem } from "~/validation/form-shape.server";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
};
const parse = (definition: FormDefinition, entries: Record<string, string>) =>
  parseWithZod(form(entries), { schema: definition.schema });
const errorsOf = (definition: FormDefinition, entries: Record<string, string>) =>
  parse(definition, entries).reply().error ?? {};
const valueOf = (definition: FormDefinition, entries: Record<string, string>) => {
  const result = parse(definition, entries);
  if (result.status !== "success") throw new Error(`not valid: ${JSON.stringify(result.reply().error)}`);
  return result.value;
};

const NOTE_LIMIT = 2000;

describe("the back office's action forms", () => {
  it("start handling: the note is optional, trimmed, bounded", () => {
    expect(valueOf(startForm, {})).toEqual({ note: undefined });
    expect(valueOf(startForm, { note: "   " })).toEqual({ note: undefined });
    expect(valueOf(startForm, { note: "  Gebeld met de klant.\nTerugbellen vrijdag.  " })).toEqual({
      note: "Gebeld met de klant.\nTerugbellen vrijdag.",
    });
    expect(errorsOf(startForm, { note: "x".repeat(NOTE_LIMIT + 1) })).toEqual({
      note: [`validation.tooLong|${NOTE_LIMIT}`],
    });
  });

  it("extend: one or two months, as a number, and a reason for the data subject", () => {
    expect(valueOf(extendForm, { months: "1", reason: "Drie systemen doorzoeken." })).toEqual({
      months: 1,
      reason: "Drie systemen doorzoeken.",
    });
    expect(valueOf(extendForm, { months: "2", reason: "x" })).toEqual({ months: 2, reason: "x" });
    // Each message says what to do.
    expect(errorsOf(extendForm, { months: "3", reason: "x" })).toEqual({ months: ["validation.staff.extendMonths"] });
    expect(errorsOf(extendForm, { months: "0", reason: "x" })).toEqual({ months: ["validation.staff.extendMonths"] });
    expect(errorsOf(extendForm, {})).toEqual({
      months: ["validation.staff.extendMonths"],
      reason: ["validation.staff.extendReason"],
    });
  });

  it.each([
    { action: "complete", definition: completeForm, field: "note", missing: "validation.staff.completeNote" },
    { action: "reject", definition: rejectForm, field: "reason", missing: "validation.staff.rejectReason" },
    { action: "close a report", definition: closeForm, field: "outcome", missing: "validation.staff.closeOutcome" },
  ] as const)(
    "$action: its $field is required (saying what to write), at most 2000 characters, line breaks allowed",
    ({ definition, field, missing }) => {
      expect(errorsOf(definition, {})).toEqual({ [field]: [missing] });
      expect(errorsOf(definition, { [field]: "  \n " })).toEqual({ [field]: [missing] });
      expect(errorsOf(definition, { [field]: "x".repeat(NOTE_LIMIT + 1) })).toEqual({
        [field]: [`validation.tooLong|${NOTE_LIMIT}`],
      });
      expect(errorsOf(definition, { [field]: "Regel\u0007" })).toEqual({ [field]: ["validation.controlCharacters"] });
      expect(valueOf(definition, { [field]: " Regel 1\nRegel 2 " })).toEqual({ [field]: "Regel 1\nRegel 2" });
    },
  );

  it("start review: a button, nothing to fill in", () => {
    expect(valueOf(reviewForm, {})).toEqual({});
  });
});

describe("what each action may post", () => {
  const all = [startForm, extendForm, completeForm, rejectForm, reviewForm, closeForm];

  it("each has its own form id, so two forms on one page are told apart", () => {
    expect(new Set(all.map((definition) => definition.id)).size).toBe(all.length);
  });

  it("its own fields once, and not another action's", () => {
    expect(
      formShapeProblem(extendForm, [
        ["form", extendForm.id],
        ["months", "1"],
        ["reason", "x"],
      ]),
    ).toBeNull();
    expect(
      formShapeProblem(extendForm, [
        ["form", extendForm.id],
        ["months", "1"],
        ["months", "2"],
      ]),
    ).toBe("too-many-values");
    expect(
      formShapeProblem(extendForm, [
        ["form", extendForm.id],
        ["note", "x"],
      ]),
    ).toBe("unexpected-field");
    expect(
      formShapeProblem(rejectForm, [
        ["form", completeForm.id],
        ["reason", "x"],
      ]),
    ).toBe("wrong-form");
    expect(formShapeProblem(reviewForm, [["form", reviewForm.id]])).toBeNull();
    expect(
      formShapeProblem(reviewForm, [
        ["form", reviewForm.id],
        ["outcome", "x"],
      ]),
    ).toBe("unexpected-field");
  });
});

describe("the list's bulk form, as a browser posts it (both selects' prompts included)", () => {
  const posted = (entries: [string, string][]) => {
    const data = new FormData();
    for (const [name, value] of entries) data.append(name, value);
    return parseWithZod(data, { schema: bulkForm.schema });
  };
  const ticked: [string, string][] = [
    ["references", "PR-AAAA-BBBB"],
    ["references", "PR-CCCC-DDDD"],
  ];

  it("extends with the owner select left at its prompt", () => {
    const result = posted([
      ...ticked,
      ["bulkAction", "extend"],
      ["assignee", "placeholder"],
      ["months", "2"],
      ["reason", "Drie systemen doorzoeken."],
    ]);
    expect(result.reply().error).toBeUndefined();
    expect(result.status === "success" && result.value).toEqual({
      references: ["PR-AAAA-BBBB", "PR-CCCC-DDDD"],
      bulkAction: "extend",
      assignee: undefined,
      months: 2,
      reason: "Drie systemen doorzoeken.",
    });
  });

  it("assigns to someone or to nobody, and asks for a choice when the prompt is left", () => {
    const assign = (assignee: string) =>
      posted([...ticked, ["bulkAction", "assign"], ["assignee", assignee], ["months", ""], ["reason", ""]]);
    const assigned = (assignee: string) => {
      const result = assign(assignee);
      return result.status === "success" ? result.value.assignee : result.reply().error;
    };
    expect(assigned("agent@veldhaven.test")).toBe("agent@veldhaven.test");
    expect(assigned("empty_val")).toBeNull();
    expect(assign("placeholder").reply().error).toEqual({ assignee: ["validation.staff.assignee"] });
  });

  it("one request's owner form still asks for a choice when the prompt is left", () => {
    expect(errorsOf(assignForm, { assignee: "placeholder" })).toEqual({ assignee: ["validation.staff.assignee"] });
    expect(valueOf(assignForm, { assignee: "empty_val" })).toEqual({ assignee: null });
  });
});
