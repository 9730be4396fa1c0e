/**
 * The mail to the contact of a system without an API. It names the
 * request's reference, the right and the system, never the person: who it
 * is and what to do is on the page behind the single-use link.
 */
import { COMPANY, GROUP_NAME } from "~/content/company";
import type { RightType, SystemAction } from "~/domain/rights";
import type { Country, Locale } from "~/i18n/locale";
import { mailTexts } from "~/i18n/mail-texts.server";

import type { MailMessage } from "./outbox.server";
import { render } from "./privacy-templates.server";

export function systemTaskMail(input: {
  to: string;
  locale: Locale;
  country: Country;
  reference: string;
  rightType: RightType;
  action: SystemAction;
  system: string;
  dueAt: string | null;
  link: string;
  linkExpiresAt: string;
}): MailMessage {
  const texts = mailTexts(input.locale);
  const { text } = texts;
  const { reference, system } = input;
  const paragraphs = [
    text("systemTaskMail.asked", {
      group: GROUP_NAME,
      right: text(`systemTaskMail.rights.${input.rightType}`),
      reference,
      system,
    }),
    text("systemTaskMail.action", { system, action: text(`systemTaskMail.actions.${input.action}`) }),
    input.dueAt ? text("systemTaskMail.due", { due: texts.dateTime(input.dueAt) }) : text("systemTaskMail.atOnce"),
    text("systemTaskMail.page", { until: texts.dateTime(input.linkExpiresAt) }),
    text("signature", { group: GROUP_NAME, email: COMPANY[input.country].privacyEmail }),
  ];
  const body = render(texts.language, paragraphs, { href: input.link, label: text("systemTaskMail.link") }, 4);
  return { kind: "system-task", to: input.to, subject: text("systemTaskMail.subject", { reference, system }), ...body };
}
