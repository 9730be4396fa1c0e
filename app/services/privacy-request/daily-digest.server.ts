/**
 * The privacy team's daily digest: per country, the requests due within a
 * week, the overdue ones, those waiting for the person and the systems' late
 * tasks, mailed once a day by whichever instance gets there first.
 */
import { getConfig } from "~/config.server";
import type { Db } from "~/db/db.server";
import { COUNTRIES, type Country } from "~/domain/country";
import { ACTIVE_STATES } from "~/domain/privacy-request";
import { backOfficeRequestsUrl } from "~/utils/staff-links.server";

import { digestMail } from "../mail/back-office-templates.server";
import { enqueueMail } from "../mail/outbox.server";
import { overdueTasks } from "../systems/request-tasks.server";
import { privacyTeamAddress } from "./record.server";

const DIGEST_KEY = "privacy-digest-sent-on";

const brusselsDay = (now: Date) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Brussels",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
const brusselsHour = (now: Date) =>
  Number(
    new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Brussels", hour: "2-digit", hourCycle: "h23" }).format(now),
  );

/** Claims today's digest for this process; false when another instance (or an earlier run) already did. */
async function claimDigestDay(db: Db, now: Date, force: boolean, fromHour: number): Promise<boolean> {
  const today = brusselsDay(now);
  if (!force && brusselsHour(now) < fromHour) return false;
  await db
    .insertInto("app_meta")
    .values({ key: DIGEST_KEY, value: "", updated_at: now.toISOString() })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const claimed = await db
    .updateTable("app_meta")
    .set({ value: today, updated_at: now.toISOString() })
    .where("key", "=", DIGEST_KEY)
    .where("value", "!=", today)
    .executeTakeFirst();
  return force || Number(claimed.numUpdatedRows) === 1;
}

/**
 * The privacy team's daily digest per country: requests due within 7 days
 * and overdue ones. Sent once a day from DIGEST_HOUR (07:00 Brussels) by whichever
 * instance runs the job first; `force` sends now (`npm run digest`).
 */
async function sendDailyDigest(
  db: Db,
  options: {
    now?: Date;
    force?: boolean;
    fromHour: number;
    teamAddress: (country: Country) => string;
    backOfficeLink: (country: Country) => string;
  },
): Promise<number> {
  const now = options.now ?? new Date();
  if (!(await claimDigestDay(db, now, options.force ?? false, options.fromHour))) return 0;
  const weekAhead = new Date(now.getTime() + 7 * 86_400_000).toISOString();
  let sent = 0;
  for (const country of COUNTRIES) {
    const rows = await db
      .selectFrom("privacy_request")
      .select(["reference", "right_type", "due_at", "state"])
      .where("country", "=", country)
      .where("state", "in", ACTIVE_STATES)
      .where("due_at", "<=", weekAhead)
      .orderBy("due_at")
      .execute();
    const { waiting } = await db
      .selectFrom("privacy_request")
      .select((eb) => eb.fn.countAll<number>().as("waiting"))
      .where("country", "=", country)
      .where("state", "=", "WAITING_FOR_PERSON")
      .executeTakeFirstOrThrow();
    const lateTasks = await overdueTasks(db, now, country);
    if (rows.length === 0 && Number(waiting) === 0 && lateTasks.length === 0) continue;
    const line = (row: (typeof rows)[number]) => ({
      reference: row.reference,
      rightType: row.right_type,
      dueAt: row.due_at!,
      state: row.state,
    });
    await enqueueMail(
      db,
      digestMail({
        to: options.teamAddress(country),
        country,
        overdue: rows.filter((row) => row.due_at! < now.toISOString()).map(line),
        dueSoon: rows.filter((row) => row.due_at! >= now.toISOString()).map(line),
        waiting: Number(waiting),
        link: options.backOfficeLink(country),
        overdueTasks: lateTasks.map((task) => ({ reference: task.reference, system: task.system, dueAt: task.dueAt! })),
      }),
      now,
    );
    sent += 1;
  }
  return sent;
}

/** The digest with this deployment's addresses: the privacy teams, and the back office at the public origin. */
export function runDailyDigest(db: Db, options: { now?: Date; force?: boolean } = {}) {
  return sendDailyDigest(db, {
    fromHour: getConfig().DIGEST_HOUR,
    ...options,
    teamAddress: privacyTeamAddress,
    backOfficeLink: backOfficeRequestsUrl,
  });
}
