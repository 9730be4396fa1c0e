/**
 * Mails about a report on a political ad: the acknowledgement to the person
 * who reported it (Art. 15: the publisher acknowledges and says what
 * happens next), and the notification to the country's compliance team.
 */
import { countryCode, type Country } from "~/domain/country";
import { GROUP_NAME } from "~/content/company";
import type { Locale } from "~/i18n/locale";
import type { MailMessage } from "./outbox.server";
import { languageOf, render } from "./privacy-templates.server";

const REASONS: Record<"nl" | "fr", Record<string, string>> = {
  nl: {
    MISLEADING: "misleidend",
    INCORRECT: "onjuist of onvolledig gelabeld",
    DISCRIMINATORY: "discriminerend",
    ALCOHOL_DRUGS_SEX: "alcohol, drugs of seks",
  },
  fr: {
    MISLEADING: "trompeuse",
    INCORRECT: "étiquetage incorrect ou incomplet",
    DISCRIMINATORY: "discriminatoire",
    ALCOHOL_DRUGS_SEX: "alcool, drogues ou sexe",
  },
};

export function complaintAcknowledgement(input: { to: string; locale: Locale; reference: string; campaignId: string; reason: string }): MailMessage {
  const language = languageOf(input.locale);
  const reason = REASONS[language][input.reason];
  const body =
    language === "fr"
      ? render(language, [
          `Nous avons bien reçu votre signalement concernant la publicité politique ${input.campaignId} (motif : ${reason}). Votre référence : ${input.reference}.`,
          `Notre équipe conformité l'examine au regard du règlement européen 2024/900. Nous vous informerons de la suite donnée, en règle générale dans un délai de deux semaines.`,
          `${GROUP_NAME}`,
        ])
      : render(language, [
          `We hebben je melding over politieke advertentie ${input.campaignId} ontvangen (reden: ${reason}). Je referentie: ${input.reference}.`,
          `Ons complianceteam beoordeelt de advertentie aan de hand van de Europese verordening 2024/900. We laten je weten wat we met je melding hebben gedaan, meestal binnen twee weken.`,
          `${GROUP_NAME}`,
        ]);
  return {
    kind: "ad-complaint-acknowledgement",
    to: input.to,
    subject: language === "fr" ? `Signalement reçu (${input.reference})` : `Melding ontvangen (${input.reference})`,
    ...body,
  };
}

/** The reporter's details are in the register of complaints, not in this mail. */
export function complaintNotification(input: { to: string; country: Country; reference: string; campaignId: string; reason: string }): MailMessage {
  const body = render("nl", [
    `Nieuwe melding ${input.reference} over politieke advertentie ${input.campaignId} (${countryCode(input.country)}), reden: ${REASONS.nl[input.reason]}.`,
    "Beoordeel de advertentie en laat de melder weten wat ermee gebeurt (Verordening (EU) 2024/900, art. 15).",
  ]);
  return { kind: "ad-complaint-notification", to: input.to, subject: `Melding politieke advertentie ${input.campaignId} (${input.reference})`, ...body };
}
