import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";

import { brandsNl } from "~/content/brands";
import { formShapeProblem } from "~/validation/form-shape.server";
import { filterPhoneTyping, formatDateTyping } from "~/validation/input-format";
import { accessForm, accessSchema } from "~/validation/rights/access";
import { communicationForm, communicationSchema, objectionBrandsForm } from "~/validation/rights/direct-marketing";
import { applySelectAll } from "~/validation/select-all";

const form = (entries: Array<[string, string]>) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe("typing in the phone field (spec 5)", () => {
  it("keeps digits after one leading '+', at most 22 characters", () => {
    expect(filterPhoneTyping("")).toBe("+");
    expect(filterPhoneTyping("06 12-34")).toBe("+061234");
    expect(filterPhoneTyping("+31 (0)6 1234 5678")).toBe("+310612345678");
    expect(filterPhoneTyping("++32a4")).toBe("+324");
    expect(filterPhoneTyping(`+${"1".repeat(30)}`)).toHaveLength(22);
  });
});

describe("typing in the date field (spec 5)", () => {
  it("formats digits as dd - mm - yyyy as they come", () => {
    expect(formatDateTyping("0")).toBe("0");
    expect(formatDateTyping("03")).toBe("03 - ");
    expect(formatDateTyping("0302")).toBe("03 - 02 - ");
    expect(formatDateTyping("03022024")).toBe("03 - 02 - 2024");
    expect(formatDateTyping("030220245")).toBe("03 - 02 - 2024");
  });

  it("pads a day or month closed by a separator, and drops letters", () => {
    expect(formatDateTyping("3/2/2024")).toBe("03 - 02 - 2024");
    expect(formatDateTyping("3-")).toBe("03 - ");
    expect(formatDateTyping("ab12cd")).toBe("12 - ");
  });
});

describe("select-all without JavaScript", () => {
  const all = ["A", "B", "C"];
  const brandsAfter = (entries: Array<[string, string]>) => {
    const data = form(entries);
    applySelectAll(data, "brands", all);
    return { brands: data.getAll("brands"), rest: [...data.keys()].filter((name) => name !== "brands") };
  };

  it("ticked on the page: every option", () => {
    expect(
      brandsAfter([
        ["selectAllBefore", ""],
        ["selectAll", "on"],
        ["brands", "B"],
      ]),
    ).toEqual({ brands: all, rest: [] });
  });

  it("unticked on the page: none", () => {
    expect(
      brandsAfter([
        ["selectAllBefore", "on"],
        ["brands", "A"],
        ["brands", "B"],
        ["brands", "C"],
      ]).brands,
    ).toEqual([]);
  });

  it("left as it was: the boxes as ticked", () => {
    expect(
      brandsAfter([
        ["selectAllBefore", ""],
        ["brands", "A"],
      ]).brands,
    ).toEqual(["A"]);
    expect(
      brandsAfter([
        ["selectAllBefore", "on"],
        ["selectAll", "on"],
        ["brands", "A"],
        ["brands", "B"],
      ]).brands,
    ).toEqual(["A", "B"]);
  });
});

describe("what each privacy form may post", () => {
  const ids = brandsNl.map((brand) => brand.id);
  const brandsForm = objectionBrandsForm(ids);

  it("a brand group holds at most one value per brand", () => {
    const every = ids.map((id): [string, string] => ["brands", id]);
    expect(formShapeProblem(brandsForm, [["form", "objection-brands"], ...every])).toBeNull();
    expect(formShapeProblem(brandsForm, [["form", "objection-brands"], ...every, ["brands", ids[0]]])).toBe(
      "too-many-values",
    );
  });

  it("refuses fields of another form, and a post for another form", () => {
    expect(
      formShapeProblem(accessForm, [
        ["form", "access"],
        ["brands", "NL_BITBUURT"],
      ]),
    ).toBe("unexpected-field");
    expect(
      formShapeProblem(accessForm, [
        ["form", "forgotten"],
        ["email", "a@b.nl"],
      ]),
    ).toBe("wrong-form");
    expect(
      formShapeProblem(communicationForm, [
        ["form", "objection-channels"],
        ["communicationTypes", "PHONE"],
        ["communicationTypes", "EMAIL"],
        ["communicationTypes", "POSTAL"],
      ]),
    ).toBeNull();
    expect(
      formShapeProblem(communicationForm, [
        ["form", "objection-channels"],
        ...Array.from({ length: 4 }, (): [string, string] => ["communicationTypes", "PHONE"]),
      ]),
    ).toBe("too-many-values");
  });
});

describe("every error after one submit", () => {
  it("access: a wrong e-mail does not hide the missing names", () => {
    const result = parseWithZod(
      form([
        ["email", "geen-adres"],
        ["addDetails", "on"],
      ]),
      { schema: accessSchema },
    );
    expect(Object.keys(result.reply().error ?? {}).sort()).toEqual([
      "email",
      "userInfo.firstName",
      "userInfo.lastName",
    ]);
  });

  it("objection step 2: a too long name does not hide the phone's error", () => {
    const result = parseWithZod(
      form([
        ["communicationTypes", "PHONE"],
        ["communicationTypes", "POSTAL"],
        ["phoneNumber", "+"],
        ["userInfo.firstName", "x".repeat(31)],
      ]),
      { schema: communicationSchema },
    );
    const error = result.reply().error ?? {};
    expect(error.phoneNumber).toEqual(["validation.required"]);
    expect(error["userInfo.firstName"]?.[0]).toMatch(/^validation\.tooLong/);
    expect(error["userInfo.address.street"]).toEqual(["validation.address"]);
  });
});
