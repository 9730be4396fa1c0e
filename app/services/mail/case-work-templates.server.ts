/**
 * Mails to a request's owner, in Dutch like the team's other
 * notices. They name the case by its reference and link the back office;
 * they never carry what the person asked or the team's notes.
 */
import { countryCode, type Country } from "~/domain/country";
import { teamMailTexts } from "~/i18n/mail-texts.server";

import type { MailMessage } from "./outbox.server";
import { render } from "./privacy-templates.server";

type CaseLine = {
  to: string;
  country: Country;
  kind: "request" | "complaint";
  reference: string;
  dueAt: string | null;
  link: string;
};

export function assignedMail(input: CaseLine & { by: string }): MailMessage {
  const texts = teamMailTexts(input.country);
  const { text } = texts;
  const what = text(`team.caseKinds.${input.kind}`);
  return {
    kind: "case-assigned",
    to: input.to,
    subject: text("team.assignedMail.subject", {
      what,
      reference: input.reference,
      country: countryCode(input.country),
    }),
    ...render(
      texts.language,
      [
        text("team.assignedMail.assigned", { what, reference: input.reference, by: input.by }),
        input.dueAt ? text("team.assignedMail.due", { date: texts.date(input.dueAt) }) : "",
        text("team.assignedMail.link", { link: input.link }),
      ].filter(Boolean),
    ),
  };
}

export function ownerReminderMail(input: CaseLine & { dueAt: string }): MailMessage {
  const texts = teamMailTexts(input.country);
  const { text } = texts;
  return {
    kind: "case-owner-reminder",
    to: input.to,
    subject: text("team.ownerReminderMail.subject", { reference: input.reference, date: texts.date(input.dueAt) }),
    ...render(texts.language, [
      text("team.ownerReminderMail.due", { reference: input.reference, date: texts.date(input.dueAt) }),
      text("team.assignedMail.link", { link: input.link }),
    ]),
  };
}
