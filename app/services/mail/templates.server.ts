import { COMPANY, GROUP_NAME } from "~/content/company";
import type { Country, Locale } from "~/i18n/locale";
import type { MailMessage } from "./outbox.server";
import { escapeHtml } from "~/utils/escape-html";

type Texts = {
  subject: (name: string) => string;
  intro: string;
  name: string;
  email: string;
  question: string;
  replyHint: string;
  footer: (privacyEmail: string) => string;
};

const DUTCH: Texts = {
  subject: (name) => `Nieuw contactbericht van ${name}`,
  intro: "Via het contactformulier op de privacywebsite is een nieuw bericht binnengekomen. Beantwoord het binnen 5 werkdagen.",
  name: "Naam",
  email: "E-mailadres",
  question: "Vraag",
  replyHint: "Beantwoord deze e-mail om de bezoeker rechtstreeks te antwoorden.",
  footer: (privacyEmail) => `${GROUP_NAME} – privacyteam: ${privacyEmail}`,
};

const TEMPLATES: Record<"nl" | "fr", Texts> = {
  nl: DUTCH,
  fr: {
    subject: (name) => `Nouveau message de contact de ${name}`,
    intro: "Un nouveau message est arrivé via le formulaire de contact du site vie privée. Répondez-y dans les 5 jours ouvrables.",
    name: "Nom",
    email: "Adresse e-mail",
    question: "Question",
    replyHint: "Répondez à cet e-mail pour répondre directement au visiteur.",
    footer: (privacyEmail) => `${GROUP_NAME} – équipe vie privée : ${privacyEmail}`,
  },
};

/** The notification to customer service; Reply-To is the visitor. */
export function contactNotification(input: {
  to: string;
  locale: Locale;
  country: Country;
  name: string;
  email: string;
  question: string;
}): MailMessage {
  const texts = TEMPLATES[input.locale === "fr_be" ? "fr" : "nl"];
  const footer = texts.footer(COMPANY[input.country].privacyEmail);
  const text = [
    texts.intro,
    "",
    `${texts.name}: ${input.name}`,
    `${texts.email}: ${input.email}`,
    `${texts.question}:`,
    input.question,
    "",
    texts.replyHint,
    "",
    "--",
    footer,
  ].join("\n");
  const html = `<!doctype html><html lang="${input.locale === "fr_be" ? "fr" : "nl"}"><body style="font-family:Arial,sans-serif;color:#1b1f24">
<p>${escapeHtml(texts.intro)}</p>
<table cellpadding="4"><tr><th align="left">${texts.name}</th><td>${escapeHtml(input.name)}</td></tr>
<tr><th align="left">${texts.email}</th><td>${escapeHtml(input.email)}</td></tr></table>
<h2 style="font-size:16px">${texts.question}</h2>
<p style="white-space:pre-wrap">${escapeHtml(input.question)}</p>
<p>${escapeHtml(texts.replyHint)}</p>
<hr><p style="font-size:12px;color:#4a5360">${escapeHtml(footer)}</p>
</body></html>`;
  return {
    kind: "contact-notification",
    to: input.to,
    replyTo: input.email,
    subject: texts.subject(input.name),
    text,
    html,
  };
}
