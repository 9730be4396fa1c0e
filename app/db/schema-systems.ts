import type { Generated } from "kysely";
import type { SystemChannel, TaskState } from "~/domain/data-system";
import type { SystemPauseReason } from "~/domain/webhook-failure";
import type { Locale } from "~/i18n/locale";

/** Issue 41's tables: the systems that hold personal data, their tasks and the webhook deliveries. */

/** A system that holds personal data. `rights` and `countries` are comma-separated lists. */
export interface DataSystemTable {
  id: string;
  name: string;
  rights: string;
  countries: string;
  channel: SystemChannel;
  webhook_url: string | null;
  /** The `whsec_…` signing secret, sealed (system-secrets.server.ts); never shown again. */
  secret_sealed: string | null;
  /** SHA-256 of the bearer token the system answers with. */
  callback_token_hash: string | null;
  contact_email: string | null;
  contact_locale: Locale | null;
  active: Generated<number>;
  created_at: string;
  updated_at: string;
  /** Why its deliveries are held (its address leads into a private network), and since when. */
  paused_reason: SystemPauseReason | null;
  paused_at: string | null;
  /** When its receiver stopped answering (cleared by the next delivery it takes). */
  unreachable_since: string | null;
  /** When it was last probed while unreachable (one probe per interval, across instances). */
  probed_at: string | null;
}

/** What one request asks of one system. */
export interface SystemTaskTable {
  id: string;
  request_id: string;
  system_id: string;
  channel: SystemChannel;
  state: TaskState;
  /** Why it failed, the note of its answer, or why an officer closed it. */
  reason: string | null;
  /** "system", the contact's address, or the officer's. */
  answered_by: string | null;
  answered_at: string | null;
  /** An e-mail task's contact (reassignable). */
  contact_email: string | null;
  /** An e-mail task's link: SHA-256 of its token. */
  link_token_hash: string | null;
  link_expires_at: string | null;
  created_at: string;
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

/** The register's trail: who changed which fields of a system (never a value of a secret). */
export interface DataSystemEventTable {
  id: string;
  system_id: string;
  at: string;
  /** The officer's address, "import" for the command, or "webhooks" for a pause or resumption by the check. */
  actor: string;
  action: "CREATED" | "UPDATED" | "PAUSED" | "RESUMED";
  /** The changed fields, comma-separated. */
  fields: string;
}
