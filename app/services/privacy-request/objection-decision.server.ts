/**
 * A right an officer decides on (its row fans out at "decision": the
 * objection to processing of Art. 21(1)). The officer weighs the person's
 * grounds against the group's. Upheld, the systems get their tasks (`stop`)
 * and the person is told; the request stays in progress until it is
 * completed as any other. Refused, it is rejected, and the person gets the
 * compelling legitimate grounds and where to turn: the supervisory
 * authority of their country, and the courts. Decided once, while in
 * progress; each decision with its audit event and mail in one transaction.
 */
import type { Db } from "~/db/db.server";
import type { PrivacyRequestTable } from "~/db/schema/privacy-requests";
import { fansOutAt } from "~/domain/rights";
import type { Refusal } from "~/domain/transition";

import { objectionRefusedMail, objectionUpheldMail, type ObjectedPurposes } from "../mail/decision-templates.server";
import { enqueueMail } from "../mail/outbox.server";
import { fanOut } from "../systems/fan-out.server";
import { audit } from "./audit.server";
import { act, moveTo, type Staff } from "./state-change.server";

const refused = (banner: string): Refusal => ({
  status: "not-allowed",
  banner: `backOffice.processingObjection.refused.${banner}`,
});

/** Why no decision can be taken on the request (beyond its state), or null. */
function undecidable(request: PrivacyRequestTable): Refusal | null {
  if (!fansOutAt(request.right_type, "decision")) return refused("notDecidable");
  if (request.decided_at) return refused("alreadyDecided");
  return null;
}

/** Whether the request's right waits for an officer's decision that has not been taken. */
export function awaitsDecision(request: Pick<PrivacyRequestTable, "right_type" | "decided_at">): boolean {
  return fansOutAt(request.right_type, "decision") && request.decided_at === null;
}

/** What the person objected to, as their form kept it. */
function objectedPurposes(request: PrivacyRequestTable): ObjectedPurposes {
  const details = request.right_details ? (JSON.parse(request.right_details) as Record<string, unknown>) : {};
  const purposes = Array.isArray(details.purposes) ? details.purposes.map(String) : [];
  return {
    purposes,
    ...(typeof details.otherPurpose === "string" ? { otherPurpose: details.otherPurpose } : {}),
  };
}

export function upholdObjection(db: Db, reference: string, staff: Staff, note: string, now = new Date()) {
  return act(db, reference, "uphold", async (trx, request) => {
    const refusal = undecidable(request);
    if (refusal) return refusal;
    const decided = await trx
      .updateTable("privacy_request")
      .set({ decision: "UPHELD", decided_at: now.toISOString(), updated_at: now.toISOString() })
      .where("id", "=", request.id)
      .where("state", "=", request.state)
      .where("decided_at", "is", null)
      .executeTakeFirst();
    if (Number(decided.numUpdatedRows) !== 1) return false;
    await audit(trx, {
      requestId: request.id,
      at: now,
      actor: "STAFF",
      actorId: staff.email,
      action: "OBJECTION_UPHELD",
      note: note || undefined,
    });
    await fanOut(trx, request, now);
    if (request.email) {
      await enqueueMail(
        trx,
        objectionUpheldMail({
          to: request.email,
          locale: request.locale,
          country: request.country,
          reference: request.reference,
          ...objectedPurposes(request),
          ...(note ? { note } : {}),
        }),
        now,
      );
    }
    return true;
  });
}

export function refuseObjection(db: Db, reference: string, staff: Staff, grounds: string, now = new Date()) {
  return act(db, reference, "refuse", async (trx, request) => {
    const refusal = undecidable(request);
    if (refusal) return refusal;
    const decision = { decision: "REFUSED", decided_at: now.toISOString() } as const;
    if (!(await moveTo(trx, request, "refuse", now, decision, ["decided_at"]))) return false;
    await audit(trx, {
      requestId: request.id,
      at: now,
      actor: "STAFF",
      actorId: staff.email,
      action: "OBJECTION_REFUSED",
      from: request.state,
      to: "REJECTED",
      note: grounds,
    });
    if (request.email) {
      await enqueueMail(
        trx,
        objectionRefusedMail({
          to: request.email,
          locale: request.locale,
          country: request.country,
          reference: request.reference,
          grounds,
        }),
        now,
      );
    }
    return true;
  });
}
