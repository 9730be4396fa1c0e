import { COMPANY, GROUP_NAME } from "~/content/company";
import type { Country, Locale } from "~/i18n/locale";
import { mailTexts } from "~/i18n/mail-texts.server";
import { escapeHtml } from "~/utils/escape-html";

import type { MailMessage } from "./outbox.server";

/** The notification to customer service, in the visitor's language; Reply-To is the visitor. */
export function contactNotification(input: {
  to: string;
  locale: Locale;
  country: Country;
  name: string;
  email: string;
  question: string;
}): MailMessage {
  const { text, language } = mailTexts(input.locale);
  const label = {
    name: text("contactNotification.name"),
    email: text("contactNotification.email"),
    question: text("contactNotification.question"),
  };
  const intro = text("contactNotification.intro");
  const replyHint = text("contactNotification.replyHint");
  const footer = text("signature", { group: GROUP_NAME, email: COMPANY[input.country].privacyEmail });
  const plain = [
    intro,
    "",
    `${label.name}: ${input.name}`,
    `${label.email}: ${input.email}`,
    `${label.question}:`,
    input.question,
    "",
    replyHint,
    "",
    "--",
    footer,
  ].join("\n");
  const html = `<!doctype html><html lang="${language}"><body style="font-family:Arial,sans-serif;color:#1b1f24">
<p>${escapeHtml(intro)}</p>
<table cellpadding="4"><tr><th align="left">${escapeHtml(label.name)}</th><td>${escapeHtml(input.name)}</td></tr>
<tr><th align="left">${escapeHtml(label.email)}</th><td>${escapeHtml(input.email)}</td></tr></table>
<h2 style="font-size:16px">${escapeHtml(label.question)}</h2>
<p style="white-space:pre-wrap">${escapeHtml(input.question)}</p>
<p>${escapeHtml(replyHint)}</p>
<hr><p style="font-size:12px;color:#4a5360">${escapeHtml(footer)}</p>
</body></html>`;
  return {
    kind: "contact-notification",
    to: input.to,
    replyTo: input.email,
    subject: text("contactNotification.subject", { name: input.name }),
    text: plain,
    html,
  };
}
