/**
 * Mails about what an officer decided on a right that is not simply
 * carried out: a restriction about to be lifted (Art. 18(3): the person hears
 * it, and why, before it is), and an objection to processing (Art. 21(1))
 * upheld (the processing stops) or refused (the compelling grounds, and the
 * supervisory authority of their country and the courts: Art. 12(4)).
 */
import { COMPANY, dataProtectionAuthority, GROUP_NAME } from "~/content/company";
import type { Country, Locale } from "~/i18n/locale";
import { mailTexts } from "~/i18n/mail-texts.server";

import type { MailMessage } from "./outbox.server";
import { render } from "./privacy-templates.server";
import { statusLine } from "./status-line.server";

type About = { to: string; locale: Locale; country: Country; reference: string };

export function restrictionLiftMail(input: About & { restrictedAt: string; reason: string }): MailMessage {
  const texts = mailTexts(input.locale);
  const { text } = texts;
  const { reference } = input;
  return {
    kind: "privacy-restriction-lift",
    to: input.to,
    subject: text("restrictionLiftMail.subject", { reference }),
    ...render(texts.language, [
      text("restrictionLiftMail.restricted", { reference, since: texts.date(input.restrictedAt) }),
      text("restrictionLiftMail.lifting"),
      text("restrictionLiftMail.why", { reason: input.reason }),
      text("restrictionLiftMail.disagree", { email: COMPANY[input.country].privacyEmail }),
      statusLine(texts, input.country),
      text("signature", { group: GROUP_NAME, email: COMPANY[input.country].privacyEmail }),
    ]),
  };
}

/** The purposes the person objected to, as their form kept them (a purpose of their own in their words). */
export type ObjectedPurposes = { purposes: string[]; otherPurpose?: string };

export function objectionUpheldMail(input: About & ObjectedPurposes & { note?: string }): MailMessage {
  const texts = mailTexts(input.locale);
  const { text } = texts;
  const { reference } = input;
  const purposes = new Intl.ListFormat(texts.language, { type: "conjunction" }).format(
    input.purposes.map((purpose) =>
      purpose === "OTHER" && input.otherPurpose
        ? input.otherPurpose
        : text(`objectionDecisionMail.purposes.${purpose}`),
    ),
  );
  return {
    kind: "privacy-objection-decision",
    to: input.to,
    subject: text("objectionDecisionMail.upheld.subject", { reference }),
    ...render(texts.language, [
      text("objectionDecisionMail.upheld.stops", { reference, purposes }),
      ...(input.note ? [text("objectionDecisionMail.upheld.note", { note: input.note })] : []),
      text("objectionDecisionMail.upheld.systems"),
      statusLine(texts, input.country),
      text("signature", { group: GROUP_NAME, email: COMPANY[input.country].privacyEmail }),
    ]),
  };
}

export function objectionRefusedMail(input: About & { grounds: string }): MailMessage {
  const texts = mailTexts(input.locale);
  const { text } = texts;
  const { reference } = input;
  const authority = dataProtectionAuthority(input.country, texts.language);
  return {
    kind: "privacy-objection-decision",
    to: input.to,
    subject: text("objectionDecisionMail.refused.subject", { reference }),
    ...render(texts.language, [
      text("objectionDecisionMail.refused.continues", { reference }),
      text("objectionDecisionMail.refused.grounds", { grounds: input.grounds }),
      text("objectionDecisionMail.refused.complain", { authority: authority.name, website: authority.website }),
      text("objectionDecisionMail.refused.court"),
      statusLine(texts, input.country),
      text("signature", { group: GROUP_NAME, email: COMPANY[input.country].privacyEmail }),
    ]),
  };
}
