/**
 * Mails the back office sends (issue 13): a deadline extended (GDPR Art.
 * 12(3): the data subject hears why), a request rejected (with the reason
 * and the right to complain), the outcome of an ad report (EU Regulation
 * 2024/900 Art. 15), and the privacy team's daily digest.
 */
import { countryCode } from "~/domain/country";
import { COMPANY, GROUP_NAME } from "~/content/company";
import type { Country, Locale } from "~/i18n/locale";
import type { MailMessage } from "./outbox.server";
import { statusLine } from "./status-line.server";
import { languageOf, render } from "./privacy-templates.server";

const day = (iso: string, language: "nl" | "fr") =>
  new Intl.DateTimeFormat(language === "fr" ? "fr-BE" : "nl-NL", { dateStyle: "long", timeZone: "Europe/Brussels" }).format(new Date(iso));

/** The supervisory authority a data subject may complain to. */
const AUTHORITY: Record<Country, { nl: string; fr: string }> = {
  nl: { nl: "de Autoriteit Persoonsgegevens", fr: "l'Autoriteit Persoonsgegevens" },
  be: { nl: "de Gegevensbeschermingsautoriteit", fr: "l'Autorité de protection des données" },
};

export function extensionMail(input: { to: string; locale: Locale; country: Country; reference: string; dueAt: string; reason: string }): MailMessage {
  const language = languageOf(input.locale);
  const contact = COMPANY[input.country].privacyEmail;
  const body =
    language === "fr"
      ? render(language, [
          `Votre demande ${input.reference} nous demande plus de temps. Nous vous répondrons au plus tard le ${day(input.dueAt, language)}.`,
          `Pourquoi : ${input.reason}`,
          statusLine(input.country, language),
          `Une question ? Écrivez à ${contact} en mentionnant votre référence. ${GROUP_NAME}`,
        ])
      : render(language, [
          `Voor je aanvraag ${input.reference} hebben we meer tijd nodig. We antwoorden je uiterlijk op ${day(input.dueAt, language)}.`,
          `Waarom: ${input.reason}`,
          statusLine(input.country, language),
          `Vragen? Mail ${contact} en vermeld je referentie. ${GROUP_NAME}`,
        ]);
  return {
    kind: "privacy-extension",
    to: input.to,
    subject: language === "fr" ? `Délai prolongé (${input.reference})` : `Meer tijd voor je aanvraag (${input.reference})`,
    ...body,
  };
}

export function rejectionMail(input: { to: string; locale: Locale; country: Country; reference: string; reason: string }): MailMessage {
  const language = languageOf(input.locale);
  const authority = AUTHORITY[input.country][language];
  const body =
    language === "fr"
      ? render(language, [
          `Nous ne pouvons pas donner suite à votre demande ${input.reference}.`,
          `Pourquoi : ${input.reason}`,
          statusLine(input.country, language),
          `Si vous n'êtes pas d'accord, vous pouvez porter plainte auprès de ${authority} ou saisir le juge. ${GROUP_NAME}`,
        ])
      : render(language, [
          `We kunnen je aanvraag ${input.reference} niet uitvoeren.`,
          `Waarom: ${input.reason}`,
          statusLine(input.country, language),
          `Ben je het daar niet mee eens, dan kun je een klacht indienen bij ${authority} of naar de rechter stappen. ${GROUP_NAME}`,
        ]);
  return {
    kind: "privacy-rejection",
    to: input.to,
    subject: language === "fr" ? `Réponse à votre demande (${input.reference})` : `Antwoord op je aanvraag (${input.reference})`,
    ...body,
  };
}

export function complaintOutcomeMail(input: { to: string; locale: Locale; reference: string; campaignId: string; outcome: string }): MailMessage {
  const language = languageOf(input.locale);
  const body =
    language === "fr"
      ? render(language, [
          `Nous avons examiné votre signalement ${input.reference} concernant la publicité politique ${input.campaignId}.`,
          `Ce que nous avons fait : ${input.outcome}`,
          `Merci de nous avoir aidés à respecter les règles. ${GROUP_NAME}`,
        ])
      : render(language, [
          `We hebben je melding ${input.reference} over politieke advertentie ${input.campaignId} bekeken.`,
          `Wat we hebben gedaan: ${input.outcome}`,
          `Bedankt dat je ons helpt de regels na te leven. ${GROUP_NAME}`,
        ]);
  return {
    kind: "ad-complaint-outcome",
    to: input.to,
    subject: language === "fr" ? `Suite donnée à votre signalement (${input.reference})` : `Wat we met je melding deden (${input.reference})`,
    ...body,
  };
}

export type DigestLine = { reference: string; rightType: string; dueAt: string; state: string };

/** To the privacy team, in Dutch like its other notices: what is due within a week, and what is overdue. */
export function digestMail(input: { to: string; country: Country; dueSoon: DigestLine[]; overdue: DigestLine[]; waiting: number; link: string }): MailMessage {
  const line = (item: DigestLine) => `- ${item.reference} (${item.rightType}, ${item.state}): uiterlijk ${day(item.dueAt, "nl")}`;
  const body = render("nl", [
    // Issue 26: waiting for the person, their clock stands still, so they are neither late nor due.
    `Overzicht privacyaanvragen ${countryCode(input.country)}: ${input.overdue.length} te laat, ${input.dueSoon.length} binnen 7 dagen te beantwoorden, ${input.waiting} wachten op de aanvrager.`,
    [input.overdue.length ? `Te laat:\n${input.overdue.map(line).join("\n")}` : "", input.dueSoon.length ? `Binnen 7 dagen:\n${input.dueSoon.map(line).join("\n")}` : ""]
      .filter(Boolean)
      .join("\n\n"),
    `Alles in de backoffice: ${input.link}`,
  ]);
  return {
    kind: "privacy-digest",
    to: input.to,
    subject: `Privacyaanvragen ${countryCode(input.country)}: ${input.overdue.length} te laat, ${input.dueSoon.length} binnen 7 dagen`,
    ...body,
  };
}
