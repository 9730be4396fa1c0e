/**
 * The mails' texts live in locales/<locale>/mail.json. The same
 * rules as the pages' texts (translations.test.ts): nl_nl is complete, every
 * full locale has each of its keys, en_be holds only a few and falls back.
 * One difference: the teams' notices (`team.*`) go out in the team's Dutch
 * (nl_nl or nl_be, `teamMailTexts`), never in French, so fr_be has none.
 */
import fs from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { RIGHT_TYPES } from "~/domain/privacy-request";
import { FULL_LOCALES, textLanguageTag, type Locale } from "~/i18n/locale";
import { mailTranslationsByLocale } from "~/i18n/mail-texts.server";
import { flattenKeys, lookup } from "~/i18n/translations";
import * as backOfficeTemplates from "~/services/mail/back-office-templates.server";
import * as caseWorkTemplates from "~/services/mail/case-work-templates.server";
import * as complaintTemplates from "~/services/mail/complaint-templates.server";
import * as decisionTemplates from "~/services/mail/decision-templates.server";
import * as deliveryTemplates from "~/services/mail/delivery-templates.server";
import * as privacyTemplates from "~/services/mail/privacy-templates.server";
import * as questionTemplates from "~/services/mail/question-templates.server";
import * as systemTaskTemplates from "~/services/mail/system-task-templates.server";
import * as contactTemplates from "~/services/mail/templates.server";
import { COMPLAINT_REASONS } from "~/validation/complaint-reasons";

import { MAIL_CATALOGUE, MAIL_ORIGINS } from "../../tests/setup/mail-catalogue";
import { useTestConfig } from "../../tests/setup/unit-process";

const MAIL_DIR = path.resolve(import.meta.dirname, "../services/mail");
const PLURAL = /_(zero|one|two|few|many|other)$/;
const TEAM = "team.";

const keysOf = (locale: Locale) => flattenKeys(mailTranslationsByLocale[locale]);
const nlNl = new Set(keysOf("nl_nl"));
const variables = (text: string) => [...text.matchAll(/\{\{-?\s*(\w+)[^}]*\}\}/g)].map((match) => match[1]).sort();

/** The locales whose own texts must hold a key: the Dutch ones every key, fr_be all but the teams'. */
const fullLocalesFor = (key: string): Locale[] => (key.startsWith(TEAM) ? ["nl_nl", "nl_be"] : [...FULL_LOCALES]);

describe("mail text keys", () => {
  it.each(["nl_be", "fr_be"] as const)("every nl_nl key a mail in %s can need exists there", (locale) => {
    const keys = new Set(keysOf(locale));
    const needed = [...nlNl].filter((key) => fullLocalesFor(key).includes(locale));
    expect(needed.filter((key) => !keys.has(key))).toEqual([]);
    // and nothing a mail in it never reads (plural forms its language has and Dutch lacks aside)
    expect(
      keysOf(locale).filter((key) => !nlNl.has(key) && !(PLURAL.test(key) && nlNl.has(key.replace(PLURAL, "_other")))),
    ).toEqual([]);
  });

  it("fr_be has no team notices: they go out in Dutch", () => {
    expect(keysOf("fr_be").filter((key) => key.startsWith(TEAM))).toEqual([]);
  });

  it("en_be holds only keys that nl_nl has (it falls back to nl_be, then nl_nl)", () => {
    expect(keysOf("en_be").filter((key) => !nlNl.has(key))).toEqual([]);
  });

  it("no locale has an empty text", () => {
    for (const [locale, bundle] of Object.entries(mailTranslationsByLocale)) {
      expect(
        flattenKeys(bundle).filter((key) => lookup(bundle, key).trim() === ""),
        locale,
      ).toEqual([]);
    }
  });

  it("each translation takes the same values as the Dutch text", () => {
    const differing = FULL_LOCALES.flatMap((locale) => {
      const bundle = mailTranslationsByLocale[locale];
      return flattenKeys(bundle).flatMap((key) => {
        const dutchKey = nlNl.has(key) ? key : key.replace(PLURAL, "_other");
        const [own, dutch] = [
          variables(lookup(bundle, key)),
          variables(lookup(mailTranslationsByLocale.nl_nl, dutchKey)),
        ];
        return own.join() === dutch.join()
          ? []
          : [`${locale} ${key}: {${own.join(", ")}} where nl_nl has {${dutch.join(", ")}}`];
      });
    });
    expect(differing).toEqual([]);
  });

  it("a text with plural forms has every form its language uses", () => {
    const missing = FULL_LOCALES.flatMap((locale) => {
      const keys = new Set(keysOf(locale));
      const categories = new Intl.PluralRules(textLanguageTag(locale)).resolvedOptions().pluralCategories;
      const bases = new Set([...keys].filter((key) => PLURAL.test(key)).map((key) => key.replace(PLURAL, "")));
      return [...bases].flatMap((base) =>
        categories
          .filter((category) => !keys.has(`${base}_${category}`))
          .map((category) => `${locale} ${base}_${category}`),
      );
    });
    expect(missing).toEqual([]);
  });

  it("every key the templates name exists in nl_nl, as a text or with plural forms", () => {
    const used = fs
      .readdirSync(MAIL_DIR)
      .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
      .flatMap((file) =>
        [...fs.readFileSync(path.join(MAIL_DIR, file), "utf8").matchAll(/\btext\(\s*"([^"]+)"/g)].map(
          (match) => `${match[1]} (${file})`,
        ),
      );
    expect(used.length).toBeGreaterThan(40);
    expect(used.filter((entry) => !nlNl.has(entry.split(" ")[0]) && !nlNl.has(`${entry.split(" ")[0]}_other`))).toEqual(
      [],
    );
  });

  it("names every right and ad-report reason the templates look up", () => {
    const wanted = [
      ...RIGHT_TYPES.map((right) => `rights.${right}`),
      ...COMPLAINT_REASONS.map((reason) => `adReasons.${reason}`),
    ];
    expect(wanted.filter((key) => !nlNl.has(key))).toEqual([]);
  });
});

