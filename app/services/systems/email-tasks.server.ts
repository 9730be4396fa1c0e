/**
 * A system without an API is reached through its contact. The
 * contact gets a mail in their language with a link to the task's page
 * (single use, expiring; only the token's SHA-256 is kept). Opening the page
 * changes nothing (mail scanners open links); the contact's POST answers the
 * task. An officer may give the task to another contact: the old link dies.
 */
import type { Kysely } from "kysely";

import type { Db } from "~/db/db.server";
import type { Database } from "~/db/schema";
import type { PrivacyRequestTable } from "~/db/schema/privacy-requests";
import type { TaskAnswer } from "~/domain/data-system";
import { TASK_ANSWERS } from "~/domain/data-system";
import { rightOf, type RightType, type SystemAction } from "~/domain/rights";
import type { TransitionOutcome } from "~/domain/transition";
import type { Locale } from "~/i18n/locale";

import { enqueueMail } from "../mail/outbox.server";
import { systemTaskMail } from "../mail/system-task-templates.server";
import { audit } from "../privacy-request/audit.server";
import { hashToken, newLinkToken, personLink } from "../privacy-request/link-tokens.server";
import type { Staff } from "../privacy-request/state-change.server";
import { recordAnswer, setTaskLink } from "../privacy-request/system-tasks.server";
import { addressLine, personName, rightDetailsOf, storedDetails } from "../privacy-request/view.server";

/** A task link is good for 30 days: past most requests' due date, and a contact on leave still finds it working. */
const TASK_LINK_DAYS = 30;
const DAY_MS = 86_400_000;

type TaskRequest = Pick<PrivacyRequestTable, "country" | "reference" | "right_type" | "due_at">;

/** Writes the task's link and queues its mail (in the caller's transaction). */
export async function sendTaskLink(
  trx: Kysely<Database>,
  task: { id: string; action: SystemAction; contactEmail: string; contactLocale: Locale; system: string },
  request: TaskRequest,
  now: Date,
): Promise<void> {
  const { token, hash } = newLinkToken();
  const expiresAt = new Date(now.getTime() + TASK_LINK_DAYS * DAY_MS).toISOString();
  await setTaskLink(trx, task.id, { hash, expiresAt, contactEmail: task.contactEmail });
  const link = personLink(
    { country: request.country, locale: task.contactLocale },
    "/privacy-rights/system-task",
    token,
  );
  await enqueueMail(
    trx,
    systemTaskMail({
      to: task.contactEmail,
      locale: task.contactLocale,
      country: request.country,
      reference: request.reference,
      rightType: request.right_type,
      action: task.action,
      system: task.system,
      dueAt: request.due_at,
      link,
      linkExpiresAt: expiresAt,
    }),
    now,
  );
}

/** What the task page shows: the request, the person's identifiers, and what to do. */
export type EmailTaskView = {
  system: string;
  reference: string;
  rightType: RightType;
  action: SystemAction;
  dueAt: string | null;
  subject: { email: string | null; phoneNumber: string | null; name: string | null; address: string | null };
  objection: { brand: string; channel: string }[];
  publication: { link: string | null; article: string | null; date: string | null } | null;
  /** The right's own answers (a restriction's ground, the purposes objected to). */
  details: Record<string, string | string[]>;
};

async function taskByToken(db: Kysely<Database>, token: string, now: Date) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  return db
    .selectFrom("system_task as t")
    .innerJoin("privacy_request as r", "r.id", "t.request_id")
    .innerJoin("data_system as s", "s.id", "t.system_id")
    .select([
      "t.id",
      "t.request_id",
      "t.system_id",
      "t.contact_email",
      "t.action",
      "s.name",
      "r.reference",
      "r.right_type",
      "r.due_at",
      "r.email",
      "r.phone_number",
      "r.user_info",
      "r.publication_link",
      "r.article",
      "r.publication_date",
      "r.right_details",
    ])
    .where("t.link_token_hash", "=", hashToken(token))
    .where("t.state", "=", "OPEN")
    .where("t.link_expires_at", ">", now.toISOString())
    .executeTakeFirst();
}

