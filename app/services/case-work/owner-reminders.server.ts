/**
 * The owner of a request hears once when it is 5 days (or less)
 * from its due date. The claim (`owner_reminded_at` set where it was null)
 * and the mail are one transaction, so of several instances one mails.
 * A new owner or an extended deadline clears the mark: they hear again.
 */
import type { Db } from "~/db/db.server";
import { ACTIVE_STATES, OWNER_REMINDER_DAYS_BEFORE_DUE } from "~/domain/privacy-request";
import { backOfficeCaseUrl } from "~/utils/staff-links.server";

import { ownerReminderMail } from "../mail/case-work-templates.server";
import { enqueueMail } from "../mail/outbox.server";
import { claimOwnerReminder } from "../privacy-request/case-work-columns.server";

export async function remindOwners(db: Db, now = new Date()): Promise<number> {
  const horizon = new Date(now.getTime() + OWNER_REMINDER_DAYS_BEFORE_DUE * 86_400_000).toISOString();
  const due = await db
    .selectFrom("privacy_request")
    .select(["id", "reference", "country", "assignee", "due_at"])
    .where("state", "in", ACTIVE_STATES)
    .where("assignee", "is not", null)
    .where("owner_reminded_at", "is", null)
    .where("due_at", "<=", horizon)
    .execute();
  let sent = 0;
  for (const row of due) {
    const mailed = await db.transaction().execute(async (trx) => {
      if (!(await claimOwnerReminder(trx, { id: row.id, assignee: row.assignee! }, now))) return false;
      const link = backOfficeCaseUrl(row.country, "request", row.reference);
      await enqueueMail(
        trx,
        ownerReminderMail({
          to: row.assignee!,
          country: row.country,
          kind: "request",
          reference: row.reference,
          dueAt: row.due_at!,
          link,
        }),
        now,
      );
      return true;
    });
    if (mailed) sent += 1;
  }
  return sent;
}
