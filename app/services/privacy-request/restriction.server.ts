/**
 * A restriction of processing (Art. 18) after it took effect: it is set
 * when an officer starts the request (back-office.server.ts, with its
 * `restrict` tasks) and stays in force after the request is answered. Art.
 * 18(3): the person is told before it is lifted. So lifting is two steps:
 * the officer announces it with the reason, which is mailed; once that very
 * mail has left the outbox, the officer lifts it and every system gets a
 * `lift` task. Each step is guarded by the request's state and its
 * restriction, with its audit event, in one transaction.
 */
import type { Kysely } from "kysely";

import type { Db } from "~/db/db.server";
import type { Database } from "~/db/schema";
import type { PrivacyRequestTable } from "~/db/schema/privacy-requests";
import { restrictionInForce } from "~/domain/privacy-request";
import type { Refusal } from "~/domain/transition";

import { restrictionLiftMail } from "../mail/decision-templates.server";
import { enqueueMail } from "../mail/outbox.server";
import { fanOut } from "../systems/fan-out.server";
import { audit } from "./audit.server";
import { act, type Staff } from "./state-change.server";

const refused = (banner: string): Refusal => ({
  status: "not-allowed",
  banner: `backOffice.restriction.refused.${banner}`,
});

/** Never restricted, or lifted already: there is nothing to lift. */
const notInForce = (request: PrivacyRequestTable) => (restrictionInForce(request) ? null : refused("notInForce"));

/** What became of the notice mail: pending (not sent yet), sent, or failed / bounced (never arrived). */
async function noticeStatus(db: Kysely<Database>, mailId: string | null) {
  if (!mailId) return null;
  const mail = await db.selectFrom("outbox").select(["status", "sent_at"]).where("id", "=", mailId).executeTakeFirst();
  return mail ? { status: mail.status, sentAt: mail.sent_at } : null;
}

/** Mails the person that the restriction will be lifted, and why. Announced again (a notice that bounced), the latest notice counts. */
export function announceLift(db: Db, reference: string, staff: Staff, reason: string, now = new Date()) {
  return act(db, reference, "announceLift", async (trx, request) => {
    const refusal = notInForce(request);
    if (refusal) return refusal;
    if (!request.email) return refused("noAddress");
    const announced = await trx
      .updateTable("privacy_request")
      .set({ lift_announced_at: now.toISOString(), updated_at: now.toISOString() })
      .where("id", "=", request.id)
      .where("lifted_at", "is", null)
      .executeTakeFirst();
    if (Number(announced.numUpdatedRows) !== 1) return false;
    const mailId = await enqueueMail(
      trx,
      restrictionLiftMail({
        to: request.email,
        locale: request.locale,
        country: request.country,
        reference: request.reference,
        restrictedAt: request.restricted_at!,
        reason,
      }),
      now,
    );
    await trx
      .updateTable("privacy_request")
      .set({ lift_notice_mail_id: mailId })
      .where("id", "=", request.id)
      .execute();
    await audit(trx, {
      requestId: request.id,
      at: now,
      actor: "STAFF",
      actorId: staff.email,
      action: "LIFT_ANNOUNCED",
      note: reason,
    });
    return true;
  });
}

/** Lifts the restriction once the person's notice was sent: the systems get their `lift` tasks. */
export function liftRestriction(db: Db, reference: string, staff: Staff, now = new Date()) {
  return act(db, reference, "lift", async (trx, request) => {
    const refusal = notInForce(request);
    if (refusal) return refusal;
    const notice = await noticeStatus(trx, request.lift_notice_mail_id);
    if (!notice) return refused("notAnnounced");
    if (notice.status === "pending") return refused("noticeNotSent");
    if (notice.status !== "sent") return refused("noticeUndelivered");
    const updated = await trx
      .updateTable("privacy_request")
      .set({ lifted_at: now.toISOString(), updated_at: now.toISOString() })
      .where("id", "=", request.id)
      .where("lifted_at", "is", null)
      .where("lift_notice_mail_id", "=", request.lift_notice_mail_id)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    await audit(trx, { requestId: request.id, at: now, actor: "STAFF", actorId: staff.email, action: "LIFTED" });
    await fanOut(trx, request, now, "lift");
    return true;
  });
}

export type RestrictionShown = {
  since: string;
  liftAnnouncedAt: string | null;
  /** The notice's fate: pending, sent, failed or bounced. */
  notice: { status: string; sentAt: string | null } | null;
  liftedAt: string | null;
  /** The officer may announce and lift (in force, in a state that allows it). */
  inForce: boolean;
};

/** A request's restriction as the back office and the person's status page show it; null when it never took effect. */
export async function restrictionOf(
  db: Kysely<Database>,
  request: PrivacyRequestTable,
): Promise<RestrictionShown | null> {
  if (!request.restricted_at) return null;
  return {
    since: request.restricted_at,
    liftAnnouncedAt: request.lift_announced_at,
    notice: await noticeStatus(db, request.lift_notice_mail_id),
    liftedAt: request.lifted_at,
    inForce: restrictionInForce(request),
  };
}
