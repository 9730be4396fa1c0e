/**
 * Mails that carry a link to a request's pages (issue 26): the delivered
 * answer, and the status page. Nothing of the answer or the request's state
 * travels by mail; the pages show it to whoever holds the link.
 */
import { COMPANY, GROUP_NAME } from "~/content/company";
import type { Country, Locale } from "~/i18n/locale";
import type { MailMessage } from "./outbox.server";
import { statusLine } from "./status-line.server";
import { formatDateTime, languageOf, render } from "./privacy-templates.server";

export function answerMail(input: { to: string; locale: Locale; country: Country; reference: string; link: string; expiresAt: string; fileCount: number }): MailMessage {
  const language = languageOf(input.locale);
  const until = formatDateTime(input.expiresAt, language);
  const privacyEmail = COMPANY[input.country].privacyEmail;
  const files =
    language === "fr"
      ? input.fileCount === 0
        ? "Notre réponse vous attend sur une page sécurisée."
        : `Notre réponse et ${input.fileCount === 1 ? "le fichier qui l'accompagne vous attendent" : `les ${input.fileCount} fichiers qui l'accompagnent vous attendent`} sur une page sécurisée.`
      : input.fileCount === 0
        ? "Ons antwoord staat voor je klaar op een beveiligde pagina."
        : `Ons antwoord en ${input.fileCount === 1 ? "het bijbehorende bestand staan" : `de ${input.fileCount} bijbehorende bestanden staan`} voor je klaar op een beveiligde pagina.`;
  const body =
    language === "fr"
      ? render(
          language,
          [
            `Nous avons traité votre demande (référence ${input.reference}). ${files}`,
            `Le lien est valable jusqu'au ${until}. Ensuite, les fichiers sont supprimés : téléchargez-les avant cette date.`,
            "Ne transférez pas ce message : toute personne qui a le lien peut voir votre réponse.",
            statusLine(input.country, language),
            `${GROUP_NAME} – équipe vie privée : ${privacyEmail}`,
          ],
          { href: input.link, label: "Voir votre réponse" },
        )
      : render(
          language,
          [
            `We hebben je aanvraag afgehandeld (referentie ${input.reference}). ${files}`,
            `De link is geldig tot ${until}. Daarna worden de bestanden verwijderd: download ze voor die datum.`,
            "Stuur dit bericht niet door: iedereen met de link kan je antwoord zien.",
            statusLine(input.country, language),
            `${GROUP_NAME} – privacyteam: ${privacyEmail}`,
          ],
          { href: input.link, label: "Bekijk je antwoord" },
        );
  return {
    kind: "privacy-answer",
    to: input.to,
    subject: language === "fr" ? `Votre réponse est prête (${input.reference})` : `Je antwoord staat klaar (${input.reference})`,
    ...body,
  };
}

/** The link to a request's status page, asked for on the site with the reference and this address. */
export function statusLinkMail(input: { to: string; locale: Locale; country: Country; reference: string; link: string; expiresAt: string }): MailMessage {
  const language = languageOf(input.locale);
  const until = formatDateTime(input.expiresAt, language);
  const privacyEmail = COMPANY[input.country].privacyEmail;
  const body =
    language === "fr"
      ? render(
          language,
          [
            `Vous avez demandé où en est votre demande (référence ${input.reference}).`,
            `Ce lien montre son état, sa date d'échéance et ce que nous attendons éventuellement de vous. Il est valable jusqu'au ${until}.`,
            "Vous n'avez rien demandé ? Ignorez ce message : sans le lien, personne ne voit votre demande.",
            `${GROUP_NAME} – équipe vie privée : ${privacyEmail}`,
          ],
          { href: input.link, label: "Voir où en est ma demande" },
        )
      : render(
          language,
          [
            `Je wilde weten hoe het met je aanvraag staat (referentie ${input.reference}).`,
            `Via deze link zie je de stand, de uiterste datum en wat we eventueel nog van je nodig hebben. De link is geldig tot ${until}.`,
            "Heb je dit niet gevraagd? Dan kun je dit bericht negeren: zonder de link ziet niemand je aanvraag.",
            `${GROUP_NAME} – privacyteam: ${privacyEmail}`,
          ],
          { href: input.link, label: "Bekijk de stand van mijn aanvraag" },
        );
  return {
    kind: "privacy-status-link",
    to: input.to,
    subject: language === "fr" ? `Où en est votre demande (${input.reference})` : `De stand van je aanvraag (${input.reference})`,
    ...body,
  };
}