describe("every mail, rendered", () => {
  useTestConfig(MAIL_ORIGINS);

  it("the catalogue holds every template the app has", () => {
    const templates = [
      backOfficeTemplates,
      complaintTemplates,
      deliveryTemplates,
      privacyTemplates,
      questionTemplates,
      contactTemplates,
      systemTaskTemplates,
      caseWorkTemplates,
      decisionTemplates,
    ].flatMap((module) =>
      Object.entries(module)
        .filter(([name, value]) => typeof value === "function" && name !== "render")
        .map(([name]) => name),
    );
    expect(Object.keys(MAIL_CATALOGUE).sort()).toEqual(templates.sort());
  });

  // A key i18next did not find comes back as the key itself: a paragraph or line that is one
  // identifier ("signature", "noAnswerMail.newRequest"), or a section's name and a dot within a text ("rights.OBJECTIONS").
  const sections = [
    ...new Set(
      [...nlNl].flatMap((key) =>
        key
          .split(".")
          .slice(0, -1)
          .map((_, index, parts) => parts.slice(0, index + 1).join(".")),
      ),
    ),
  ];
  const inlineKey = new RegExp(
    `(?<![\\w@.-])(?:${sections.map((section) => section.replaceAll(".", "\\.")).join("|")})\\.\\w`,
  );
  const loneKey = /^[a-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$/;

  it("finds an unresolved key (sanity check of the markers)", () => {
    expect(sections).toEqual(
      expect.arrayContaining(["rights", "team", "team.digestMail", "verificationMail.reminder"]),
    );
    expect(inlineKey.test("Je hebt een aanvraag gedaan voor rights.OBJECTIONS (referentie X).")).toBe(true);
    expect(inlineKey.test("Mail privacy@veldhavenmedia.nl of het privacy team. Veldhaven Media")).toBe(false);
    expect(["signature", "noAnswerMail.newRequests"].every((line) => loneKey.test(line))).toBe(true);
  });

  it.each(Object.keys(MAIL_CATALOGUE))("%s leaves nothing uninterpolated and no key unresolved", (template) => {
    const problems = MAIL_CATALOGUE[template]()
      .filter((mail) => !mail.hostile)
      .flatMap(({ name, message }) =>
        (["subject", "text", "html"] as const).flatMap((part) => {
          const content = message[part];
          const leftovers = ["{{", "}}", "$t(", "undefined", "null", "NaN", "Invalid Date"].filter((marker) =>
            content.includes(marker),
          );
          const inline = inlineKey.exec(content);
          const rawKeys = [
            ...(inline ? [content.slice(inline.index, inline.index + 40)] : []),
            ...content.split(/\n|<\/?p>/).filter((line) => loneKey.test(line.trim())),
          ];
          return [...leftovers, ...rawKeys].map((problem) => `${name} ${part}: ${problem}`);
        }),
      );
    expect(problems).toEqual([]);
  });
});
