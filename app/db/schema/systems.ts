import type { Generated } from "kysely";

import type { SystemChannel } from "~/domain/data-system";
import type { SystemPauseReason } from "~/domain/webhook-failure";
import type { Locale } from "~/i18n/locale";

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
