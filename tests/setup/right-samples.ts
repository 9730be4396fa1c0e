/**
 * One request of each right, as the JSON call takes it (typed by the
 * rights' table: a new right needs its sample here), read through the call's
 * own validation and stored by the service; and the person's confirmation
 * through the link in the mail they were sent. For the unit tests that
 * check every right takes part in what counts, deadlines and fans out.
 */
import type { Kysely } from "kysely";

import type { Database } from "~/db/schema";
import { rightOf, type Right, type RightType } from "~/domain/rights";
import { confirmVerification } from "~/services/privacy-request/email-verification.server";
import { submitPrivacyRequest } from "~/services/privacy-request/record.server";
import { privacyRequestPayloadSchema } from "~/validation/privacy-request-payload";

/** The call's body of each right, but the e-mail address. */
export const RIGHT_SAMPLES: Record<RightType, Record<string, unknown>> = {
  RIGHT_OF_ACCESS: { userMessage: "Welke gegevens hebben jullie van mij?" },
  RECTIFICATION: { userMessage: "Mijn huisnummer is 12, niet 21.", brandName: "De Dagwijzer" },
  RIGHT_TO_BE_FORGOTTEN: { userMessage: "Verwijder mijn account." },
  OBJECTION: { brands: ["dagwijzer"], phoneNumber: "+31612345678" },
  REMOVAL_FROM_PUBLICATION: {
    article: "Brand in de Kerkstraat",
    publicationDate: "03 - 02 - 2025",
    userMessage: "Mijn naam staat in het artikel.",
  },
  RESTRICTION_OF_PROCESSING: { ground: "ACCURACY_CONTESTED", concerns: "Mijn adres in het abonneebestand." },
  DATA_PORTABILITY: { delivery: "CONTROLLER", controllerName: "Uitgeverij Noord", controllerAddress: "Utrecht" },
  OBJECTION_TO_PROCESSING: { purposes: ["AUDIENCE_MEASUREMENT"], grounds: "Ik ben bron van journalisten." },
};

const SITES = {
  nl: { country: "nl", locale: "nl_nl", language: "nl" },
  be: { country: "be", locale: "nl_be", language: "nl" },
} as const;

/** A country where the right is offered (the Netherlands when it is everywhere). */
const countryOf = (right: Right) => right.countries[0];

/** Submits the right's sample from `email`, as the JSON call would, in a country that offers it. */
export async function submitSample(db: Kysely<Database>, code: RightType, email: string, now = new Date()) {
  const right = rightOf(code);
  const input = privacyRequestPayloadSchema.parse({ flowType: code, email, ...RIGHT_SAMPLES[code] });
  const outcome = await submitPrivacyRequest(input, SITES[countryOf(right)], {
    requestOrigin: `http://${countryOf(right)}.localhost`,
    clientIp: "192.0.2.30",
    db,
    now,
  });
  if (outcome.status !== "accepted") throw new Error(`${code} not accepted: ${outcome.status}`);
  return outcome;
}

/** The person confirms the request through the link mailed to them. */
export async function confirmByMail(db: Kysely<Database>, reference: string, now = new Date()) {
  const mails = await db
    .selectFrom("outbox")
    .innerJoin("privacy_request", "privacy_request.email", "outbox.recipient")
    .select("outbox.text_body")
    .where("outbox.kind", "=", "privacy-verification")
    .where("privacy_request.reference", "=", reference)
    .execute();
  const mail = mails.find((candidate) => candidate.text_body.includes(reference))!;
  const token = /email-verification\?token=([\w-]+)/.exec(mail.text_body)![1];
  return confirmVerification(token, { db, now });
}
