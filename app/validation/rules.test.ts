import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";

import { privacyRequestPayloadSchema } from "~/validation/privacy-request-payload";
import { accessSchema } from "~/validation/rights/access";
import { communicationSchema, objectionBrandsSchema } from "~/validation/rights/direct-marketing";
import { publicationSchema } from "~/validation/rights/publication";
import { rectificationSchema } from "~/validation/rights/rectification";
import { isValidPhone, optionalText, parseDayMonthYear, requiredText } from "~/validation/rules";

const form = (entries: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) for (const one of [value].flat()) data.append(name, one);
  return data;
};
const errorsOf = (result: { error?: Record<string, string[] | null> | null }) => result.error ?? {};

describe("required text (spec 5)", () => {
  const rule = requiredText(10);
  it.each(["", "   ", "empty_val", "placeholder", " placeholder "])("%j counts as empty", (value) => {
    expect(rule.safeParse(value).error?.issues[0].message).toBe("validation.required");
  });
  it("trims, and bounds the length after trimming", () => {
    expect(rule.parse("  Lotte  ")).toBe("Lotte");
    expect(rule.safeParse(" 1234567890 ").success).toBe(true);
    expect(rule.safeParse("12345678901").error?.issues[0].message).toBe("validation.tooLong|10");
  });
  it("optional text: empty and placeholder values are no value", () => {
    const optional = optionalText(5);
    expect(optional.parse("empty_val")).toBeUndefined();
    expect(optional.parse("  ")).toBeUndefined();
    expect(optional.parse(" ab ")).toBe("ab");
    expect(optional.safeParse("abcdef").success).toBe(false);
  });
});

describe("phone (spec 5)", () => {
  it.each(["+31612345678", "+32412345678", "+111123", "+1234" + "5".repeat(17)])("%s is valid", (phone) => {
    expect(isValidPhone(phone)).toBe(true);
  });
  it.each(["+", "0612345678", "+01612345678", "+3161", "+31a12345678", "+123" + "4".repeat(21)])(
    "%s is not",
    (phone) => {
      expect(isValidPhone(phone)).toBe(false);
    },
  );
});

describe("date (spec 5)", () => {
  it.each([
    ["03 - 02 - 2024", "2024-02-03"],
    ["3/2/2024", "2024-02-03"],
    ["03-02-2024", "2024-02-03"],
    ["29 - 02 - 2024", "2024-02-29"],
  ])("%s is %s", (typed, iso) => expect(parseDayMonthYear(typed)).toBe(iso));
  it.each(["31 - 02 - 2024", "29-02-2023", "2024-02-03", "3/2/24", "00 - 01 - 2024"])("%s is not a day", (typed) => {
    expect(parseDayMonthYear(typed)).toBeNull();
  });
  it("the publication form refuses an impossible date with the spec's message", () => {
    const result = parseWithZod(
      form({
        article: "Artikel",
        publicationDate: "31 - 02 - 2024",
        email: "a@veldhaven-test.be",
        userMessage: "Graag weg",
      }),
      { schema: publicationSchema },
    );
    expect(errorsOf(result.reply()).publicationDate).toEqual(["validation.date"]);
  });
});

