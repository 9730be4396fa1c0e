/**
 * Mails that carry a link to a request's pages: the delivered
 * answer, and the status page. Nothing of the answer or the request's state
 * travels by mail; the pages show it to whoever holds the link.
 */
import { COMPANY, GROUP_NAME } from "~/content/company";
import type { Country, Locale } from "~/i18n/locale";
import { mailTexts } from "~/i18n/mail-texts.server";

import type { MailMessage } from "./outbox.server";
import { render } from "./privacy-templates.server";
import { statusLine } from "./status-line.server";

export function answerMail(input: {
  to: string;
  locale: Locale;
  country: Country;
  reference: string;
  link: string;
  expiresAt: string;
  fileCount: number;
  /** A portability package: how many systems' JSON files the zip holds (the mail says what is in it). */
  packageFiles?: number;
}): MailMessage {
  const texts = mailTexts(input.locale);
  const { text } = texts;
  const { reference } = input;
  const files =
    input.packageFiles === undefined
      ? text("answerMail.files", { count: input.fileCount })
      : text("answerMail.package", { count: input.packageFiles });
  const paragraphs = [
    text("answerMail.handled", { reference, files }),
    text("answerMail.validity", { until: texts.dateTime(input.expiresAt) }),
    text("answerMail.doNotForward"),
    statusLine(texts, input.country),
    text("signature", { group: GROUP_NAME, email: COMPANY[input.country].privacyEmail }),
  ];
  return {
    kind: "privacy-answer",
    to: input.to,
    subject: text("answerMail.subject", { reference }),
    ...render(texts.language, paragraphs, { href: input.link, label: text("answerMail.link") }),
  };
}

/** The link to a request's status page, asked for on the site with the reference and this address. */
export function statusLinkMail(input: {
  to: string;
  locale: Locale;
  country: Country;
  reference: string;
  link: string;
  expiresAt: string;
}): MailMessage {
  const texts = mailTexts(input.locale);
  const { text } = texts;
  const { reference } = input;
  const paragraphs = [
    text("statusLinkMail.asked", { reference }),
    text("statusLinkMail.validity", { until: texts.dateTime(input.expiresAt) }),
    text("statusLinkMail.notYou"),
    text("signature", { group: GROUP_NAME, email: COMPANY[input.country].privacyEmail }),
  ];
  return {
    kind: "privacy-status-link",
    to: input.to,
    subject: text("statusLinkMail.subject", { reference }),
    ...render(texts.language, paragraphs, { href: input.link, label: text("statusLinkMail.link") }),
  };
}
