/**
 * One try of a delivery, for the worker's sends and for its probes alike:
 * signed at the moment it is sent (a fresh `webhook-timestamp`, the same
 * `webhook-id`); a failure is a category (app/domain/webhook-failure.ts),
 * never the error's own text.
 */
import type { Kysely } from "kysely";
import type { Logger } from "pino";

import type { Database } from "~/db/schema";
import { meansUnreachable, type WebhookFailure } from "~/domain/webhook-failure";

import type { SendOutcome } from "../outbox/outcome.server";
import type { Sender } from "../outbox/try.server";
import { pauseSystem } from "./system-health.server";
import { openSecret } from "./system-secrets.server";
import type { WebhookNetwork } from "./webhook-address.server";
import type { DeliveryRow } from "./webhook-outbox.server";
import { postWebhook } from "./webhook-post.server";
import { signWebhook } from "./webhook-signature.server";

type Tried = { kind: "sent" } | { kind: "failed"; failure: WebhookFailure } | { kind: "held" };
type Try = Tried & { systemUnreachableSince: string | null };

/** Sends the delivery once (not when its system was paused since it was claimed). */
async function tryDelivery(
  db: Kysely<Database>,
  row: DeliveryRow,
  now: Date,
  options: { timeoutMs: number; network: WebhookNetwork },
): Promise<Try> {
  const system = await db
    .selectFrom("data_system")
    .select(["id", "channel", "webhook_url", "secret_sealed", "paused_reason", "unreachable_since"])
    .where("id", "=", row.system_id)
    .executeTakeFirst();
  if (!system || system.channel !== "webhook" || !system.webhook_url || !system.secret_sealed)
    return { kind: "failed", failure: "not-webhook", systemUnreachableSince: null };
  if (system.paused_reason) return { kind: "held", systemUnreachableSince: system.unreachable_since };
  const headers = signWebhook(openSecret(system.id, system.secret_sealed), row.id, now, row.payload);
  const failure = await postWebhook(
    system.webhook_url,
    { ...headers, "content-type": "application/json", "user-agent": "veldhaven-privacy-webhooks/1" },
    row.payload,
    options,
  );
  return {
    ...(failure === null ? { kind: "sent" } : { kind: "failed", failure }),
    systemUnreachableSince: system.unreachable_since,
  };
}

/**
 * Webhooks' part in sending a queued delivery: one try, and whose fault a
 * failure was. A 2xx is delivered; anything else, a timeout or a refused
 * connection is retried on the schedule, and a receiver that did not answer
 * is noted as away (its system is probed, webhook-probe.server.ts). A
 * refused address never counts: the system is paused and the delivery
 * waits, uncounted, for its new address; so does one whose system was
 * paused since it was claimed.
 */
export function webhookSender(
  db: Kysely<Database>,
  options: { timeoutMs: number; network: WebhookNetwork; logger: Logger; now: () => Date },
): Sender<DeliveryRow> {
  return async (row): Promise<SendOutcome> => {
    const tried = await tryDelivery(db, row, options.now(), options);
    if (tried.kind === "held") return { result: "give back" };
    const wasAway = tried.systemUnreachableSince !== null;
    if (tried.kind === "sent") return { result: "done", receiver: wasAway ? "answered" : undefined };
    const { failure } = tried;
    if (failure === "blocked") {
      if (await pauseSystem(db, row.system_id, "private-network", options.now()))
        options.logger.warn(
          { system: row.system_id },
          "webhook system paused: its address leads into a private network",
        );
      return { result: "give back", error: failure };
    }
    const away = meansUnreachable(failure);
    const answered = failure.startsWith("http:") && !away;
    options.logger.warn(
      { delivery: row.id, system: row.system_id, attempts: row.attempts + 1, failure },
      "webhook delivery failed",
    );
    return {
      result: "retry",
      error: failure,
      receiver: away && !wasAway ? "away" : answered && wasAway ? "answered" : undefined,
    };
  };
}