describe("page schemas", () => {
  it("access: the details toggle off sends no userInfo; on requires a name", () => {
    const off = parseWithZod(form({ email: "a@veldhaven-test.nl", "userInfo.firstName": "Lotte" }), {
      schema: accessSchema,
    });
    expect(off.status).toBe("success");
    expect(off.status === "success" && off.value.userInfo).toBeUndefined();
    const on = parseWithZod(form({ email: "a@veldhaven-test.nl", addDetails: "on", "userInfo.firstName": "Lotte" }), {
      schema: accessSchema,
    });
    expect(errorsOf(on.reply())["userInfo.lastName"]).toEqual(["validation.required"]);
  });

  it("rectification: message required, the brand's placeholder is no brand", () => {
    const empty = parseWithZod(form({ email: "", userMessage: "", brandName: "placeholder" }), {
      schema: rectificationSchema,
    });
    expect(errorsOf(empty.reply())).toMatchObject({
      email: ["validation.required"],
      userMessage: ["validation.required"],
    });
    const ok = parseWithZod(form({ email: "a@veldhaven-test.nl", userMessage: "Fout adres", brandName: "empty_val" }), {
      schema: rectificationSchema,
    });
    expect(ok.status === "success" && ok.value.brandName).toBeUndefined();
  });

  it("objection step 1: at least one brand of the country", () => {
    const schema = objectionBrandsSchema(["dagwijzer", "essenbode"]);
    expect(errorsOf(parseWithZod(form({}), { schema }).reply()).brands).toEqual(["validation.option"]);
    expect(errorsOf(parseWithZod(form({ brands: "dagpuls" }), { schema }).reply()).brands).toEqual([
      "validation.option",
    ]);
    expect(parseWithZod(form({ brands: ["dagwijzer", "essenbode"] }), { schema }).status).toBe("success");
  });

  it("objection step 2: each ticked channel needs its details, a lone '+' is empty, unticked ones send nothing", () => {
    const none = parseWithZod(form({}), { schema: communicationSchema });
    expect(errorsOf(none.reply()).communicationTypes).toEqual(["validation.option"]);
    const lonePlus = parseWithZod(form({ communicationTypes: "PHONE", phoneNumber: "+" }), {
      schema: communicationSchema,
    });
    expect(errorsOf(lonePlus.reply()).phoneNumber).toEqual(["validation.required"]);
    const badPhone = parseWithZod(form({ communicationTypes: "PHONE", phoneNumber: "+3161" }), {
      schema: communicationSchema,
    });
    expect(errorsOf(badPhone.reply()).phoneNumber).toEqual(["validation.phone"]);
    const postal = parseWithZod(
      form({ communicationTypes: "POSTAL", "userInfo.firstName": "Luc", "userInfo.address.street": "Kerkstraat" }),
      {
        schema: communicationSchema,
      },
    );
    expect(errorsOf(postal.reply())).toMatchObject({
      "userInfo.lastName": ["validation.address"],
      "userInfo.address.houseNumber": ["validation.address"],
    });
    const emailOnly = parseWithZod(
      form({ communicationTypes: "EMAIL", email: "Anna@Veldhaven-Test.nl", phoneNumber: "+31612345678" }),
      {
        schema: communicationSchema,
      },
    );
    expect(emailOnly.status === "success" && emailOnly.value).toEqual({
      communicationTypes: ["EMAIL"],
      email: "anna@veldhaven-test.nl",
      phoneNumber: undefined,
      userInfo: undefined,
    });
  });
});

describe("the JSON payload", () => {
  const paths = (payload: unknown) =>
    privacyRequestPayloadSchema
      .safeParse(payload)
      .error?.issues.map((issue) => `${issue.path.join(".")}:${issue.message}`) ?? [];

  it("keeps whole paths of nested errors", () => {
    expect(
      paths({
        flowType: "OBJECTION",
        brands: ["dagwijzer"],
        userInfo: { firstName: "Luc", address: { street: "Kerkstraat" } },
      }),
    ).toEqual(
      expect.arrayContaining([
        "userInfo.lastName:validation.address",
        "userInfo.address.houseNumber:validation.address",
      ]),
    );
  });

  it("requires by flow", () => {
    expect(paths({ flowType: "RIGHT_OF_ACCESS" })).toContain("email:validation.required");
    expect(paths({ flowType: "RECTIFICATION", email: "a@veldhaven-test.nl" })).toContain(
      "userMessage:validation.required",
    );
    expect(paths({ flowType: "REMOVAL_FROM_PUBLICATION", email: "a@veldhaven-test.nl", userMessage: "x" })).toEqual(
      expect.arrayContaining(["article:validation.required", "publicationDate:validation.required"]),
    );
    expect(paths({ flowType: "OBJECTION", brands: [] })).toEqual(
      expect.arrayContaining(["brands:validation.option", "communicationTypes:validation.option"]),
    );
    expect(paths({ flowType: "SOMETHING" })).toEqual(["flowType:validation.option"]);
  });

  it("an objection by e-mail alone is valid and normalised", () => {
    const result = privacyRequestPayloadSchema.parse({
      flowType: "OBJECTION",
      brands: ["a", "a"],
      email: "Anna@X.nl",
      phoneNumber: "+",
    });
    expect(result).toMatchObject({ flowType: "OBJECTION", brands: ["a"], email: "anna@x.nl", phoneNumber: undefined });
  });
});
