/**
 * Mails of the privacy-rights flow, in the request's language (French for
 * fr_be, Dutch otherwise): the verification link, the confirmation after
 * verification, and the privacy team's notification.
 */
import { countryCode } from "~/domain/country";
import { COMPANY, GROUP_NAME } from "~/content/company";
import type { Country, Locale } from "~/i18n/locale";
import { type RightType } from "~/domain/privacy-request";
import type { MailMessage } from "./outbox.server";
import { statusLine } from "./status-line.server";
import { escapeHtml } from "~/utils/escape-html";

type Language = "nl" | "fr";

export const languageOf = (locale: Locale | string): Language => (locale === "fr_be" ? "fr" : "nl");

const RIGHT_NAMES: Record<Language, Record<RightType, string>> = {
  nl: {
    RIGHT_OF_ACCESS: "inzage in je gegevens",
    RIGHT_TO_BE_FORGOTTEN: "verwijdering van je gegevens",
    OBJECTION: "bezwaar tegen direct marketing",
    RECTIFICATION: "correctie van je gegevens",
    REMOVAL_FROM_PUBLICATION: "verwijdering uit een publicatie",
  },
  fr: {
    RIGHT_OF_ACCESS: "l'accès à vos données",
    RIGHT_TO_BE_FORGOTTEN: "l'effacement de vos données",
    OBJECTION: "l'opposition au marketing direct",
    RECTIFICATION: "la rectification de vos données",
    REMOVAL_FROM_PUBLICATION: "le retrait d'une publication",
  },
};

export function formatDateTime(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(language === "fr" ? "fr-BE" : "nl-NL", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "Europe/Brussels",
  }).format(new Date(iso));
}

function formatDate(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(language === "fr" ? "fr-BE" : "nl-NL", { dateStyle: "long", timeZone: "Europe/Brussels" }).format(
    new Date(iso),
  );
}

export function render(language: Language, paragraphs: string[], link?: { href: string; label: string }): { text: string; html: string } {
  const text = [...paragraphs.slice(0, 2), ...(link ? [`${link.label}: ${link.href}`] : []), ...paragraphs.slice(2)].join("\n\n");
  const html =
    `<!doctype html><html lang="${language}"><body style="font-family:Arial,sans-serif;color:#1b1f24">` +
    paragraphs
      .slice(0, 2)
      .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
      .join("") +
    (link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : "") +
    paragraphs
      .slice(2)
      .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
      .join("") +
    `</body></html>`;
  return { text, html };
}

export function verificationMail(input: {
  to: string;
  locale: Locale;
  country: Country;
  rightType: RightType;
  reference: string;
  link: string;
  expiresAt: string;
  /** Issue 26: the one reminder halfway through the link's life, or a new link asked for on the expired page. */
  occasion?: "reminder" | "new-link";
}): MailMessage {
  const language = languageOf(input.locale);
  const right = RIGHT_NAMES[language][input.rightType];
  const until = formatDateTime(input.expiresAt, language);
  const privacyEmail = COMPANY[input.country].privacyEmail;
  const body =
    language === "fr"
      ? render(
          language,
          [
            `Vous avez demandé ${right} auprès de ${GROUP_NAME} (référence ${input.reference}).`,
            `Confirmez votre adresse e-mail pour que nous puissions traiter votre demande. Le lien est valable jusqu'au ${until}.`,
            "Si vous n'avez pas fait cette demande, ignorez ce message : rien ne sera fait sans votre confirmation.",
            statusLine(input.country, language),
            `${GROUP_NAME} – équipe vie privée : ${privacyEmail}`,
          ],
          { href: input.link, label: "Confirmer ma demande" },
        )
      : render(
          language,
          [
            `Je hebt bij ${GROUP_NAME} een aanvraag gedaan voor ${right} (referentie ${input.reference}).`,
            `Bevestig je e-mailadres, dan gaan we met je aanvraag aan de slag. De link is geldig tot ${until}.`,
            "Heb je deze aanvraag niet gedaan? Dan kun je dit bericht negeren: zonder jouw bevestiging gebeurt er niets.",
            statusLine(input.country, language),
            `${GROUP_NAME} – privacyteam: ${privacyEmail}`,
          ],
          { href: input.link, label: "Bevestig mijn aanvraag" },
        );
  const subject = language === "fr" ? `Confirmez votre demande (${input.reference})` : `Bevestig je aanvraag (${input.reference})`;
  const occasion = input.occasion ? OCCASION[language][input.occasion] : null;
  return {
    kind: "privacy-verification",
    to: input.to,
    subject: occasion ? `${occasion.subject}: ${subject.charAt(0).toLowerCase()}${subject.slice(1)}` : subject,
    ...(occasion ? { text: `${occasion.first}\n\n${body.text}`, html: body.html.replace(/(<body[^>]*>)/, `$1<p>${escapeHtml(occasion.first)}</p>`) } : body),
  };
}

