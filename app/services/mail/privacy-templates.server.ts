/**
 * Mails of the privacy-rights flow, in the request's language (the texts of
 * its locale, locales/<locale>/mail.json): the verification link, the
 * confirmation after verification, and the privacy team's notification.
 */
import { COMPANY, GROUP_NAME } from "~/content/company";
import { countryCode } from "~/domain/country";
import { rightOf, type RightType } from "~/domain/rights";
import type { Country, Language, Locale } from "~/i18n/locale";
import { mailTexts, teamMailTexts } from "~/i18n/mail-texts.server";
import { escapeHtml } from "~/utils/escape-html";

import type { MailMessage } from "./outbox.server";
import { statusLine } from "./status-line.server";

/**
 * A mail's two parts from its paragraphs: plain text, and HTML with every
 * paragraph escaped whole (the texts and the values in them alike). The link,
 * if any, follows the first `linkAfter` paragraphs.
 */
export function render(
  language: Language,
  paragraphs: string[],
  link?: { href: string; label: string },
  linkAfter = 2,
): { text: string; html: string } {
  const [above, below] = [paragraphs.slice(0, linkAfter), paragraphs.slice(linkAfter)];
  const text = [...above, ...(link ? [`${link.label}: ${link.href}`] : []), ...below].join("\n\n");
  const asHtml = (part: string[]) => part.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("");
  const html =
    `<!doctype html><html lang="${language}"><body style="font-family:Arial,sans-serif;color:#1b1f24">` +
    asHtml(above) +
    (link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : "") +
    asHtml(below) +
    `</body></html>`;
  return { text, html };
}

/** What a reminder and a new link are called in the texts. */
const OCCASION_KEYS = { reminder: "reminder", "new-link": "newLink" } as const;

export function verificationMail(input: {
  to: string;
  locale: Locale;
  country: Country;
  rightType: RightType;
  reference: string;
  link: string;
  expiresAt: string;
  /** The one reminder halfway through the link's life, or a new link asked for on the expired page. */
  occasion?: "reminder" | "new-link";
}): MailMessage {
  const texts = mailTexts(input.locale);
  const { text } = texts;
  const { reference } = input;
  // A reminder and a new link say first why they come; the rest is the first mail's.
  const occasion = input.occasion ? `verificationMail.${OCCASION_KEYS[input.occasion]}` : null;
  const paragraphs = [
    ...(occasion ? [text(`${occasion}.lead`)] : []),
    text("verificationMail.request", { group: GROUP_NAME, right: text(`rights.${input.rightType}`), reference }),
    text("verificationMail.confirm", { until: texts.dateTime(input.expiresAt) }),
    text("verificationMail.notYou"),
    statusLine(texts, input.country),
    text("signature", { group: GROUP_NAME, email: COMPANY[input.country].privacyEmail }),
  ];
  return {
    kind: "privacy-verification",
    to: input.to,
    subject: text(occasion ? `${occasion}.subject` : "verificationMail.subject", { reference }),
    ...render(texts.language, paragraphs, { href: input.link, label: text("verificationMail.link") }, occasion ? 3 : 2),
  };
}

export function confirmationMail(input: {
  to: string;
  locale: Locale;
  country: Country;
  rightType: RightType;
  reference: string;
  dueAt: string | null;
}): MailMessage {
  const texts = mailTexts(input.locale);
  const { text } = texts;
  const { reference } = input;
  const promise = rightOf(input.rightType).completesOnVerification
    ? text("confirmationMail.unsubscribed")
    : text("confirmationMail.answerBy", { date: texts.date(input.dueAt!) });
  return {
    kind: "privacy-confirmation",
    to: input.to,
    subject: text("confirmationMail.subject", { reference }),
    ...render(texts.language, [
      text("confirmationMail.confirmed", { right: text(`rights.${input.rightType}`), reference }),
      promise,
      statusLine(texts, input.country),
      text("confirmationMail.questions", { email: COMPANY[input.country].privacyEmail }),
    ]),
  };
}

/** To the privacy team: the reference and what to do; the details are in the back office. */
export function privacyTeamNotification(input: {
  to: string;
  country: Country;
  rightType: RightType;
  reference: string;
  dueAt: string | null;
  executed: boolean;
}): MailMessage {
  const texts = teamMailTexts(input.country);
  const { text } = texts;
  const { reference } = input;
  const right = text(`rights.${input.rightType}`);
  const status = input.executed
    ? text("team.privacyTeamNotification.executed")
    : text("team.privacyTeamNotification.handleBy", { date: texts.date(input.dueAt!) });
  return {
    kind: "privacy-team-notification",
    to: input.to,
    subject: text("team.privacyTeamNotification.subject", { reference, right }),
    ...render(texts.language, [
      text("team.privacyTeamNotification.confirmed", { reference, right, country: countryCode(input.country) }),
      status,
    ]),
  };
}
