import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";

import { formShapeProblem } from "~/validation/form-shape.server";
import {
  INTERNAL_OBJECTION_FORM_ID,
  internalObjectionForm,
  staffLoginForm,
  staffLoginSchema,
} from "~/validation/staff";

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe("staff sign-in form", () => {
  const errorsOf = (entries: [string, string][]) =>
    parseWithZod(form(entries), { schema: staffLoginSchema }).reply().error ?? {};

  it("takes the e-mail address trimmed and the password exactly as typed", () => {
    const result = parseWithZod(
      form([
        ["email", " anna@veldhaven.nl "],
        ["password", " Zonnebloem-Kade-42 "],
      ]),
      { schema: staffLoginSchema },
    );
    expect(result.status === "success" && result.value).toEqual({
      email: "anna@veldhaven.nl",
      password: " Zonnebloem-Kade-42 ",
    });
  });

  it("requires both, and a well-formed address", () => {
    expect(errorsOf([])).toEqual({ email: ["validation.staff.signInEmail"], password: ["validation.staff.password"] });
    expect(
      errorsOf([
        ["email", "anna"],
        ["password", "x"],
      ]),
    ).toEqual({ email: ["validation.email"] });
  });

  it("bounds the password at 200 characters", () => {
    expect(
      errorsOf([
        ["email", "anna@veldhaven.nl"],
        ["password", "p".repeat(200)],
      ]),
    ).toEqual({});
    expect(
      errorsOf([
        ["email", "anna@veldhaven.nl"],
        ["password", "p".repeat(201)],
      ]),
    ).toEqual({ password: ["validation.tooLong|200"] });
  });

  it("may post its two fields once each", () => {
    expect(
      formShapeProblem(staffLoginForm, [
        ["form", staffLoginForm.id],
        ["email", "a@b.nl"],
        ["password", "x"],
      ]),
    ).toBeNull();
    expect(
      formShapeProblem(staffLoginForm, [
        ["form", staffLoginForm.id],
        ["password", "x"],
        ["password", "y"],
      ]),
    ).toBe("too-many-values");
    expect(
      formShapeProblem(staffLoginForm, [
        ["form", staffLoginForm.id],
        ["role", "officer"],
      ]),
    ).toBe("unexpected-field");
  });
});

describe("the staff unsubscribe form (both objection steps on one page)", () => {
  const BRANDS = ["dagwijzer", "essenbode", "dagpuls"];
  const definition = internalObjectionForm(BRANDS);
  const parse = (entries: [string, string][]) => parseWithZod(form(entries), { schema: definition.schema });
  const errorsOf = (entries: [string, string][]) => parse(entries).reply().error ?? {};

  it("keeps the brands and only the ticked channels' details, the e-mail lower-cased and the phone without spaces", () => {
    const result = parse([
      ["brands", "dagwijzer"],
      ["brands", "essenbode"],
      ["brands", "dagwijzer"],
      ["communicationTypes", "EMAIL"],
      ["communicationTypes", "PHONE"],
      ["email", " Anna@Veldhaven-Test.NL "],
      ["phoneNumber", "+31 6 1234 5678"],
      ["userInfo.firstName", "Anna"],
    ]);
    expect(result.status === "success" && result.value).toEqual({
      brands: ["dagwijzer", "essenbode"],
      communicationTypes: ["EMAIL", "PHONE"],
      email: "anna@veldhaven-test.nl",
      phoneNumber: "+31612345678",
      userInfo: undefined,
    });
  });

  it("shows every error after one submit: no brand, no channel", () => {
    expect(errorsOf([])).toEqual({ brands: ["validation.option"], communicationTypes: ["validation.option"] });
  });

  it("refuses a brand of another list, and checks each ticked channel's details", () => {
    const errors = errorsOf([
      ["brands", "bitbuurt"],
      ["communicationTypes", "PHONE"],
      ["communicationTypes", "EMAIL"],
      ["communicationTypes", "POSTAL"],
      ["phoneNumber", "+3161"],
      ["email", "anna@"],
      ["userInfo.firstName", "Luc"],
      ["userInfo.address.street", "Kerkstraat"],
    ]);
    expect(errors).toMatchObject({
      brands: ["validation.option"],
      phoneNumber: ["validation.phone"],
      email: ["validation.email"],
      "userInfo.lastName": ["validation.address"],
      "userInfo.address.houseNumber": ["validation.address"],
      "userInfo.address.postalCode": ["validation.address"],
      "userInfo.address.city": ["validation.address"],
    });
    expect(errors).not.toHaveProperty(["userInfo.firstName"]);
    expect(errors).not.toHaveProperty(["userInfo.address.street"]);
  });

  it("may post one value per brand, one per channel, and the postal fields", () => {
    const brands = BRANDS.map((key): [string, string] => ["brands", key]);
    const base: [string, string][] = [
      ["form", INTERNAL_OBJECTION_FORM_ID],
      ...brands,
      ["communicationTypes", "POSTAL"],
      ["userInfo.address.postalCode", "2000"],
    ];
    expect(formShapeProblem(definition, base)).toBeNull();
    expect(formShapeProblem(definition, [...base, ["brands", "dagwijzer"]])).toBe("too-many-values");
    expect(formShapeProblem(definition, [...base, ["userInfo.address.country", "BE"]])).toBe("unexpected-field");
    expect(
      formShapeProblem(internalObjectionForm(["dagwijzer"]), [
        ["form", INTERNAL_OBJECTION_FORM_ID],
        ["brands", "dagwijzer"],
        ["brands", "essenbode"],
      ]),
    ).toBe("too-many-values");
  });
});
