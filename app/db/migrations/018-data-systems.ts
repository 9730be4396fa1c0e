import type { Kysely } from "kysely";

/**
 * The systems that hold personal data, the task each verified
 * request gives them, and the webhook deliveries of those tasks (an outbox
 * of their own: one row per task, its id the `webhook-id` every retry
 * repeats). A system's signing secret is sealed (app/services/systems/
 * system-secrets.server.ts) and its callback token kept as a SHA-256 only.
 * Tasks and deliveries go with their request (retention).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("data_system")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("rights", "text", (col) => col.notNull())
    .addColumn("countries", "text", (col) => col.notNull())
    .addColumn("channel", "text", (col) => col.notNull())
    .addColumn("webhook_url", "text")
    .addColumn("secret_sealed", "text")
    .addColumn("callback_token_hash", "text")
    .addColumn("contact_email", "text")
    .addColumn("contact_locale", "text")
    .addColumn("active", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("system_task")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("request_id", "text", (col) => col.notNull().references("privacy_request.id").onDelete("cascade"))
    .addColumn("system_id", "text", (col) => col.notNull().references("data_system.id"))
    .addColumn("channel", "text", (col) => col.notNull())
    .addColumn("state", "text", (col) => col.notNull())
    .addColumn("reason", "text")
    .addColumn("answered_by", "text")
    .addColumn("answered_at", "text")
    .addColumn("contact_email", "text")
    .addColumn("link_token_hash", "text")
    .addColumn("link_expires_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("system_task_request")
    .on("system_task")
    .columns(["request_id", "system_id"])
    .unique()
    .execute();
  await db.schema.createIndex("system_task_link").on("system_task").column("link_token_hash").execute();

  await db.schema
    .createTable("webhook_delivery")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("task_id", "text", (col) => col.notNull().references("system_task.id").onDelete("cascade"))
    .addColumn("system_id", "text", (col) => col.notNull())
    .addColumn("payload", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (col) => col.notNull())
    .addColumn("locked_until", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("delivered_at", "text")
    .execute();
  await db.schema
    .createIndex("webhook_delivery_claim")
    .on("webhook_delivery")
    .columns(["status", "next_attempt_at"])
    .execute();
  await db.schema.createIndex("webhook_delivery_task").on("webhook_delivery").column("task_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("webhook_delivery").execute();
  await db.schema.dropTable("system_task").execute();
  await db.schema.dropTable("data_system").execute();
}
