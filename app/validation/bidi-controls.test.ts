/**
 * Unicode's bidirectional controls (Bidi_Control) are
 * refused in every single-line field, pages and JSON calls alike, with the
 * control-character message; multi-line messages keep them, and
 * right-to-left names need none of them.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";

import { complaintPayloadSchema, complaintSchema } from "~/validation/complaint";
import { contactSchema } from "~/validation/contact";
import { privacyRequestPayloadSchema } from "~/validation/privacy-request-payload";
import { accessSchema } from "~/validation/rights/access";
import { communicationSchema, internalObjectionSchema } from "~/validation/rights/direct-marketing";
import { publicationSchema } from "~/validation/rights/publication";
import { rectificationSchema } from "~/validation/rights/rectification";
import { optionalText, requiredText } from "~/validation/rules";
import { staffLoginSchema } from "~/validation/staff";

/** Unicode's Bidi_Control set, as code points so this file holds none of them. */
const BIDI_CONTROLS = [
  0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069,
].map((code) => String.fromCodePoint(code));
const RLO = "\u202E";
const CONTROL = "validation.controlCharacters";

const form = (entries: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) for (const one of [value].flat()) data.append(name, one);
  return data;
};
const errorsOf = (result: { error?: Record<string, string[] | null> | null }) => result.error ?? {};
const messages = (result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  result.error?.issues.map((issue) => `${issue.path.join(".")}:${issue.message}`) ?? [];

describe("the rule", () => {
  it("the list is exactly Unicode's Bidi_Control property", () => {
    const found: string[] = [];
    for (let code = 0; code <= 0x10ffff; code += 1)
      if (/\p{Bidi_Control}/u.test(String.fromCodePoint(code))) found.push(String.fromCodePoint(code));
    expect(found).toEqual(BIDI_CONTROLS);
  });

  it.each(BIDI_CONTROLS.map((char) => [`U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`, char]))(
    "a single line refuses %s, a multi-line text keeps it",
    (_, char) => {
      const text = `Lotte${char}gpj.exe`;
      expect(
        requiredText(100)
          .safeParse(text)
          .error?.issues.map((issue) => issue.message),
      ).toEqual([CONTROL]);
      expect(
        optionalText(100)
          .safeParse(text)
          .error?.issues.map((issue) => issue.message),
      ).toEqual([CONTROL]);
      expect(requiredText(100, { multiline: true }).safeParse(text).success).toBe(true);
      expect(optionalText(100, { multiline: true }).safeParse(text).success).toBe(true);
    },
  );

  it("right-to-left names need no control and pass", () => {
    for (const name of ["محمد العلي", "שרה לוי", "Lotte بن علي"])
      expect(requiredText(100).safeParse(name).success, name).toBe(true);
  });
});

describe("forms", () => {
  it("contact: the name (it goes into the mail's subject) is refused, the question keeps a mark", () => {
    const result = contactSchema.safeParse({
      name: `Jan${RLO}Jansen`,
      email: "jan@veldhaven-test.nl",
      question: `Vraag over \u200Fשלום\u200F, dank`,
    });
    expect(messages(result)).toEqual([`name:${CONTROL}`]);
  });

  it("complaint, page and JSON call: the name is refused, the explanation kept", () => {
    const complaint = {
      reason: "ALCOHOL_DRUGS_SEX",
      name: `Lotte${RLO}`,
      email: "l@veldhaven-test.nl",
      explanation: `Zie \u2067مرحبا\u2069`,
    };
    expect(messages(complaintSchema.safeParse(complaint))).toEqual([`name:${CONTROL}`]);
    expect(messages(complaintPayloadSchema.safeParse({ ...complaint, campaignId: "NL-2026-0001" }))).toEqual([
      `name:${CONTROL}`,
    ]);
  });

  it("privacy pages: names, address, article, brand name and link are refused", () => {
    const access = parseWithZod(
      form({
        email: "a@veldhaven-test.nl",
        addDetails: "on",
        "userInfo.firstName": `Lot${RLO}te`,
        "userInfo.lastName": "de Vries\u200E",
      }),
      {
        schema: accessSchema,
      },
    );
    expect(errorsOf(access.reply())).toMatchObject({ "userInfo.firstName": [CONTROL], "userInfo.lastName": [CONTROL] });
    const rectification = parseWithZod(
      form({ email: "a@veldhaven-test.nl", userMessage: `Oud \u202Badres\u202C`, brandName: `Dag${RLO}wijzer` }),
      {
        schema: rectificationSchema,
      },
    );
    expect(errorsOf(rectification.reply())).toEqual({ brandName: [CONTROL] });
    const publication = parseWithZod(
      form({
        brandName: "\u2066Essenbode",
        article: `Artikel${RLO}`,
        publicationDate: "03 - 02 - 2024",
        publicationLink: `https://essenbode.example/${RLO}artikel`,
        email: "a@veldhaven-test.be",
        userMessage: "Graag weg",
      }),
      { schema: publicationSchema },
    );
    expect(errorsOf(publication.reply())).toEqual({
      brandName: [CONTROL],
      article: [CONTROL],
      publicationLink: [CONTROL],
    });
  });

  it("e-mail and phone accept no control either (their own message)", () => {
    const objection = parseWithZod(
      form({
        communicationTypes: ["PHONE", "EMAIL"],
        phoneNumber: "+31612345678\u200E",
        email: `anna${RLO}@veldhaven-test.nl`,
      }),
      {
        schema: communicationSchema,
      },
    );
    expect(errorsOf(objection.reply())).toEqual({ phoneNumber: ["validation.phone"], email: ["validation.email"] });
  });

  it("staff forms: the sign-in address and the unsubscribe form's names", () => {
    expect(messages(staffLoginSchema.safeParse({ email: `anna${RLO}@veldhaven-test.nl`, password: "x" }))).toEqual([
      "email:validation.email",
    ]);
    const unsubscribe = parseWithZod(
      form({
        brands: "dagwijzer",
        communicationTypes: "POSTAL",
        "userInfo.firstName": `Luc${RLO}`,
        "userInfo.lastName": "Peeters",
        "userInfo.address.street": "Kerkstraat\u2068",
        "userInfo.address.houseNumber": "1",
        "userInfo.address.postalCode": "1000",
        "userInfo.address.city": "Brussel",
      }),
      { schema: internalObjectionSchema(["dagwijzer"]) },
    );
    expect(errorsOf(unsubscribe.reply())).toMatchObject({
      "userInfo.firstName": [CONTROL],
      "userInfo.address.street": [CONTROL],
    });
  });
});

describe("the privacy request's JSON call", () => {
  const paths = (payload: unknown) => messages(privacyRequestPayloadSchema.safeParse(payload));

  it("refuses the controls in every single-line field, keeps them in the message", () => {
    expect(
      paths({
        flowType: "REMOVAL_FROM_PUBLICATION",
        email: "a@veldhaven-test.be",
        userMessage: "Graag weg \u200F",
        brandName: `Essen${RLO}bode`,
        article: `Artikel\u061C`,
        publicationDate: "03 - 02 - 2024",
        publicationLink: `https://essenbode.example/${RLO}`,
        touchpoint: `web${RLO}`,
      }),
    ).toEqual([`touchpoint:${CONTROL}`, `brandName:${CONTROL}`, `article:${CONTROL}`, `publicationLink:${CONTROL}`]);
    expect(
      paths({
        flowType: "RIGHT_OF_ACCESS",
        email: "a@veldhaven-test.nl",
        userInfo: { firstName: `Lot${RLO}te`, lastName: "de Vries" },
      }),
    ).toEqual([`userInfo.firstName:${CONTROL}`]);
    expect(paths({ flowType: "RIGHT_OF_ACCESS", email: `a${RLO}@veldhaven-test.nl` })).toEqual([
      "email:validation.email",
    ]);
    expect(paths({ flowType: "OBJECTION", brands: ["dagwijzer"], phoneNumber: "+31612345678\u202A" })).toEqual([
      "phoneNumber:validation.phone",
    ]);
    expect(
      paths({
        flowType: "OBJECTION",
        brands: ["dagwijzer"],
        userInfo: {
          firstName: "Luc",
          lastName: "Peeters",
          address: { street: "Kerkstraat", houseNumber: "1", postalCode: "1000", city: `Brussel${RLO}` },
        },
      }),
    ).toEqual([`userInfo.address.city:${CONTROL}`]);
  });
});
