/**
 * Reports about political ads: stored with the acknowledgement and the
 * compliance team's notification in one transaction (nothing is lost when
 * mail is down), in state RECEIVED.
 */
import { randomUUID } from "node:crypto";

import { getConfig } from "~/config.server";
import type { Db } from "~/db/db.server";
import { getDb } from "~/db/instance.server";
import type { Country } from "~/domain/country";
import { normaliseEmail } from "~/domain/email";
import type { Locale } from "~/i18n/locale";
import type { ComplaintInput } from "~/validation/complaint";

import { findCampaign } from "../campaign/register.server";
import { complaintAcknowledgement, complaintNotification } from "../mail/complaint-templates.server";
import { enqueueMail } from "../mail/outbox.server";
import { newReference } from "../privacy-request/record.server";
import { rollAdReportChange } from "../reports/rollup-writes.server";
import { mayReceiveMail } from "../submission/email-domain.server";
import { storeSubmission, type Refused, type Sender } from "../submission/intake.server";
import type { SubmissionKey } from "../submission/keys.server";
import { targetKey } from "../submission/target-key.server";

export type ComplaintOutcome =
  | { status: "received"; id: string; reference: string }
  | { status: "INVALID_EMAIL" }
  | { status: "NOT_FOUND" }
  | Refused;

function complianceAddress(country: Country): string {
  const config = getConfig();
  return country === "nl" ? config.AD_COMPLIANCE_EMAIL_NL : config.AD_COMPLIANCE_EMAIL_BE;
}

const COMPLAINT_BUCKET = "ad-report";

export async function submitComplaint(
  input: ComplaintInput & { campaignId: string },
  site: { country: Country; locale: Locale },
  options: { sender: Sender; submission?: SubmissionKey; now?: Date; db?: Db },
): Promise<ComplaintOutcome> {
  const db = options.db ?? (await getDb());
  if (!(await findCampaign(db, site.country, input.campaignId))) return { status: "NOT_FOUND" };
  if (!(await mayReceiveMail(input.email))) return { status: "INVALID_EMAIL" };
  const now = options.now ?? new Date();
  const id = randomUUID();
  const reference = newReference("PA");
  const outcome = await storeSubmission(db, {
    submission: options.submission,
    sender: options.sender,
    // The acknowledgement goes to the address given: nobody may flood someone else's mailbox with it.
    limits: { kind: "public-form", bucket: `${COMPLAINT_BUCKET}:${site.country}`, target: input.email },
    otherWay: complianceAddress(site.country),
    answer: { status: "received" as const, id, reference },
    now,
    store: async (trx) => {
      await trx
        .insertInto("political_ad_complaint")
        .values({
          id,
          reference,
          campaign_id: input.campaignId,
          country: site.country,
          reason: input.reason,
          name: input.name,
          email: normaliseEmail(input.email),
          explanation: input.explanation,
          locale: site.locale,
          state: "RECEIVED",
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
          email_key: targetKey(input.email),
          assignee: null,
          assigned_at: null,
        })
        .execute();
      await rollAdReportChange(trx, id, null);
      await enqueueMail(
        trx,
        complaintAcknowledgement({
          to: input.email,
          locale: site.locale,
          reference,
          campaignId: input.campaignId,
          reason: input.reason,
        }),
        now,
      );
      await enqueueMail(
        trx,
        complaintNotification({
          to: complianceAddress(site.country),
          country: site.country,
          reference,
          campaignId: input.campaignId,
          reason: input.reason,
        }),
        now,
      );
    },
  });
  return outcome;
}
