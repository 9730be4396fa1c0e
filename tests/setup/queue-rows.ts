/** A row for the queue's own tests: a mail's columns, as the queue stores them in the mail table. */
export const queueTestRow = (subject: string) => ({
  kind: "contact-notification" as const,
  priority: 2,
  recipient: "klantenservice@veldhavenmedia.nl",
  reply_to: null,
  subject,
  text_body: "tekst",
  html_body: "<p>tekst</p>",
  sent_at: null,
});
