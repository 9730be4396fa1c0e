/**
 * Mails about a report on a political ad: the acknowledgement to the person
 * who reported it (Art. 15: the publisher acknowledges and says what
 * happens next), and the notification to the country's compliance team.
 */
import { GROUP_NAME } from "~/content/company";
import { countryCode, type Country } from "~/domain/country";
import type { Locale } from "~/i18n/locale";
import { mailTexts, teamMailTexts } from "~/i18n/mail-texts.server";

import type { MailMessage } from "./outbox.server";
import { render } from "./privacy-templates.server";

export function complaintAcknowledgement(input: {
  to: string;
  locale: Locale;
  reference: string;
  campaignId: string;
  reason: string;
}): MailMessage {
  const { text, language } = mailTexts(input.locale);
  const { reference, campaignId } = input;
  return {
    kind: "ad-complaint-acknowledgement",
    to: input.to,
    subject: text("complaintAcknowledgement.subject", { reference }),
    ...render(language, [
      text("complaintAcknowledgement.received", { campaignId, reason: text(`adReasons.${input.reason}`), reference }),
      text("complaintAcknowledgement.next"),
      GROUP_NAME,
    ]),
  };
}

/** The reporter's details are in the register of complaints, not in this mail. */
export function complaintNotification(input: {
  to: string;
  country: Country;
  reference: string;
  campaignId: string;
  reason: string;
}): MailMessage {
  const { text, language } = teamMailTexts(input.country);
  const { reference, campaignId } = input;
  const body = render(language, [
    text("team.complaintNotification.received", {
      reference,
      campaignId,
      country: countryCode(input.country),
      reason: text(`adReasons.${input.reason}`),
    }),
    text("team.complaintNotification.assess"),
  ]);
  return {
    kind: "ad-complaint-notification",
    to: input.to,
    subject: text("team.complaintNotification.subject", { campaignId, reference }),
    ...body,
  };
}
