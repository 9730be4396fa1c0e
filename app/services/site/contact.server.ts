import { randomUUID } from "node:crypto";

import { getConfig } from "~/config.server";
import { getDb } from "~/db/instance.server";
import type { Country, Locale } from "~/i18n/locale";
import type { ContactInput } from "~/validation/contact";

import { enqueueMail } from "../mail/outbox.server";
import { contactNotification } from "../mail/templates.server";
import { mayReceiveMail } from "../submission/email-domain.server";
import { storeSubmission, type Refused, type Sender } from "../submission/intake.server";
import type { SubmissionKey } from "../submission/keys.server";

export type ContactOutcome = { status: "sent"; id: string } | { status: "EMAIL_INVALID" } | Refused;

function customerServiceAddress(country: Country): string {
  const config = getConfig();
  return country === "nl" ? config.CUSTOMER_SERVICE_EMAIL_NL : config.CUSTOMER_SERVICE_EMAIL_BE;
}

/**
 * Stores a contact message and queues the notification to customer service
 * in one transaction (spec 2 "Contact form"). An address whose domain cannot
 * receive mail is refused with EMAIL_INVALID (spec 8); then the submission
 * is recognised if it came before, or counted (submission/intake.server.ts).
 */
export async function submitContactMessage(
  input: ContactInput,
  site: { locale: Locale; country: Country },
  options: { sender: Sender; submission?: SubmissionKey },
): Promise<ContactOutcome> {
  if (!(await mayReceiveMail(input.email))) return { status: "EMAIL_INVALID" };

  const db = await getDb();
  const id = randomUUID();
  const now = new Date();
  const outcome = await storeSubmission(db, {
    submission: options.submission,
    sender: options.sender,
    // The notification goes to customer service, not to the address given: no target to protect.
    limits: { kind: "public-form", bucket: `contact:${site.country}` },
    otherWay: customerServiceAddress(site.country),
    answer: { status: "sent" as const, id },
    now,
    store: async (trx) => {
      await trx
        .insertInto("contact_message")
        .values({ id, ...input, locale: site.locale, country: site.country, created_at: now.toISOString() })
        .execute();
      await enqueueMail(trx, contactNotification({ to: customerServiceAddress(site.country), ...site, ...input }), now);
    },
  });
  return outcome;
}
