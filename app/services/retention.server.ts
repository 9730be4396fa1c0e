/**
 * Personal data is kept no longer than its flow needs (GDPR Art. 5(1)(e)).
 * Runs periodically in every server process (the statements are idempotent,
 * so instances may overlap) and as `npm run retention`.
 */
import { sql, type Kysely } from "kysely";

import { getConfig } from "~/config.server";
import type { Database } from "~/db/schema";
import { metrics } from "~/utils/metrics.server";
import { singleton } from "~/utils/singleton.server";

import { deleteExpiredNotices } from "./campaign/versions.server";
import { remindOwners } from "./case-work/owner-reminders.server";
import { fillSearchKeys } from "./case-work/search-keys.server";
import { deleteExpiredFiles } from "./privacy-request/answer-retention.server";
import { runDailyDigest } from "./privacy-request/daily-digest.server";
import { deleteUnfinishedUploads } from "./privacy-request/file-store.server";
import { deleteExpiredReplyLinks } from "./privacy-request/questions.server";
import { deleteExpiredStatusLinks } from "./privacy-request/status.server";
import { deleteNeverVerified, expireUnconfirmed } from "./privacy-request/unconfirmed.server";
import { sendVerificationReminders } from "./privacy-request/verification-links.server";
import { keepFiguresThrough } from "./reports/rollup-rebuild.server";
import { deleteExpiredKeptForms } from "./staff/kept-forms.server";
import { purgeSessions } from "./staff/sessions.server";
import { deleteExpiredSubmissionKeys } from "./submission/keys.server";

export type RetentionPolicy = {
  unverifiedRetentionDays: number;
  contactRetentionDays: number;
  sentMailRetentionDays: number;
  complaintRetentionDays: number;
  noticeRetentionYears: number;
  staffSessionIdleMinutes: number;
};

export type RetentionReport = {
  expiredRequests: number;
  deletedRequests: number;
  deletedContactMessages: number;
  deletedComplaints: number;
  /** Political-ad notices (with their versions) past TTPA Art. 9's 7 years. */
  deletedNotices: number;
  deletedStaffSessions: number;
  /** What staff typed before their session ended, past its 30 minutes. */
  deletedKeptForms: number;
  purgedMailBodies: number;
  deletedRateLimitRows: number;
  deletedSubmissionKeys: number;
  /** Delivered files past their link's window, unsent ones of closed requests, broken-off uploads. */
  deletedFiles: number;
  deletedStatusLinks: number;
  /** Links to answer a question, issued from the status page, which end with the status link. */
  deletedReplyLinks: number;
  /** Reminders of links not yet used, halfway through their life. */
  verificationReminders: number;
};

const DAY_MS = 86_400_000;

export function retentionPolicy(): RetentionPolicy {
  const config = getConfig();
  return {
    unverifiedRetentionDays: config.UNVERIFIED_RETENTION_DAYS,
    contactRetentionDays: config.CONTACT_RETENTION_DAYS,
    sentMailRetentionDays: config.SENT_MAIL_RETENTION_DAYS,
    complaintRetentionDays: config.COMPLAINT_RETENTION_DAYS,
    noticeRetentionYears: config.NOTICE_RETENTION_YEARS,
    staffSessionIdleMinutes: config.STAFF_SESSION_IDLE_MINUTES,
  };
}

