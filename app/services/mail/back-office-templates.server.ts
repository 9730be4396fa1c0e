/**
 * Mails the back office sends: a deadline extended (GDPR Art.
 * 12(3): the data subject hears why), a request rejected (with the reason
 * and the right to complain), the outcome of an ad report (EU Regulation
 * 2024/900 Art. 15), and the privacy team's daily digest.
 */
import { COMPANY, dataProtectionAuthority, GROUP_NAME } from "~/content/company";
import { countryCode } from "~/domain/country";
import type { Country, Locale } from "~/i18n/locale";
import { mailTexts, teamMailTexts } from "~/i18n/mail-texts.server";

import type { MailMessage } from "./outbox.server";
import { render } from "./privacy-templates.server";
import { statusLine } from "./status-line.server";

export function extensionMail(input: {
  to: string;
  locale: Locale;
  country: Country;
  reference: string;
  dueAt: string;
  reason: string;
}): MailMessage {
  const texts = mailTexts(input.locale);
  const { text } = texts;
  const { reference } = input;
  return {
    kind: "privacy-extension",
    to: input.to,
    subject: text("extensionMail.subject", { reference }),
    ...render(texts.language, [
      text("extensionMail.moreTime", { reference, date: texts.date(input.dueAt) }),
      text("extensionMail.why", { reason: input.reason }),
      statusLine(texts, input.country),
      text("extensionMail.questions", { email: COMPANY[input.country].privacyEmail, group: GROUP_NAME }),
    ]),
  };
}

export function rejectionMail(input: {
  to: string;
  locale: Locale;
  country: Country;
  reference: string;
  reason: string;
}): MailMessage {
  const texts = mailTexts(input.locale);
  const { text } = texts;
  const { reference } = input;
  return {
    kind: "privacy-rejection",
    to: input.to,
    subject: text("rejectionMail.subject", { reference }),
    ...render(texts.language, [
      text("rejectionMail.cannot", { reference }),
      text("rejectionMail.why", { reason: input.reason }),
      statusLine(texts, input.country),
      // The supervisory authority a data subject may complain to is the country's.
      text("rejectionMail.complain", {
        authority: dataProtectionAuthority(input.country, texts.language).name,
        group: GROUP_NAME,
      }),
    ]),
  };
}

export function complaintOutcomeMail(input: {
  to: string;
  locale: Locale;
  reference: string;
  campaignId: string;
  outcome: string;
}): MailMessage {
  const { text, language } = mailTexts(input.locale);
  const { reference } = input;
  return {
    kind: "ad-complaint-outcome",
    to: input.to,
    subject: text("complaintOutcomeMail.subject", { reference }),
    ...render(language, [
      text("complaintOutcomeMail.reviewed", { reference, campaignId: input.campaignId }),
      text("complaintOutcomeMail.done", { outcome: input.outcome }),
      text("complaintOutcomeMail.thanks", { group: GROUP_NAME }),
    ]),
  };
}

export type DigestLine = { reference: string; rightType: string; dueAt: string; state: string };

/** To the privacy team, in Dutch like its other notices: what is due within a week, and what is overdue. */
/** A system that has not answered although its request is due within 5 days. */
export type OverdueTaskLine = { reference: string; system: string; dueAt: string };

export function digestMail(input: {
  to: string;
  country: Country;
  dueSoon: DigestLine[];
  overdue: DigestLine[];
  waiting: number;
  link: string;
  overdueTasks?: OverdueTaskLine[];
}): MailMessage {
  const texts = teamMailTexts(input.country);
  const { text } = texts;
  const counts = { country: countryCode(input.country), overdue: input.overdue.length, dueSoon: input.dueSoon.length };
  const line = ({ reference, rightType, state, dueAt }: DigestLine) =>
    `- ${text("team.digestMail.line", { reference, rightType, state, date: texts.date(dueAt) })}`;
  const section = (heading: string, lines: DigestLine[]) =>
    lines.length ? `${heading}\n${lines.map(line).join("\n")}` : "";
  const body = render(texts.language, [
    // Waiting for the person, their clock stands still, so they are neither late nor due.
    text("team.digestMail.summary", { ...counts, waiting: input.waiting }),
    [
      section(text("team.digestMail.overdue"), input.overdue),
      section(text("team.digestMail.dueSoon"), input.dueSoon),
      input.overdueTasks?.length
        ? `${text("team.digestMail.tasks")}\n${input.overdueTasks.map(({ reference, system, dueAt }) => `- ${text("team.digestMail.taskLine", { reference, system, date: texts.date(dueAt) })}`).join("\n")}`
        : "",
    ]
      .filter(Boolean)
      .join("\n\n"),
    text("team.digestMail.link", { link: input.link }),
  ]);
  return {
    kind: "privacy-digest",
    to: input.to,
    subject: text("team.digestMail.subject", counts),
    ...body,
  };
}
