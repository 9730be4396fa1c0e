/**
 * A privacy request's audit trail: every step, in order, by whom.
 * Written inside the transaction that takes the step.
 */
import { randomUUID } from "node:crypto";

import type { Kysely, Transaction } from "kysely";

import type { Database } from "~/db/schema";
import type { RequestState } from "~/domain/privacy-request";

type Db = Kysely<Database> | Transaction<Database>;

/** How a file shows in the trail: its name and size, never its content. */
export const fileNote = (name: string, size: number) => `${name} (${size} bytes)`;

/** Appends an audit event to a request's trail (call inside the transaction that changes it). */
export async function audit(
  db: Db,
  event: {
    requestId: string;
    at: Date;
    actor: "DATA_SUBJECT" | "SYSTEM" | "STAFF";
    actorId?: string;
    action: string;
    from?: RequestState | null;
    to?: RequestState | null;
    note?: string;
  },
) {
  const last = await db
    .selectFrom("audit_event")
    .select((eb) => eb.fn.max("seq").as("seq"))
    .where("request_id", "=", event.requestId)
    .executeTakeFirst();
  await db
    .insertInto("audit_event")
    .values({
      id: randomUUID(),
      request_id: event.requestId,
      seq: Number(last?.seq ?? 0) + 1,
      at: event.at.toISOString(),
      actor: event.actor,
      actor_id: event.actorId ?? null,
      action: event.action,
      from_state: event.from ?? null,
      to_state: event.to ?? null,
      note: event.note ?? null,
    })
    .execute();
}
