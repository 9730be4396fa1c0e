/**
 * Art. 20(2): the person asked for their package to go straight to another
 * controller. The officer sends it there (the zip from the request's files)
 * the way that controller takes it, then records how and on which day; the
 * trail keeps it and the person's status page says it. Once per request,
 * and only for a package the person sent on.
 */
import type { Db } from "~/db/db.server";
import type { PrivacyRequestTable } from "~/db/schema/privacy-requests";
import { rightOf } from "~/domain/rights";
import type { TransitionOutcome } from "~/domain/transition";
import { dateTimeFormat } from "~/utils/intl-formats";
import { receivingController } from "~/validation/rights/portability";

import { audit } from "./audit.server";
import { act, type Staff } from "./state-change.server";
import { rightDetailsOf } from "./view.server";

/** Today on the team's calendar (the Netherlands and Belgium share a zone), as an ISO date. */
export const teamToday = (now: Date) =>
  dateTimeFormat("en-CA", { timeZone: "Europe/Brussels", year: "numeric", month: "2-digit", day: "2-digit" }).format(
    now,
  );

/** The controller the request's package goes to; null for a request of another right, or one the person receives. */
function handOverTarget(request: Pick<PrivacyRequestTable, "right_type" | "right_details">) {
  const details = rightDetailsOf(request);
  if (rightOf(request.right_type).answer !== "package" || !details) return null;
  return receivingController(details);
}

type HandOverRow = Pick<PrivacyRequestTable, "right_type" | "right_details" | "handed_over_at" | "handed_over_how">;

/** The hand-over as the pages show it: to whom, and once recorded when and how; null when the package is not sent on. */
export function handOverView(request: HandOverRow) {
  const controller = handOverTarget(request);
  if (!controller) return null;
  return {
    controller,
    handedOver: request.handed_over_at ? { on: request.handed_over_at, how: request.handed_over_how ?? "" } : null,
  };
}

/** Records that the package went to the controller: `on` an ISO date, not after today. */
export function recordHandOver(
  db: Db,
  reference: string,
  staff: Staff,
  input: { how: string; on: string },
  now = new Date(),
): Promise<TransitionOutcome> {
  return act(db, reference, "handOver", async (trx, request) => {
    const controller = handOverTarget(request);
    if (!controller || request.handed_over_at) return false;
    if (input.on > teamToday(now))
      return { status: "invalid", fieldErrors: { on: ["backOffice.portability.handOver.errors.onFuture"] } };
    const updated = await trx
      .updateTable("privacy_request")
      .set({ handed_over_at: input.on, handed_over_how: input.how, updated_at: now.toISOString() })
      .where("id", "=", request.id)
      .where("handed_over_at", "is", null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    await audit(trx, {
      requestId: request.id,
      at: now,
      actor: "STAFF",
      actorId: staff.email,
      action: "HANDED_OVER",
      note: `${controller.name}, ${input.on}: ${input.how}`,
    });
    return true;
  });
}