/** What a reminder and a new link say first (issue 26); the rest is the first mail's. */
const OCCASION = {
  nl: {
    reminder: { subject: "Herinnering", first: "Je hebt je aanvraag nog niet bevestigd. De link in onze vorige e-mail werkt nog; deze ook." },
    "new-link": { subject: "Nieuwe link", first: "Je vroeg om een nieuwe link. De vorige werkt niet meer: gebruik deze." },
  },
  fr: {
    reminder: { subject: "Rappel", first: "Vous n'avez pas encore confirmé votre demande. Le lien de notre e-mail précédent fonctionne encore ; celui-ci aussi." },
    "new-link": { subject: "Nouveau lien", first: "Vous avez demandé un nouveau lien. Le précédent ne fonctionne plus : utilisez celui-ci." },
  },
} as const;

export function confirmationMail(input: {
  to: string;
  locale: Locale;
  country: Country;
  rightType: RightType;
  reference: string;
  dueAt: string | null;
}): MailMessage {
  const language = languageOf(input.locale);
  const right = RIGHT_NAMES[language][input.rightType];
  const privacyEmail = COMPANY[input.country].privacyEmail;
  const promise =
    input.rightType === "OBJECTION"
      ? language === "fr"
        ? "Vous serez désinscrit au plus tard dans les 30 jours."
        : "Je wordt uiterlijk binnen 30 dagen uitgeschreven."
      : language === "fr"
        ? `Nous vous répondrons au plus tard le ${formatDate(input.dueAt!, language)}.`
        : `We antwoorden je uiterlijk op ${formatDate(input.dueAt!, language)}.`;
  const body =
    language === "fr"
      ? render(language, [
          `Merci, votre demande concernant ${right} est confirmée (référence ${input.reference}).`,
          promise,
          statusLine(input.country, language),
          `Une question ? Écrivez à ${privacyEmail} en mentionnant votre référence.`,
        ])
      : render(language, [
          `Bedankt, je aanvraag voor ${right} is bevestigd (referentie ${input.reference}).`,
          promise,
          statusLine(input.country, language),
          `Vragen? Mail ${privacyEmail} en vermeld je referentie.`,
        ]);
  return {
    kind: "privacy-confirmation",
    to: input.to,
    subject: language === "fr" ? `Demande confirmée (${input.reference})` : `Aanvraag bevestigd (${input.reference})`,
    ...body,
  };
}

/** To the privacy team: the reference and what to do; the details are in the back office. */
export function privacyTeamNotification(input: {
  to: string;
  country: Country;
  rightType: RightType;
  reference: string;
  dueAt: string | null;
  executed: boolean;
}): MailMessage {
  const right = RIGHT_NAMES.nl[input.rightType];
  const status = input.executed
    ? "Het bezwaar is uitgevoerd: de uitschrijvingen staan in de suppressielijst voor de marketingsystemen (uiterlijk binnen 30 dagen verwerken)."
    : `Behandel de aanvraag uiterlijk op ${formatDate(input.dueAt!, "nl")}.`;
  const body = render("nl", [
    `Nieuwe bevestigde privacyaanvraag ${input.reference} (${right}, ${countryCode(input.country)}).`,
    status,
  ]);
  return {
    kind: "privacy-team-notification",
    to: input.to,
    subject: `Privacyaanvraag ${input.reference}: ${right}`,
    ...body,
  };
}