/** The open task behind a link, or null (unknown, expired, answered, or given to another contact). */
export async function openEmailTask(
  db: Kysely<Database>,
  token: string,
  now = new Date(),
): Promise<EmailTaskView | null> {
  const task = await taskByToken(db, token, now);
  if (!task) return null;
  const { userInfo } = storedDetails({ brand_keys: null, user_info: task.user_info });
  const name = userInfo ? personName(userInfo) || null : null;
  const address = userInfo?.address ? addressLine(userInfo.address, { country: true }) : null;
  const { asks } = rightOf(task.right_type);
  const objection = asks.brandsAndChannels
    ? await db
        .selectFrom("marketing_suppression")
        .select(["brand_key as brand", "channel"])
        .where("request_id", "=", task.request_id)
        .orderBy("brand_key")
        .execute()
    : [];
  return {
    system: task.name,
    reference: task.reference,
    rightType: task.right_type,
    action: task.action,
    dueAt: task.due_at,
    subject: { email: task.email, phoneNumber: task.phone_number, name, address },
    objection,
    publication: asks.publication
      ? { link: task.publication_link, article: task.article, date: task.publication_date }
      : null,
    details: rightDetailsOf(task) ?? {},
  };
}

export type EmailTaskTarget = { requestId: string; systemId: string; action: SystemAction };

/** Where the contact's files go (an export task's data), before the answer is read: the open task behind the link. */
export async function emailTaskTarget(
  db: Kysely<Database>,
  token: string,
  now = new Date(),
): Promise<EmailTaskTarget | null> {
  const task = await taskByToken(db, token, now);
  return task ? { requestId: task.request_id, systemId: task.system_id, action: task.action } : null;
}

/** The contact's answer: once (the link dies with it); `files` they sent with it are in the trail's note. */
export async function answerByContact(
  db: Db,
  token: string,
  input: { answer: TaskAnswer; note?: string; files?: number },
  now = new Date(),
): Promise<"answered" | "gone"> {
  return db.transaction().execute(async (trx) => {
    const task = await taskByToken(trx, token, now);
    if (!task) return "gone";
    const reason = input.files ? [input.note, `${input.files} file(s)`].filter(Boolean).join("; ") : input.note;
    const answered = await recordAnswer(
      trx,
      task,
      { state: TASK_ANSWERS[input.answer], reason, by: task.contact_email ?? "contact", actor: "SYSTEM" },
      now,
    );
    return answered ? "answered" : "gone";
  });
}

/** An officer gives an open e-mail task to another contact: a new link and mail, the old link dead. */
export async function reassignContact(
  db: Db,
  reference: string,
  taskId: string,
  staff: Staff,
  input: { email: string; locale: Locale },
  now = new Date(),
): Promise<TransitionOutcome> {
  const outcome = await db.transaction().execute(async (trx): Promise<TransitionOutcome> => {
    const task = await trx
      .selectFrom("system_task as t")
      .innerJoin("privacy_request as r", "r.id", "t.request_id")
      .innerJoin("data_system as s", "s.id", "t.system_id")
      .select([
        "t.id",
        "t.request_id",
        "t.channel",
        "t.state",
        "t.action",
        "t.contact_email",
        "s.name",
        "r.country",
        "r.reference",
        "r.right_type",
        "r.due_at",
      ])
      .where("r.reference", "=", reference)
      .where("t.id", "=", taskId)
      .executeTakeFirst();
    if (!task) return { status: "not-found" };
    if (task.channel !== "email" || task.state !== "OPEN") return { status: "not-allowed" };
    await sendTaskLink(
      trx,
      { id: task.id, action: task.action, contactEmail: input.email, contactLocale: input.locale, system: task.name },
      task,
      now,
    );
    await audit(trx, {
      requestId: task.request_id,
      at: now,
      actor: "STAFF",
      actorId: staff.email,
      action: "TASK_REASSIGNED",
      note: `${task.name}: ${task.contact_email ?? "—"} → ${input.email}`,
    });
    return { status: "done" };
  });
  return outcome;
}
