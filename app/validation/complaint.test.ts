import fs from "node:fs";
import path from "node:path";

import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";

import {
  COMPLAINT_FORM_ID,
  COMPLAINT_REASONS,
  complaintForm,
  complaintPayloadSchema,
  complaintSchema,
} from "~/validation/complaint";
import { formShapeProblem } from "~/validation/form-shape.server";
import { parseMessage } from "~/validation/messages";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
};
const errorsOf = (data: FormData) => parseWithZod(data, { schema: complaintSchema }).reply().error ?? {};

/** What a Dutch-speaking visitor reads for an error key (locales/nl_nl). */
const dutch = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "../../locales/nl_nl/common.json"), "utf8"));
const dutchText = (message: string) => {
  const { key, values } = parseMessage(message);
  const text = key.split(".").reduce((node, part) => node?.[part], dutch) as string | undefined;
  return text?.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
};

const VALID = {
  reason: "MISLEADING",
  name: "  Jan Jansen ",
  email: " Jan@Veldhaven-Test.nl ",
  explanation: "Er staat niet bij wie betaalt.\nZie de foto.",
};

describe("reporting a political ad (spec 3 'Complaint')", () => {
  it("accepts a complete report, trimmed, with line breaks kept in the explanation", () => {
    const result = parseWithZod(form(VALID), { schema: complaintSchema });
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value).toEqual({
      reason: "MISLEADING",
      name: "Jan Jansen",
      email: "Jan@Veldhaven-Test.nl",
      explanation: "Er staat niet bij wie betaalt.\nZie de foto.",
    });
  });

  it.each(COMPLAINT_REASONS)("accepts the reason %s", (reason) => {
    expect(parseWithZod(form({ ...VALID, reason }), { schema: complaintSchema }).status).toBe("success");
  });

  it("an empty form: every field's error at once, with the spec's messages", () => {
    const errors = errorsOf(form({ reason: "", name: "", email: "", explanation: "   " }));
    expect(errors).toEqual({
      reason: ["validation.option"],
      name: ["validation.required"],
      email: ["validation.required"],
      explanation: ["validation.required"],
    });
    expect(dutchText(errors.name![0])).toBe("Dit veld is verplicht");
    expect(dutchText(errors.reason![0])).toBe("Gelieve een optie te kiezen");
  });

  it("refuses a reason that is not on the list", () => {
    expect(errorsOf(form({ ...VALID, reason: "OTHER" }))).toEqual({ reason: ["validation.option"] });
    expect(errorsOf(form({ ...VALID, reason: "misleading" }))).toEqual({ reason: ["validation.option"] });
  });

  it("refuses a malformed e-mail address", () => {
    const errors = errorsOf(form({ ...VALID, email: "jan@" }));
    expect(errors).toEqual({ email: ["validation.email"] });
    expect(dutchText(errors.email![0])).toBe("Gelieve een correct e-mailadres in te vullen");
  });

  it("bounds the name at 100 and the explanation at 2000 characters", () => {
    expect(errorsOf(form({ ...VALID, name: "x".repeat(100), explanation: "y".repeat(2000) }))).toEqual({});
    const errors = errorsOf(form({ ...VALID, name: "x".repeat(101), explanation: "y".repeat(2001) }));
    expect(errors).toEqual({ name: ["validation.tooLong|100"], explanation: ["validation.tooLong|2000"] });
    expect(dutchText(errors.name![0])).toBe("Gebruik maximaal 100 tekens");
  });

  it("refuses a line break in the name, but not in the explanation", () => {
    expect(errorsOf(form({ ...VALID, name: "Jan\nJansen" }))).toEqual({ name: ["validation.controlCharacters"] });
    expect(errorsOf(form({ ...VALID, explanation: "Regel 1\r\nRegel 2\tmet tab" }))).toEqual({});
    expect(errorsOf(form({ ...VALID, explanation: "Regel 1\u0000" }))).toEqual({
      explanation: ["validation.controlCharacters"],
    });
  });
});

describe("what the report form may post", () => {
  const post = (...extra: [string, string][]): [string, string][] => [
    ["form", COMPLAINT_FORM_ID],
    ...Object.entries(VALID),
    ["via", "dialog"],
    ["website", ""],
    ...extra,
  ];

  it("its fields once each, with the honeypot and where it was sent from", () => {
    expect(formShapeProblem(complaintForm, post())).toBeNull();
  });

  it("nothing else, nothing twice, and not for another form", () => {
    expect(formShapeProblem(complaintForm, post(["campaignId", "NL-2026-0001"]))).toBe("unexpected-field");
    expect(formShapeProblem(complaintForm, post(["reason", "INCORRECT"]))).toBe("too-many-values");
    expect(
      formShapeProblem(complaintForm, [
        ["form", "contact"],
        ["name", "Jan"],
      ]),
    ).toBe("wrong-form");
    expect(formShapeProblem(complaintForm, [["name", "Jan"]])).toBe("wrong-form");
  });
});

describe("POST /api/political-ad-complaint (spec 7)", () => {
  const payload = {
    reason: "INCORRECT",
    name: "Camille",
    email: "camille@lezers-test.be",
    explanation: "Pas de payeur.",
    campaignId: " BE-2026-7001 ",
  };
  const problems = (value: unknown) =>
    complaintPayloadSchema.safeParse(value).error?.issues.map((issue) => `${issue.path.join(".")}:${issue.message}`) ??
    [];

  it("needs the ad's id besides the report, and takes a locale", () => {
    expect(complaintPayloadSchema.parse({ ...payload, locale: "fr_be" })).toEqual({
      ...payload,
      campaignId: "BE-2026-7001",
      locale: "fr_be",
    });
    expect(problems({ ...payload, campaignId: undefined })).toEqual(["campaignId:validation.required"]);
    expect(problems({ ...payload, campaignId: "   " })).toEqual(["campaignId:validation.required"]);
    expect(problems({ ...payload, campaignId: "X".repeat(41) })).toHaveLength(1);
  });

  it("applies the form's rules to the same fields", () => {
    expect(problems({ campaignId: "BE-2026-7001" }).sort()).toEqual([
      "email:validation.required",
      "explanation:validation.required",
      "name:validation.required",
      "reason:validation.option",
    ]);
  });
});
