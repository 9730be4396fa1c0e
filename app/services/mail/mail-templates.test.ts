import { describe, expect, it } from "vitest";

import {
  complaintOutcomeMail,
  digestMail,
  extensionMail,
  rejectionMail,
} from "~/services/mail/back-office-templates.server";
import { complaintAcknowledgement, complaintNotification } from "~/services/mail/complaint-templates.server";
import { confirmationMail, privacyTeamNotification, verificationMail } from "~/services/mail/privacy-templates.server";
import { contactNotification } from "~/services/mail/templates.server";

const REFERENCE = "PR-AB12-CD34";
const LINK = "https://privacy.veldhavenmedia.nl/nl/email-verification?token=abc_DEF-123&x=1";
// 22:30 UTC on 9 April is 00:30 on 10 April in Brussels (summer time).
const LATE_EVENING_UTC = "2026-04-09T22:30:00.000Z";

/** The visible text of the HTML part, roughly: tags dropped, entities decoded. */
const htmlText = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/\s+/g, " ");

describe("verification mail (privacy request)", () => {
  const mail = (locale: "nl_nl" | "nl_be" | "fr_be" | "en_be", country: "nl" | "be" = "nl") =>
    verificationMail({
      to: "lotte@veldhaven-test.nl",
      locale,
      country,
      rightType: "RIGHT_OF_ACCESS",
      reference: REFERENCE,
      link: LINK,
      expiresAt: LATE_EVENING_UTC,
    });

  it("in Dutch: the reference in subject and body, the link, its expiry in Brussels time, the country's privacy team", () => {
    const dutch = mail("nl_nl");
    expect(dutch).toMatchObject({
      kind: "privacy-verification",
      to: "lotte@veldhaven-test.nl",
      subject: `Bevestig je aanvraag (${REFERENCE})`,
    });
    expect(dutch.text).toContain(`referentie ${REFERENCE}`);
    expect(dutch.text).toContain(`Bevestig mijn aanvraag: ${LINK}`);
    expect(dutch.text).toContain("inzage in je gegevens");
    expect(dutch.text).toMatch(/geldig tot 10 april 2026 (om )?00:30/);
    expect(dutch.text).toContain("privacy@veldhavenmedia.nl");
    expect(dutch.html).toContain('<html lang="nl">');
    // The link is an attribute: its '&' is escaped there, and it still reads as the same address.
    expect(dutch.html).toContain(`href="${LINK.replace("&", "&#38;")}"`);
    expect(htmlText(dutch.html)).toContain("Bevestig mijn aanvraag");
  });

  it("in French for fr_be, with the Belgian privacy team", () => {
    const french = mail("fr_be", "be");
    expect(french.subject).toBe(`Confirmez votre demande (${REFERENCE})`);
    expect(french.text).toContain(`référence ${REFERENCE}`);
    expect(french.text).toContain(`Confirmer ma demande: ${LINK}`);
    expect(french.text).toContain("l'accès à vos données");
    expect(french.text).toMatch(/valable jusqu'au 10 avril 2026 (à )?00:30/);
    expect(french.text).toContain("privacy@veldhavenmedia.be");
    expect(french.text).not.toContain("privacy@veldhavenmedia.nl");
    expect(french.html).toContain('<html lang="fr">');
  });

  it("in Dutch for every other locale (nl_be, en_be)", () => {
    expect(mail("nl_be", "be").subject).toBe(`Bevestig je aanvraag (${REFERENCE})`);
    expect(mail("en_be", "be").subject).toBe(`Bevestig je aanvraag (${REFERENCE})`);
  });
});

describe("confirmation mail (privacy request)", () => {
  const base = { to: "lotte@veldhaven-test.nl", country: "nl", reference: REFERENCE } as const;

  it("promises an answer by the due date (Brussels day), in the request's language", () => {
    const dutch = confirmationMail({
      ...base,
      locale: "nl_nl",
      rightType: "RIGHT_TO_BE_FORGOTTEN",
      dueAt: LATE_EVENING_UTC,
    });
    expect(dutch).toMatchObject({ kind: "privacy-confirmation", subject: `Aanvraag bevestigd (${REFERENCE})` });
    expect(dutch.text).toContain("verwijdering van je gegevens");
    expect(dutch.text).toContain("We antwoorden je uiterlijk op 10 april 2026.");
    const french = confirmationMail({
      ...base,
      country: "be",
      locale: "fr_be",
      rightType: "RIGHT_TO_BE_FORGOTTEN",
      dueAt: LATE_EVENING_UTC,
    });
    expect(french.subject).toBe(`Demande confirmée (${REFERENCE})`);
    expect(french.text).toContain("Nous vous répondrons au plus tard le 10 avril 2026.");
    expect(french.text).toContain("privacy@veldhavenmedia.be");
  });

  it("for an objection: unsubscribed within 30 days, no due date needed", () => {
    const dutch = confirmationMail({ ...base, locale: "nl_nl", rightType: "OBJECTION", dueAt: null });
    expect(dutch.text).toContain("Je wordt uiterlijk binnen 30 dagen uitgeschreven.");
    expect(dutch.text).toContain("bezwaar tegen direct marketing");
    const french = confirmationMail({ ...base, locale: "fr_be", rightType: "OBJECTION", dueAt: null });
    expect(french.text).toContain("Vous serez désinscrit au plus tard dans les 30 jours.");
  });
});

describe("privacy team notification", () => {
  it("names the reference, the right, the country and what to do, in Dutch", () => {
    const open = privacyTeamNotification({
      to: "privacy@veldhavenmedia.be",
      country: "be",
      rightType: "RECTIFICATION",
      reference: REFERENCE,
      dueAt: LATE_EVENING_UTC,
      executed: false,
    });
    expect(open).toMatchObject({
      kind: "privacy-team-notification",
      to: "privacy@veldhavenmedia.be",
      subject: `Privacyaanvraag ${REFERENCE}: correctie van je gegevens`,
    });
    expect(open.text).toContain(`${REFERENCE} (correctie van je gegevens, BE)`);
    expect(open.text).toContain("Behandel de aanvraag uiterlijk op 10 april 2026.");
    const executed = privacyTeamNotification({
      to: "privacy@veldhavenmedia.nl",
      country: "nl",
      rightType: "OBJECTION",
      reference: REFERENCE,
      dueAt: null,
      executed: true,
    });
    expect(executed.text).toContain("Het bezwaar is uitgevoerd");
    expect(executed.text).not.toContain("Behandel de aanvraag");
  });
});

describe("contact notification", () => {
  it("answers the visitor through Reply-To, and keeps the visitor's text as typed in the text part", () => {
    const mail = contactNotification({
      to: "klantenservice@veldhavenmedia.nl",
      locale: "nl_nl",
      country: "nl",
      name: "Lotte <b>de Vries</b>",
      email: "lotte@veldhaven-test.nl",
      question: "Regel 1\nRegel 2 & meer",
    });
    expect(mail).toMatchObject({
      kind: "contact-notification",
      to: "klantenservice@veldhavenmedia.nl",
      replyTo: "lotte@veldhaven-test.nl",
    });
    expect(mail.text).toContain("Naam: Lotte <b>de Vries</b>");
    expect(mail.text).toContain("Regel 1\nRegel 2 & meer");
    expect(mail.html).not.toContain("<b>de Vries</b>");
    expect(htmlText(mail.html)).toContain("Lotte <b>de Vries</b>");
  });
});

describe("ad report mails", () => {
  const report = { reference: "PA-ZX98-YW76", campaignId: "BE-2026-7001", reason: "DISCRIMINATORY" };

  it("acknowledges the report to the reporter with the reference, the ad and the reason, in their language", () => {
    const dutch = complaintAcknowledgement({ ...report, to: "jan@veldhaven-test.nl", locale: "nl_be" });
    expect(dutch).toMatchObject({
      kind: "ad-complaint-acknowledgement",
      to: "jan@veldhaven-test.nl",
      subject: `Melding ontvangen (${report.reference})`,
    });
    expect(dutch.text).toContain(`politieke advertentie ${report.campaignId} ontvangen (reden: discriminerend)`);
    expect(dutch.text).toContain(`Je referentie: ${report.reference}.`);
    const french = complaintAcknowledgement({ ...report, to: "camille@lezers-test.be", locale: "fr_be" });
    expect(french.subject).toBe(`Signalement reçu (${report.reference})`);
    expect(french.text).toContain(`publicité politique ${report.campaignId} (motif : discriminatoire)`);
    expect(french.text).toContain(`Votre référence : ${report.reference}.`);
  });

  it("notifies the compliance team with the report's reference and the ad, not the reporter", () => {
    const notice = complaintNotification({ ...report, to: "publicite-politique@veldhavenmedia.be", country: "be" });
    expect(notice).toMatchObject({
      kind: "ad-complaint-notification",
      to: "publicite-politique@veldhavenmedia.be",
      subject: `Melding politieke advertentie ${report.campaignId} (${report.reference})`,
    });
    expect(notice.text).toContain(
      `Nieuwe melding ${report.reference} over politieke advertentie ${report.campaignId} (BE), reden: discriminerend.`,
    );
    expect(notice).not.toHaveProperty("replyTo");
  });

  it("tells the reporter the outcome", () => {
    const dutch = complaintOutcomeMail({
      ...report,
      to: "jan@veldhaven-test.nl",
      locale: "nl_nl",
      outcome: "De advertentie is aangepast.",
    });
    expect(dutch).toMatchObject({
      kind: "ad-complaint-outcome",
      subject: `Wat we met je melding deden (${report.reference})`,
    });
    expect(dutch.text).toContain(`melding ${report.reference} over politieke advertentie ${report.campaignId}`);
    expect(dutch.text).toContain("Wat we hebben gedaan: De advertentie is aangepast.");
    const french = complaintOutcomeMail({
      ...report,
      to: "camille@lezers-test.be",
      locale: "fr_be",
      outcome: "Publicité retirée.",
    });
    expect(french.subject).toBe(`Suite donnée à votre signalement (${report.reference})`);
    expect(french.text).toContain("Ce que nous avons fait : Publicité retirée.");
  });
});

describe("back-office mails to the data subject", () => {
  it("an extension says why and until when (GDPR Art. 12(3))", () => {
    const dutch = extensionMail({
      to: "lotte@veldhaven-test.nl",
      locale: "nl_nl",
      country: "nl",
      reference: REFERENCE,
      dueAt: LATE_EVENING_UTC,
      reason: "Drie systemen doorzoeken.",
    });
    expect(dutch).toMatchObject({ kind: "privacy-extension", subject: `Meer tijd voor je aanvraag (${REFERENCE})` });
    expect(dutch.text).toContain("We antwoorden je uiterlijk op 10 april 2026.");
    expect(dutch.text).toContain("Waarom: Drie systemen doorzoeken.");
    expect(dutch.text).toContain("privacy@veldhavenmedia.nl");
    const french = extensionMail({
      to: "luc@lezers-test.be",
      locale: "fr_be",
      country: "be",
      reference: REFERENCE,
      dueAt: LATE_EVENING_UTC,
      reason: "Trois systèmes.",
    });
    expect(french.subject).toBe(`Délai prolongé (${REFERENCE})`);
    expect(french.text).toContain("au plus tard le 10 avril 2026");
    expect(french.text).toContain("Pourquoi : Trois systèmes.");
    expect(french.text).toContain("privacy@veldhavenmedia.be");
  });

  it.each([
    ["nl", "nl_nl", "de Autoriteit Persoonsgegevens"],
    ["be", "nl_be", "de Gegevensbeschermingsautoriteit"],
    ["be", "fr_be", "l'Autorité de protection des données"],
  ] as const)(
    "a rejection in %s (%s) names the reason and the authority to complain to: %s",
    (country, locale, authority) => {
      const mail = rejectionMail({
        to: "lotte@veldhaven-test.nl",
        locale,
        country,
        reference: REFERENCE,
        reason: "Niet vast te stellen wie je bent.",
      });
      expect(mail.kind).toBe("privacy-rejection");
      expect(mail.subject).toContain(REFERENCE);
      expect(mail.text).toContain(REFERENCE);
      expect(mail.text).toContain("Niet vast te stellen wie je bent.");
      expect(mail.text).toContain(authority);
    },
  );
});

describe("the privacy team's digest", () => {
  const line = (reference: string, dueAt: string) => ({
    reference,
    rightType: "RIGHT_OF_ACCESS",
    dueAt,
    state: "OPEN",
  });

  it("counts and lists what is overdue and what is due within 7 days, with the back-office link", () => {
    const mail = digestMail({
      to: "privacy@veldhavenmedia.nl",
      country: "nl",
      overdue: [line("PR-LATE-0001", "2026-04-01T10:00:00.000Z")],
      dueSoon: [line("PR-SOON-0001", LATE_EVENING_UTC), line("PR-SOON-0002", "2026-04-12T10:00:00.000Z")],
      waiting: 2,
      link: "https://privacy.veldhavenmedia.nl/nl/internal-privacy-rights/requests?country=nl",
    });
    expect(mail).toMatchObject({
      kind: "privacy-digest",
      to: "privacy@veldhavenmedia.nl",
      subject: "Privacyaanvragen NL: 1 te laat, 2 binnen 7 dagen",
    });
    // Waiting for the person: counted apart, as their clock stands still.
    expect(mail.text).toContain("1 te laat, 2 binnen 7 dagen te beantwoorden, 2 wachten op de aanvrager.");
    expect(mail.text).toContain("Te laat:\n- PR-LATE-0001 (RIGHT_OF_ACCESS, OPEN): uiterlijk 1 april 2026");
    expect(mail.text).toContain(
      "Binnen 7 dagen:\n- PR-SOON-0001 (RIGHT_OF_ACCESS, OPEN): uiterlijk 10 april 2026\n- PR-SOON-0002",
    );
    expect(mail.text).toContain(
      "Alles in de backoffice: https://privacy.veldhavenmedia.nl/nl/internal-privacy-rights/requests?country=nl",
    );
  });

  it("leaves out an empty section", () => {
    const mail = digestMail({
      to: "privacy@veldhavenmedia.be",
      country: "be",
      overdue: [],
      dueSoon: [line("PR-SOON-0001", LATE_EVENING_UTC)],
      waiting: 0,
      link: "https://x.example/",
    });
    expect(mail.subject).toBe("Privacyaanvragen BE: 0 te laat, 1 binnen 7 dagen");
    expect(mail.text).not.toContain("Te laat:");
    expect(mail.text).toContain("Binnen 7 dagen:");
    // No empty paragraph where the section would be.
    expect(mail.text).not.toMatch(/\n{3,}/);
  });
});
