/**
 * A verified request becomes one task per system that takes part in its
 * right and country, written in the transaction that moves the
 * request, so a request is never in progress without its tasks. A webhook
 * system's delivery is queued beside its task (webhook-outbox.server.ts),
 * an e-mail system's contact is mailed a link (email-tasks.server.ts), and a
 * manual system's task waits for a staff member.
 */
import { randomUUID } from "node:crypto";

import type { Kysely } from "kysely";

import type { Database } from "~/db/schema";
import type { PrivacyRequestTable } from "~/db/schema/privacy-requests";
import { countryCode } from "~/domain/country";
import { TASK_EVENT_TYPE } from "~/domain/data-system";
import { rightOf, type SystemAction } from "~/domain/rights";
import { publicOrigin } from "~/utils/public-origin.server";

import { audit } from "../privacy-request/audit.server";
import { openTask } from "../privacy-request/system-tasks.server";
import { addressLine, storedDetails } from "../privacy-request/view.server";
import { sendTaskLink } from "./email-tasks.server";
import { systemsFor, type SystemRow } from "./register.server";
import { enqueueWebhook } from "./webhook-outbox.server";

/** The person's identifiers a system needs to find them: only those the request holds. */
function subjectOf(request: PrivacyRequestTable) {
  const { userInfo } = storedDetails(request);
  const address = userInfo?.address ? addressLine(userInfo.address, { country: true }) : undefined;
  const given = {
    email: request.email,
    phoneNumber: request.phone_number,
    firstName: userInfo?.firstName,
    lastName: userInfo?.lastName,
    address,
  };
  return Object.fromEntries(Object.entries(given).filter(([, value]) => value));
}

/** What a system is told: the Standard Webhooks envelope, `type`, `timestamp` and `data`. */
async function taskPayload(
  trx: Kysely<Database>,
  request: PrivacyRequestTable,
  system: SystemRow,
  task: { id: string; action: SystemAction },
  now: Date,
) {
  const { asks } = rightOf(request.right_type);
  const objection = asks.brandsAndChannels
    ? await trx
        .selectFrom("marketing_suppression")
        .select(["brand_key", "channel"])
        .where("request_id", "=", request.id)
        .orderBy("brand_key")
        .orderBy("channel")
        .execute()
    : [];
  const callbackUrl = `${publicOrigin(request.country, "")}/api/systems/${encodeURIComponent(system.id)}/tasks/${task.id}`;
  return {
    type: TASK_EVENT_TYPE,
    timestamp: now.toISOString(),
    data: {
      taskId: task.id,
      system: system.id,
      reference: request.reference,
      right: request.right_type,
      action: task.action,
      country: countryCode(request.country),
      dueAt: request.due_at,
      subject: subjectOf(request),
      ...(objection.length > 0
        ? { objection: objection.map((row) => ({ brand: row.brand_key, channel: row.channel })) }
        : {}),
      ...(asks.publication
        ? { publication: { link: request.publication_link, article: request.article, date: request.publication_date } }
        : {}),
      ...(request.right_details ? { details: JSON.parse(request.right_details) as unknown } : {}),
      callbackUrl,
    },
  };
}

/**
 * Creates the request's tasks asking `action` of each of its systems (none
 * twice: a task per request, system and action is unique) and queues their
 * deliveries. Returns how many were created.
 */
export async function fanOut(
  trx: Kysely<Database>,
  request: PrivacyRequestTable,
  now: Date,
  action: SystemAction = rightOf(request.right_type).action,
): Promise<number> {
  const systems = await systemsFor(trx, request.right_type, request.country);
  const existing = new Set(
    (
      await trx
        .selectFrom("system_task")
        .select("system_id")
        .where("request_id", "=", request.id)
        .where("action", "=", action)
        .execute()
    ).map((row) => row.system_id),
  );
  let created = 0;
  for (const system of systems.filter((candidate) => !existing.has(candidate.id))) {
    const taskId = randomUUID();
    const task = { id: taskId, action };
    await openTask(trx, { ...task, requestId: request.id, system }, now);
    if (system.channel === "webhook")
      await enqueueWebhook(
        trx,
        { taskId, systemId: system.id, payload: await taskPayload(trx, request, system, task, now) },
        now,
      );
    if (system.channel === "email" && system.contact_email) {
      await sendTaskLink(
        trx,
        {
          id: taskId,
          action,
          contactEmail: system.contact_email,
          contactLocale: system.contact_locale ?? request.locale,
          system: system.name,
        },
        request,
        now,
      );
    }
    created += 1;
  }
  if (created > 0)
    await audit(trx, {
      requestId: request.id,
      at: now,
      actor: "SYSTEM",
      action: "TASKS_CREATED",
      note: `${action}: ${created} / ${systems.length}`,
    });
  return created;
}
