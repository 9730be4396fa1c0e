/**
 * Mails about a request that is not simply carried out: an
 * officer's question (with the link to answer it), a request closed as a
 * duplicate (with the reference that is handled), and a request closed
 * because the question went unanswered (with the reason).
 */
import { COMPANY, GROUP_NAME } from "~/content/company";
import type { Country, Locale } from "~/i18n/locale";
import { mailTexts } from "~/i18n/mail-texts.server";

import type { MailMessage } from "./outbox.server";
import { render } from "./privacy-templates.server";
import { statusLine } from "./status-line.server";

type About = { to: string; locale: Locale; country: Country; reference: string };

/** The question itself is not in the mail: the page behind the link shows it. */
export function questionMail(input: About & { link: string; question: string; closableAt: string }): MailMessage {
  const texts = mailTexts(input.locale);
  const { text } = texts;
  const { reference } = input;
  const paragraphs = [
    text("questionMail.needMore", { reference }),
    text("questionMail.clockStopped", { until: texts.dateTime(input.closableAt) }),
    statusLine(texts, input.country),
    text("signature", { group: GROUP_NAME, email: COMPANY[input.country].privacyEmail }),
  ];
  const body = render(texts.language, paragraphs, { href: input.link, label: text("questionMail.link") });
  return { kind: "privacy-question", to: input.to, subject: text("questionMail.subject", { reference }), ...body };
}

export function duplicateMail(input: About & { handledAs: string }): MailMessage {
  const texts = mailTexts(input.locale);
  const { text } = texts;
  const { reference, handledAs } = input;
  const body = render(texts.language, [
    text("duplicateMail.same", { reference, handledAs }),
    text("duplicateMail.answerUnder", { handledAs }),
    statusLine(texts, input.country),
    text("duplicateMail.questions", { email: COMPANY[input.country].privacyEmail, group: GROUP_NAME }),
  ]);
  return { kind: "privacy-closed", to: input.to, subject: text("duplicateMail.subject", { reference }), ...body };
}

export function noAnswerMail(input: About & { reason: string }): MailMessage {
  const texts = mailTexts(input.locale);
  const { text } = texts;
  const { reference } = input;
  const body = render(texts.language, [
    text("noAnswerMail.closed", { reference }),
    text("noAnswerMail.why", { reason: input.reason }),
    text("noAnswerMail.newRequest"),
    statusLine(texts, input.country),
    text("noAnswerMail.questions", { email: COMPANY[input.country].privacyEmail, group: GROUP_NAME }),
  ]);
  return { kind: "privacy-closed", to: input.to, subject: text("noAnswerMail.subject", { reference }), ...body };
}
