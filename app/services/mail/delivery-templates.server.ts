/**
 * The mail that tells the person their answer is ready (issue 26): the link
 * to the delivery page and how long it stays. Nothing of the answer itself
 * travels by mail; the page shows it to whoever holds the link.
 */
import { COMPANY, GROUP_NAME } from "~/content/company";
import type { Country, Locale } from "~/i18n/locale";
import type { MailMessage } from "./outbox.server";
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
