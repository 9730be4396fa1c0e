/**
 * Every mail the app sends, rendered with fixed, realistic input:
 * each template in each locale and country its callers send it in. Mails to
 * a visitor or data subject go out in the locale of the site they used
 * (nl_nl on .nl; nl_be, fr_be or en_be on .be); the teams' notices take only
 * a country. Used by the snapshot test (app/services/mail/mail-snapshots.test.ts: the mails
 * read as recorded) and the text test (app/i18n/mail-texts.server.test.ts: nothing left
 * uninterpolated).
 *
 * `hostile` cases carry values a visitor or officer typed that look like
 * markup or like i18next syntax: they must reach the mail as typed in the
 * text part, and escaped in the HTML part.
 */
import { RIGHT_TYPES, type RightType } from "~/domain/privacy-request";
import type { Country, Locale } from "~/i18n/locale";
import {
  complaintOutcomeMail,
  digestMail,
  extensionMail,
  rejectionMail,
} from "~/services/mail/back-office-templates.server";
import { assignedMail, ownerReminderMail } from "~/services/mail/case-work-templates.server";
import { complaintAcknowledgement, complaintNotification } from "~/services/mail/complaint-templates.server";
import {
  objectionRefusedMail,
  objectionUpheldMail,
  restrictionLiftMail,
} from "~/services/mail/decision-templates.server";
import { answerMail, statusLinkMail } from "~/services/mail/delivery-templates.server";
import type { MailMessage } from "~/services/mail/outbox.server";
import { confirmationMail, privacyTeamNotification, verificationMail } from "~/services/mail/privacy-templates.server";
import { duplicateMail, noAnswerMail, questionMail } from "~/services/mail/question-templates.server";
import { systemTaskMail } from "~/services/mail/system-task-templates.server";
import { contactNotification } from "~/services/mail/templates.server";
import { COMPLAINT_REASONS } from "~/validation/complaint-reasons";

/** The public origins the links in the mails start with (set as PUBLIC_ORIGIN_NL / _BE while rendering). */
export const MAIL_ORIGINS = {
  PUBLIC_ORIGIN_NL: "https://privacy.veldhavenmedia.nl",
  PUBLIC_ORIGIN_BE: "https://privacy.veldhavenmedia.be",
};

/** Each locale a visitor can use, with the country of its site. */
const SITES: { locale: Locale; country: Country; to: string; path: string }[] = [
  { locale: "nl_nl", country: "nl", to: "lotte.devries@example.nl", path: "https://privacy.veldhavenmedia.nl/nl" },
  { locale: "nl_be", country: "be", to: "jan.peeters@example.be", path: "https://privacy.veldhavenmedia.be/nl" },
  { locale: "fr_be", country: "be", to: "camille.dubois@example.be", path: "https://privacy.veldhavenmedia.be/fr" },
  { locale: "en_be", country: "be", to: "sam.wouters@example.be", path: "https://privacy.veldhavenmedia.be/en" },
];
const COUNTRIES: Country[] = ["nl", "be"];

const REFERENCE = "PR-7QK2-M9XD";
const OTHER_REFERENCE = "PR-3HT8-W4NB";
const AD_REFERENCE = "PA-5RJ6-C2LV";
const CAMPAIGN_ID = "BE-2026-7001";
// 22:30 UTC on 9 April is 00:30 on 10 April in Brussels (summer time): the date shown is the Brussels one.
const EXPIRES_AT = "2026-04-09T22:30:00.000Z";
const DUE_AT = "2026-05-12T09:15:00.000Z";
const CLOSABLE_AT = "2026-01-31T23:05:00.000Z";
const TOKEN = "Zx9_aB-12cD";

/** Typed by people: markup, quotes, an ampersand, and what i18next would read as a variable or a nested key. */
const HOSTILE = `Tom & "Jerry" <b>O'Neil</b> {{reference}} $t(rights.OBJECTION) {{- email}}`;

export type CatalogueMail = { name: string; hostile?: boolean; message: MailMessage };

