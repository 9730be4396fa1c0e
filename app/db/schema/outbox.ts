import type { Generated } from "kysely";

/** What waits to be sent, written in the same transaction as its record: mail, and the webhooks of the systems' tasks. */

/** failed: every attempt used up; bounced: refused for good by the server. */
type OutboxStatus = "pending" | "sent" | "failed" | "bounced";
/** Mail waiting to be sent; written in the same transaction as its record. */
export interface OutboxTable {
  id: string;
  kind: string;
  recipient: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string;
  status: OutboxStatus;
  attempts: Generated<number>;
  next_attempt_at: string;
  /** A worker's lease: others skip the row until then. */
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** Lower is sent first (what a person waits for before what a team reads later); set from the kind by enqueueMail. */
  priority: Generated<number>;
}

export type WebhookDeliveryStatus = "pending" | "delivered" | "failed";

/** A task's webhook: its id is the `webhook-id`, its payload fixed when it was queued. */
export interface WebhookDeliveryTable {
  id: string;
  task_id: string;
  system_id: string;
  payload: string;
  status: WebhookDeliveryStatus;
  attempts: Generated<number>;
  next_attempt_at: string;
  locked_until: string | null;
  /** The last attempt's failure as a category (app/domain/webhook-failure.ts), never an error's text. */
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
}