export async function runRetention(
  db: Kysely<Database>,
  policy: RetentionPolicy,
  now = new Date(),
): Promise<RetentionReport> {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();

  const expiredRequests = await expireUnconfirmed(db, now);
  const deletedRequests = await deleteNeverVerified(db, before(policy.unverifiedRetentionDays));

  const deletedContactMessages = await db
    .deleteFrom("contact_message")
    .where("created_at", "<=", before(policy.contactRetentionDays))
    .executeTakeFirst();

  // Ad reports: kept while a regulator may still ask how one was handled. Their
  // figures stay (aggregates, nobody in them): a rebuild keeps the days deleted from.
  const complaintCutoff = before(policy.complaintRetentionDays);
  const deletedComplaints = await db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom("political_ad_complaint")
      .where("created_at", "<=", complaintCutoff)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) > 0)
      await keepFiguresThrough(trx, "ad_reports", complaintCutoff.slice(0, 10), now);
    return deleted;
  });

  const deletedNotices = await deleteExpiredNotices(db, policy.noticeRetentionYears, now);

  const deletedStaffSessions = await purgeSessions(db, policy.staffSessionIdleMinutes, now);
  const deletedKeptForms = await deleteExpiredKeptForms(db, now);

  // The record that a mail was sent (or never arrived) stays; what it said and to whom does not.
  const mailCutoff = before(policy.sentMailRetentionDays);
  const purgedMailBodies = await db
    .updateTable("outbox")
    .set({ recipient: "", reply_to: null, subject: "", text_body: "", html_body: "", last_error: null })
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "sent"), eb("sent_at", "<=", mailCutoff)]),
        eb.and([eb("status", "in", ["bounced", "failed"]), eb("created_at", "<=", mailCutoff)]),
      ]),
    )
    .where("text_body", "!=", "")
    .executeTakeFirst();

  // rate-limiter-flexible's table: SQLite never clears expired rows itself.
  let deletedRateLimitRows = 0;
  const rateLimitTable = await sql<{ found: number }>`select 1 as found from ${sql.table("rate_limit")} limit 0`
    .execute(db)
    .then(
      () => true,
      () => false,
    );
  if (rateLimitTable) {
    const result =
      await sql`delete from ${sql.table("rate_limit")} where expire is not null and expire < ${now.getTime()}`.execute(
        db,
      );
    deletedRateLimitRows = Number(result.numAffectedRows ?? 0);
  }

  const deletedFiles = (await deleteExpiredFiles(db, now)) + (await deleteUnfinishedUploads(db, now));
  const deletedStatusLinks = await deleteExpiredStatusLinks(db, now);
  const deletedReplyLinks = await deleteExpiredReplyLinks(db, now);
  const verificationReminders = await sendVerificationReminders(db, now);

  // Submission keys (a repeated post answered as the first) are remembered for 24 hours.
  const deletedSubmissionKeys = await deleteExpiredSubmissionKeys(db, now);

  const report = {
    expiredRequests,
    deletedRequests,
    deletedContactMessages: Number(deletedContactMessages.numDeletedRows),
    deletedComplaints: Number(deletedComplaints.numDeletedRows),
    deletedNotices,
    deletedStaffSessions,
    deletedKeptForms,
    purgedMailBodies: Number(purgedMailBodies.numUpdatedRows),
    deletedRateLimitRows,
    deletedSubmissionKeys,
    deletedFiles,
    deletedStatusLinks,
    deletedReplyLinks,
    verificationReminders,
  };
  for (const [kind, count] of Object.entries(report))
    if (count > 0 && kind !== "verificationReminders") metrics().retentionDeletions.inc({ kind }, count);
  return report;
}

const retentionTimer = singleton<NodeJS.Timeout>("retention-timer");

/** Runs the retention rules now and then every RETENTION_INTERVAL_MINUTES in this process. */
export function startRetentionJob(
  db: Kysely<Database>,
  log: { info: (data: object, message: string) => void; error: (data: object, message: string) => void },
): void {
  if (retentionTimer.peek()) return;
  const run = () =>
    runRetention(db, retentionPolicy())
      // The privacy team's digest rides on the same clock: once a day, from 07:00 Brussels time.
      .then(async (report) => ({
        ...report,
        digests: await runDailyDigest(db),
        ownerReminders: await remindOwners(db),
        searchKeysFilled: await fillSearchKeys(db),
      }))
      .then(
        (report) => {
          if (Object.values(report).some((count) => count > 0)) log.info(report, "retention run");
        },
        (error: unknown) => log.error({ err: error }, "retention run failed"),
      );
  void run();
  retentionTimer.set(setInterval(run, getConfig().RETENTION_INTERVAL_MINUTES * 60_000).unref());
}

export function stopRetentionJob(): void {
  clearInterval(retentionTimer.peek());
  retentionTimer.set(undefined);
}
