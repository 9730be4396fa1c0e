/**
 * Mails about a request that is not simply carried out (issue 26): an
 * officer's question (with the link to answer it), a request closed as a
 * duplicate (with the reference that is handled), and a request closed
 * because the question went unanswered (with the reason).
 */
import { COMPANY, GROUP_NAME } from "~/content/company";
import type { Country, Locale } from "~/i18n/locale";
import type { MailMessage } from "./outbox.server";
import { formatDateTime, languageOf, render } from "./privacy-templates.server";
import { statusLine } from "./status-line.server";

type About = { to: string; locale: Locale; country: Country; reference: string };

export function questionMail(input: About & { link: string; question: string; closableAt: string }): MailMessage {
  const language = languageOf(input.locale);
  const privacyEmail = COMPANY[input.country].privacyEmail;
  const until = formatDateTime(input.closableAt, language);
  const body =
    language === "fr"
      ? render(
          language,
          [
            `Pour traiter votre demande (référence ${input.reference}), nous avons besoin d'informations supplémentaires. Notre question figure sur la page du lien ci-dessous, où vous pouvez aussi répondre et joindre des fichiers.`,
            `Le délai de réponse à votre demande est suspendu jusqu'à votre réponse. Sans réponse le ${until}, nous pourrons clôturer la demande.`,
            statusLine(input.country, language),
            `${GROUP_NAME} – équipe vie privée : ${privacyEmail}`,
          ],
          { href: input.link, label: "Lire la question et répondre" },
        )
      : render(
          language,
          [
            `Om je aanvraag (referentie ${input.reference}) te kunnen behandelen, hebben we meer informatie nodig. Onze vraag staat op de pagina achter de link hieronder; daar kun je ook antwoorden en bestanden meesturen.`,
            `De termijn voor ons antwoord staat stil tot je reageert. Hebben we op ${until} nog niets van je gehoord, dan kunnen we de aanvraag afsluiten.`,
            statusLine(input.country, language),
            `${GROUP_NAME} – privacyteam: ${privacyEmail}`,
          ],
          { href: input.link, label: "Lees de vraag en antwoord" },
        );
  return { kind: "privacy-question", to: input.to, subject: language === "fr" ? `Nous avons une question (${input.reference})` : `We hebben een vraag over je aanvraag (${input.reference})`, ...body };
}

export function duplicateMail(input: About & { handledAs: string }): MailMessage {
  const language = languageOf(input.locale);
  const privacyEmail = COMPANY[input.country].privacyEmail;
  const body =
    language === "fr"
      ? render(language, [
          `Votre demande ${input.reference} est la même qu'une demande que nous traitons déjà : ${input.handledAs}. Nous l'avons donc clôturée, pour ne pas faire le travail deux fois.`,
          `Nous répondons sous la référence ${input.handledAs}.`,
          statusLine(input.country, language),
          `Une question ? Écrivez à ${privacyEmail} en mentionnant votre référence. ${GROUP_NAME}`,
        ])
      : render(language, [
          `Je aanvraag ${input.reference} is dezelfde als een aanvraag die we al behandelen: ${input.handledAs}. Daarom hebben we ze afgesloten, zodat we niets dubbel doen.`,
          `We antwoorden je onder referentie ${input.handledAs}.`,
          statusLine(input.country, language),
          `Vragen? Mail ${privacyEmail} en vermeld je referentie. ${GROUP_NAME}`,
        ]);
  return { kind: "privacy-closed", to: input.to, subject: language === "fr" ? `Demande déjà en cours (${input.reference})` : `Aanvraag al in behandeling (${input.reference})`, ...body };
}

export function noAnswerMail(input: About & { reason: string }): MailMessage {
  const language = languageOf(input.locale);
  const privacyEmail = COMPANY[input.country].privacyEmail;
  const body =
    language === "fr"
      ? render(language, [
          `Nous n'avons pas reçu de réponse à notre question sur votre demande ${input.reference}. Nous l'avons donc clôturée.`,
          `Pourquoi : ${input.reason}`,
          "Vous pouvez toujours introduire une nouvelle demande.",
          statusLine(input.country, language),
          `Une question ? Écrivez à ${privacyEmail} en mentionnant votre référence. ${GROUP_NAME}`,
        ])
      : render(language, [
          `We hebben geen antwoord gekregen op onze vraag over je aanvraag ${input.reference}. Daarom hebben we ze afgesloten.`,
          `Waarom: ${input.reason}`,
          "Je kunt altijd een nieuwe aanvraag doen.",
          statusLine(input.country, language),
          `Vragen? Mail ${privacyEmail} en vermeld je referentie. ${GROUP_NAME}`,
        ]);
  return { kind: "privacy-closed", to: input.to, subject: language === "fr" ? `Demande clôturée (${input.reference})` : `Aanvraag afgesloten (${input.reference})`, ...body };
}
