/**
 * What the webhook worker knows of each system beyond one delivery:
 * - paused: its address leads into a private network (at the start, every
 *   registered address is checked again; at each connection, the address
 *   it resolves to). Its deliveries wait, none is lost, until an officer
 *   gives it a public address (saveSystems lifts the pause), or the check
 *   accepts the address again at a start;
 * - unreachable since: its receiver stopped answering. It is probed (its
 *   oldest waiting delivery sent once, at most once per interval across
 *   instances), and the moment it answers, its waiting deliveries are due
 *   now rather than at their next retry, minutes or hours later.
 * Both are per system: one receiver's outage holds up no other system.
 */
import { randomUUID } from "node:crypto";

import type { Kysely } from "kysely";

import type { Database } from "~/db/schema";
import type { SystemPauseReason } from "~/domain/webhook-failure";

import { isRefusedWebhookUrl, type WebhookNetwork } from "./webhook-address.server";
import { makeSystemDue } from "./webhook-outbox.server";

/** The trail names the check, not a person, as who paused or resumed a system. */
const CHECK_ACTOR = "webhooks";

async function trail(db: Kysely<Database>, systemId: string, action: "PAUSED" | "RESUMED", now: Date): Promise<void> {
  await db
    .insertInto("data_system_event")
    .values({
      id: randomUUID(),
      system_id: systemId,
      at: now.toISOString(),
      actor: CHECK_ACTOR,
      action,
      fields: "webhook_url",
    })
    .execute();
}

/** Pauses a system (once: a paused system keeps its first reason and time). True when it was running. */
export async function pauseSystem(
  db: Kysely<Database>,
  systemId: string,
  reason: SystemPauseReason,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable("data_system")
    .set({ paused_reason: reason, paused_at: now.toISOString() })
    .where("id", "=", systemId)
    .where("paused_reason", "is", null)
    .executeTakeFirst();
  const paused = Number(result.numUpdatedRows) > 0;
  if (paused) await trail(db, systemId, "PAUSED", now);
  return paused;
}

async function resumeSystem(db: Kysely<Database>, systemId: string, now: Date): Promise<void> {
  await db
    .updateTable("data_system")
    .set({ paused_reason: null, paused_at: null })
    .where("id", "=", systemId)
    .execute();
  await makeSystemDue(db, systemId, now);
  await trail(db, systemId, "RESUMED", now);
}

/**
 * Every registered webhook address checked again (at the start): those now
 * refused are paused, those paused for their address and now accepted
 * (WEBHOOK_ALLOW_PRIVATE_NETWORKS set, the name moved) resume.
 */
export async function checkRegisteredAddresses(
  db: Kysely<Database>,
  network: WebhookNetwork,
  now = new Date(),
): Promise<{ paused: string[]; resumed: string[] }> {
  const systems = await db
    .selectFrom("data_system")
    .select(["id", "webhook_url", "paused_reason"])
    .where("channel", "=", "webhook")
    .where("webhook_url", "is not", null)
    .execute();
  const outcome = { paused: [] as string[], resumed: [] as string[] };
  for (const system of systems) {
    const refused = await isRefusedWebhookUrl(system.webhook_url!, network);
    if (refused && (await pauseSystem(db, system.id, "private-network", now))) outcome.paused.push(system.id);
    if (!refused && system.paused_reason === "private-network") {
      await resumeSystem(db, system.id, now);
      outcome.resumed.push(system.id);
    }
  }
  return outcome;
}

/** The receiver did not answer: the system is unreachable from now (if it was not already). */
export async function markUnreachable(db: Kysely<Database>, systemId: string, now: Date): Promise<void> {
  await db
    .updateTable("data_system")
    .set({ unreachable_since: now.toISOString() })
    .where("id", "=", systemId)
    .where("unreachable_since", "is", null)
    .execute();
}

/** The receiver took a delivery: if it was unreachable, its waiting deliveries are due now. True when it was. */
export async function markReachable(db: Kysely<Database>, systemId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable("data_system")
    .set({ unreachable_since: null, probed_at: null })
    .where("id", "=", systemId)
    .where("unreachable_since", "is not", null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await makeSystemDue(db, systemId, now);
  return true;
}

/**
 * The unreachable systems whose probe is due, each claimed for this
 * instance (its `probed_at` moved to now in a conditional UPDATE, so of
 * several instances only one probes it per interval).
 */
export async function claimProbes(db: Kysely<Database>, now: Date, intervalMs: number): Promise<string[]> {
  const before = new Date(now.getTime() - intervalMs).toISOString();
  const candidates = await db
    .selectFrom("data_system")
    .select(["id", "probed_at"])
    .where("unreachable_since", "is not", null)
    .where("paused_reason", "is", null)
    .where("channel", "=", "webhook")
    .where((eb) => eb.or([eb("probed_at", "is", null), eb("probed_at", "<=", before)]))
    .execute();
  const claimed: string[] = [];
  for (const candidate of candidates) {
    const result = await db
      .updateTable("data_system")
      .set({ probed_at: now.toISOString() })
      .where("id", "=", candidate.id)
      .where((eb) =>
        candidate.probed_at === null ? eb("probed_at", "is", null) : eb("probed_at", "=", candidate.probed_at),
      )
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) claimed.push(candidate.id);
  }
  return claimed;
}