const team = (country: Country) => (country === "nl" ? "privacy@veldhavenmedia.nl" : "privacy@veldhavenmedia.be");

/** Every template by name, each giving its mails (rendered when called: the links need the configuration). */
export const MAIL_CATALOGUE: Record<string, () => CatalogueMail[]> = {
  contactNotification: () => [
    ...SITES.map(({ locale, country }) => ({
      name: locale,
      message: contactNotification({
        to: country === "nl" ? "klantenservice@veldhavenmedia.nl" : "klantendienst@veldhavenmedia.be",
        locale,
        country,
        name: "Lotte de Vries",
        email: "lotte.devries@example.nl",
        question: "Welke gegevens bewaren jullie van mij?\nIk ben abonnee sinds 2019.",
      }),
    })),
    {
      name: "nl_nl hostile",
      hostile: true,
      message: contactNotification({
        to: "klantenservice@veldhavenmedia.nl",
        locale: "nl_nl",
        country: "nl",
        name: HOSTILE,
        email: "tom+x@example.nl",
        question: `${HOSTILE}\nRegel 2 & meer`,
      }),
    },
    {
      name: "fr_be hostile",
      hostile: true,
      message: contactNotification({
        to: "klantendienst@veldhavenmedia.be",
        locale: "fr_be",
        country: "be",
        name: HOSTILE,
        email: "tom+x@example.be",
        question: HOSTILE,
      }),
    },
  ],

  verificationMail: () =>
    SITES.flatMap(({ locale, country, to, path }) => [
      ...RIGHT_TYPES.map((rightType) => ({
        name: `${locale} ${rightType}`,
        message: verificationMail({
          to,
          locale,
          country,
          rightType,
          reference: REFERENCE,
          link: `${path}/email-verification?token=${TOKEN}&flow=x`,
          expiresAt: EXPIRES_AT,
        }),
      })),
      ...(["reminder", "new-link"] as const).map((occasion) => ({
        name: `${locale} RIGHT_OF_ACCESS ${occasion}`,
        message: verificationMail({
          to,
          locale,
          country,
          rightType: "RIGHT_OF_ACCESS",
          reference: REFERENCE,
          link: `${path}/email-verification?token=${TOKEN}`,
          expiresAt: EXPIRES_AT,
          occasion,
        }),
      })),
    ]),

  confirmationMail: () =>
    SITES.flatMap(({ locale, country, to }) =>
      RIGHT_TYPES.map((rightType) => ({
        name: `${locale} ${rightType}`,
        message: confirmationMail({
          to,
          locale,
          country,
          rightType,
          reference: REFERENCE,
          dueAt: rightType === "OBJECTION" ? null : DUE_AT,
        }),
      })),
    ),

  privacyTeamNotification: () =>
    COUNTRIES.flatMap((country) =>
      RIGHT_TYPES.map((rightType: RightType) => {
        const executed = rightType === "OBJECTION";
        return {
          name: `${country} ${rightType}${executed ? " executed" : ""}`,
          message: privacyTeamNotification({
            to: team(country),
            country,
            rightType,
            reference: REFERENCE,
            dueAt: executed ? null : DUE_AT,
            executed,
          }),
        };
      }),
    ),

  complaintAcknowledgement: () =>
    SITES.flatMap(({ locale, to }) =>
      COMPLAINT_REASONS.map((reason) => ({
        name: `${locale} ${reason}`,
        message: complaintAcknowledgement({ to, locale, reference: AD_REFERENCE, campaignId: CAMPAIGN_ID, reason }),
      })),
    ),

  complaintNotification: () =>
    COUNTRIES.flatMap((country) =>
      COMPLAINT_REASONS.map((reason) => ({
        name: `${country} ${reason}`,
        message: complaintNotification({
          to: country === "nl" ? "politieke-advertenties@veldhavenmedia.nl" : "publicite-politique@veldhavenmedia.be",
          country,
          reference: AD_REFERENCE,
          campaignId: country === "nl" ? "NL-2026-0412" : CAMPAIGN_ID,
          reason,
        }),
      })),
    ),

  complaintOutcomeMail: () => [
    ...SITES.map(({ locale, to }) => ({
      name: locale,
      message: complaintOutcomeMail({
        to,
        locale,
        reference: AD_REFERENCE,
        campaignId: CAMPAIGN_ID,
        outcome: "De adverteerder heeft het label aangevuld met de financieringsbron.",
      }),
    })),
    {
      name: "fr_be hostile",
      hostile: true,
      message: complaintOutcomeMail({
        to: "camille.dubois@example.be",
        locale: "fr_be",
        reference: AD_REFERENCE,
        campaignId: CAMPAIGN_ID,
        outcome: HOSTILE,
      }),
    },
  ],

  extensionMail: () => [
    ...SITES.map(({ locale, country, to }) => ({
      name: locale,
      message: extensionMail({
        to,
        locale,
        country,
        reference: REFERENCE,
        dueAt: DUE_AT,
        reason: "We moeten drie systemen doorzoeken en één leverancier antwoordt pas over drie weken.",
      }),
    })),
    {
      name: "nl_be hostile",
      hostile: true,
      message: extensionMail({
        to: "jan.peeters@example.be",
        locale: "nl_be",
        country: "be",
        reference: REFERENCE,
        dueAt: DUE_AT,
        reason: HOSTILE,
      }),
    },
  ],

  rejectionMail: () => [
    ...SITES.map(({ locale, country, to }) => ({
      name: locale,
      message: rejectionMail({
        to,
        locale,
        country,
        reference: REFERENCE,
        reason: "We konden niet vaststellen dat het e-mailadres van jou is.",
      }),
    })),
    {
      name: "fr_be hostile",
      hostile: true,
      message: rejectionMail({
        to: "camille.dubois@example.be",
        locale: "fr_be",
        country: "be",
        reference: REFERENCE,
        reason: HOSTILE,
      }),
    },
  ],

  restrictionLiftMail: () => [
    ...SITES.map(({ locale, country, to }) => ({
      name: locale,
      message: restrictionLiftMail({
        to,
        locale,
        country,
        reference: REFERENCE,
        restrictedAt: EXPIRES_AT,
        reason: "We hebben je adres nagekeken: het klopt, dus we gebruiken het weer voor de bezorging.",
      }),
    })),
    {
      name: "fr_be hostile",
      hostile: true,
      message: restrictionLiftMail({
        to: "camille.dubois@example.be",
        locale: "fr_be",
        country: "be",
        reference: REFERENCE,
        restrictedAt: EXPIRES_AT,
        reason: HOSTILE,
      }),
    },
  ],

  objectionUpheldMail: () => [
    ...SITES.map(({ locale, country, to }) => ({
      name: locale,
      message: objectionUpheldMail({
        to,
        locale,
        country,
        reference: REFERENCE,
        purposes: ["PERSONALISED_ADVERTISING", "AUDIENCE_MEASUREMENT"],
      }),
    })),
    {
      name: "nl_nl with a purpose of their own and a note",
      message: objectionUpheldMail({
        to: "lotte.devries@example.nl",
        locale: "nl_nl",
        country: "nl",
        reference: REFERENCE,
        purposes: ["OTHER"],
        otherPurpose: "Het koppelen van mijn abonnement aan mijn leesgedrag",
        note: "Je leesgedrag wordt ook uit de bestaande profielen gewist.",
      }),
    },
    {
      name: "fr_be hostile",
      hostile: true,
      message: objectionUpheldMail({
        to: "camille.dubois@example.be",
        locale: "fr_be",
        country: "be",
        reference: REFERENCE,
        purposes: ["OTHER"],
        otherPurpose: HOSTILE,
        note: HOSTILE,
      }),
    },
  ],

  objectionRefusedMail: () => [
    ...SITES.map(({ locale, country, to }) => ({
      name: locale,
      message: objectionRefusedMail({
        to,
        locale,
        country,
        reference: REFERENCE,
        grounds: "De bereiksmeting is nodig om onze adverteerders te tonen hoeveel lezers een artikel haalt.",
      }),
    })),
    {
      name: "fr_be hostile",
      hostile: true,
      message: objectionRefusedMail({
        to: "camille.dubois@example.be",
        locale: "fr_be",
        country: "be",
        reference: REFERENCE,
        grounds: HOSTILE,
      }),
    },
  ],

  digestMail: () =>
    COUNTRIES.flatMap((country) => {
      const link = `https://privacy.veldhavenmedia.${country}/nl/internal-privacy-rights/requests?country=${country}&state=OPEN`;
      const overdue = [
        { reference: "PR-LATE-0001", rightType: "RIGHT_OF_ACCESS", dueAt: "2026-04-01T10:00:00.000Z", state: "OPEN" },
      ];
      const dueSoon = [
        { reference: "PR-SOON-0001", rightType: "RECTIFICATION", dueAt: EXPIRES_AT, state: "IN_PROGRESS" },
        {
          reference: "PR-SOON-0002",
          rightType: "RIGHT_TO_BE_FORGOTTEN",
          dueAt: "2026-04-12T10:00:00.000Z",
          state: "OPEN",
        },
      ];
      return [
        {
          name: `${country} overdue and due soon`,
          message: digestMail({ to: team(country), country, overdue, dueSoon, waiting: 2, link }),
        },
        {
          name: `${country} systems late`,
          message: digestMail({
            to: team(country),
            country,
            overdue: [],
            dueSoon,
            waiting: 0,
            link,
            overdueTasks: [{ reference: "PR-SOON-0002", system: "Drukkerij Oost", dueAt: "2026-04-12T10:00:00.000Z" }],
          }),
        },
        {
          name: `${country} due soon only`,
          message: digestMail({ to: team(country), country, overdue: [], dueSoon, waiting: 0, link }),
        },
        {
          name: `${country} overdue only`,
          message: digestMail({ to: team(country), country, overdue, dueSoon: [], waiting: 1, link }),
        },
        {
          name: `${country} nothing`,
          message: digestMail({ to: team(country), country, overdue: [], dueSoon: [], waiting: 0, link }),
        },
      ];
    }),

  answerMail: () =>
    SITES.flatMap(({ locale, country, to, path }) =>
      [0, 1, 2, 7].map((fileCount) => ({
        name: `${locale} ${fileCount} files`,
        message: answerMail({
          to,
          locale,
          country,
          reference: REFERENCE,
          link: `${path}/privacy-rights/answer?token=${TOKEN}&ref=${REFERENCE}`,
          expiresAt: EXPIRES_AT,
          fileCount,
        }),
      })),
    ),

  statusLinkMail: () =>
    SITES.map(({ locale, country, to, path }) => ({
      name: locale,
      message: statusLinkMail({
        to,
        locale,
        country,
        reference: REFERENCE,
        link: `${path}/privacy-rights/status?token=${TOKEN}`,
        expiresAt: EXPIRES_AT,
      }),
    })),

  questionMail: () =>
    SITES.map(({ locale, country, to, path }) => ({
      name: locale,
      message: questionMail({
        to,
        locale,
        country,
        reference: REFERENCE,
        link: `${path}/privacy-rights/reply?token=${TOKEN}`,
        question: "Over welk abonnement gaat het? Stuur ons je klantnummer.",
        closableAt: CLOSABLE_AT,
      }),
    })),

  duplicateMail: () =>
    SITES.map(({ locale, country, to }) => ({
      name: locale,
      message: duplicateMail({ to, locale, country, reference: REFERENCE, handledAs: OTHER_REFERENCE }),
    })),

  noAnswerMail: () => [
    ...SITES.map(({ locale, country, to }) => ({
      name: locale,
      message: noAnswerMail({
        to,
        locale,
        country,
        reference: REFERENCE,
        reason: "We hebben 30 dagen niets van je gehoord.",
      }),
    })),
    {
      name: "nl_nl hostile",
      hostile: true,
      message: noAnswerMail({
        to: "lotte.devries@example.nl",
        locale: "nl_nl",
        country: "nl",
        reference: REFERENCE,
        reason: HOSTILE,
      }),
    },
  ],

  // To a case's new owner (in Dutch, as every team mail), and to the owner of a request due within 5 days.
  assignedMail: () =>
    COUNTRIES.flatMap((country) => [
      {
        name: `${country} request`,
        message: assignedMail({
          to: "agent@veldhavenmedia.nl",
          country,
          kind: "request",
          reference: REFERENCE,
          dueAt: DUE_AT,
          by: "officer@veldhavenmedia.nl",
          link: `https://privacy.veldhavenmedia.${country}/nl/internal-privacy-rights/requests/${REFERENCE}`,
        }),
      },
      {
        name: `${country} ad report`,
        message: assignedMail({
          to: "officer@veldhavenmedia.nl",
          country,
          kind: "complaint",
          reference: "PA-7K4M-9QXD",
          dueAt: null,
          by: "dpo@veldhavenmedia.nl",
          link: `https://privacy.veldhavenmedia.${country}/nl/internal-privacy-rights/ad-reports/PA-7K4M-9QXD`,
        }),
      },
    ]),
  ownerReminderMail: () =>
    COUNTRIES.map((country) => ({
      name: country,
      message: ownerReminderMail({
        to: "agent@veldhavenmedia.nl",
        country,
        kind: "request",
        reference: REFERENCE,
        dueAt: DUE_AT,
        link: `https://privacy.veldhavenmedia.${country}/nl/internal-privacy-rights/requests/${REFERENCE}`,
      }),
    })),

  // To the contact of a system without an API, in the contact's language; an objection has no due date.
  systemTaskMail: () => [
    ...SITES.map(({ locale, country, path }) => ({
      name: locale,
      message: systemTaskMail({
        to: "abonnementen@drukkerij-example.nl",
        locale,
        country,
        reference: REFERENCE,
        rightType: "RIGHT_TO_BE_FORGOTTEN" as const,
        action: "erase" as const,
        system: "Abonnementenadministratie",
        dueAt: DUE_AT,
        link: `${path}/privacy-rights/system-task?token=${TOKEN}`,
        linkExpiresAt: EXPIRES_AT,
      }),
    })),
    {
      name: "nl_be OBJECTION",
      message: systemTaskMail({
        to: "marketing@example.be",
        locale: "nl_be",
        country: "be",
        reference: REFERENCE,
        rightType: "OBJECTION",
        action: "suppress",
        system: "Folderverspreiding",
        dueAt: null,
        link: `https://privacy.veldhavenmedia.be/nl/privacy-rights/system-task?token=${TOKEN}`,
        linkExpiresAt: EXPIRES_AT,
      }),
    },
    {
      name: "fr_be hostile",
      hostile: true,
      message: systemTaskMail({
        to: "x@example.be",
        locale: "fr_be",
        country: "be",
        reference: REFERENCE,
        rightType: "RECTIFICATION",
        action: "rectify",
        system: HOSTILE,
        dueAt: DUE_AT,
        link: `https://privacy.veldhavenmedia.be/fr/privacy-rights/system-task?token=${TOKEN}`,
        linkExpiresAt: EXPIRES_AT,
      }),
    },
  ],
};

/** One mail as the snapshot shows it: every field, the text and HTML parts whole. */
export function describeMail({ name, message }: CatalogueMail): string {
  return [
    `===== ${name}`,
    `kind: ${message.kind}`,
    `to: ${message.to}`,
    ...(message.replyTo === undefined ? [] : [`replyTo: ${message.replyTo}`]),
    `subject: ${message.subject}`,
    "----- text",
    message.text,
    "----- html",
    message.html,
    "",
  ].join("\n");
}
