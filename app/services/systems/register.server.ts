/**
 * The register of systems that hold personal data: saved all or
 * nothing, read by the fan-out and the back office. Secrets go in sealed and
 * never come out again except to sign (webhook-worker.server.ts).
 */
import { randomUUID } from "node:crypto";

import type { Kysely, Selectable } from "kysely";

import type { Database } from "~/db/schema";
import type { DataSystemTable } from "~/db/schema/systems";
import type { Country } from "~/domain/country";
import type { RightType } from "~/domain/privacy-request";
import type { FieldRefusal } from "~/domain/transition";
import { dataSystemSchema, type DataSystem, type DataSystemInput } from "~/validation/data-system";

import { newCallbackToken, newWebhookSecret, sealSecret, tokenHash } from "./system-secrets.server";
import { configuredNetwork, isRefusedWebhookUrl, type WebhookNetwork } from "./webhook-address.server";
import { makeSystemDue } from "./webhook-outbox.server";

export type SystemRow = Selectable<DataSystemTable>;

/** Credentials made for a webhook system that came without them: shown once, to be handed to the system's owners. */
export type IssuedCredentials = { systemId: string; secret?: string; callbackToken?: string };

const joined = (values: readonly string[]) => values.join(",");

function systemRights(row: Pick<SystemRow, "rights">): RightType[] {
  return row.rights.split(",") as RightType[];
}

/** The fields whose value changed (a secret only as replaced, never its value). */
function changedFields(
  before: SystemRow | undefined,
  after: Omit<SystemRow, "id" | "created_at" | "updated_at" | "unreachable_since" | "probed_at">,
): string[] {
  if (!before) return Object.keys(after).filter((field) => after[field as keyof typeof after] !== null);
  return (Object.keys(after) as (keyof typeof after)[]).filter((field) => before[field] !== after[field]);
}

/**
 * Adds or replaces systems in one transaction, each change in the
 * register's trail with who made it (`actor`: an officer, or "import"). A
 * webhook system keeps the secret and token it has unless new ones are
 * given; one that has none yet gets fresh ones, returned so the caller can
 * show them once.
 */
export async function saveSystems(
  db: Kysely<Database>,
  systems: DataSystem[],
  now = new Date(),
  actor = "import",
): Promise<IssuedCredentials[]> {
  return db.transaction().execute(async (trx) => {
    const issued: IssuedCredentials[] = [];
    for (const system of systems) {
      const existing = await trx.selectFrom("data_system").selectAll().where("id", "=", system.id).executeTakeFirst();
      const webhook = system.channel === "webhook";
      const made: IssuedCredentials = { systemId: system.id };
      let secretSealed: string | null = null;
      let callbackTokenHash: string | null = null;
      if (webhook) {
        const secret = system.secret ?? (existing?.secret_sealed ? null : (made.secret = newWebhookSecret()));
        secretSealed = secret ? sealSecret(system.id, secret) : existing!.secret_sealed;
        const token =
          system.callbackToken ?? (existing?.callback_token_hash ? null : (made.callbackToken = newCallbackToken()));
        callbackTokenHash = token ? tokenHash(token) : existing!.callback_token_hash;
      }
      if (made.secret || made.callbackToken) issued.push(made);
      const values = {
        name: system.name,
        rights: joined(system.rights),
        countries: joined(system.countries),
        channel: system.channel,
        webhook_url: system.webhookUrl ?? null,
        secret_sealed: secretSealed,
        callback_token_hash: callbackTokenHash,
        contact_email: system.contactEmail ?? null,
        contact_locale: system.contactLocale ?? null,
        active: system.active ? 1 : 0,
        // The caller checked the address (isRefusedWebhookUrl): a system paused for its old one resumes.
        paused_reason: null,
        paused_at: null,
      };
      // A sealed secret differs at every sealing: a new secret given counts as replaced, an unchanged one not.
      const fields = changedFields(existing, {
        ...values,
        secret_sealed: system.secret ? "new" : (existing?.secret_sealed ?? secretSealed),
      });
      if (existing?.paused_reason) await makeSystemDue(trx, system.id, now);
      if (existing)
        await trx
          .updateTable("data_system")
          .set({ ...values, updated_at: now.toISOString() })
          .where("id", "=", system.id)
          .execute();
      else
        await trx
          .insertInto("data_system")
          .values({ id: system.id, ...values, created_at: now.toISOString(), updated_at: now.toISOString() })
          .execute();
      if (!existing || fields.length > 0) {
        await trx
          .insertInto("data_system_event")
          .values({
            id: randomUUID(),
            system_id: system.id,
            at: now.toISOString(),
            actor,
            action: existing ? "UPDATED" : "CREATED",
            fields: fields.join(","),
          })
          .execute();
      }
    }
    return issued;
  });
}

/** The register with its latest changes, for the back office. */
export async function registerWithTrail(db: Kysely<Database>, limit = 50) {
  const systems = await db.selectFrom("data_system").selectAll().orderBy("name").execute();
  const events = await db.selectFrom("data_system_event").selectAll().orderBy("at", "desc").limit(limit).execute();
  return { systems, events };
}

/** Active systems that take part in `right` in `country`, in a stable order. */
export async function systemsFor(db: Kysely<Database>, right: RightType, country: Country): Promise<SystemRow[]> {
  const rows = await db.selectFrom("data_system").selectAll().where("active", "=", 1).orderBy("id").execute();
  return rows.filter((row) => systemRights(row).includes(right) && row.countries.split(",").includes(country));
}

/**
 * An officer adds or changes one system, checked by the same
 * rules as the import, its webhook address refused when it leads into a
 * private network. A new webhook system needs its secret and token typed
 * in (from the system's owners): a page never shows one.
 */
export async function saveSystemByOfficer(
  db: Kysely<Database>,
  input: DataSystemInput,
  staff: { email: string },
  now = new Date(),
  network: WebhookNetwork = configuredNetwork(),
): Promise<FieldRefusal | { status: "done" }> {
  const parsed = dataSystemSchema.safeParse(input);
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of parsed.success ? [] : parsed.error.issues)
    fieldErrors[String(issue.path[0])] = [`validation.systems.${String(issue.path[0])}`];
  if (parsed.success && parsed.data.webhookUrl && (await isRefusedWebhookUrl(parsed.data.webhookUrl, network)))
    fieldErrors.webhookUrl = ["validation.systems.webhookUrlPrivate"];
  // Every problem at once: the missing secrets too, whatever else is wrong.
  if (input.channel === "webhook") {
    const existing = await db
      .selectFrom("data_system")
      .select(["secret_sealed", "callback_token_hash"])
      .where("id", "=", input.id)
      .executeTakeFirst();
    if (!input.secret && !existing?.secret_sealed) fieldErrors.secret = ["validation.systems.secret"];
    if (!input.callbackToken && !existing?.callback_token_hash)
      fieldErrors.callbackToken = ["validation.systems.callbackToken"];
  }
  if (!parsed.success || Object.keys(fieldErrors).length > 0) return { status: "invalid", fieldErrors };
  await saveSystems(db, [parsed.data], now, staff.email);
  return { status: "done" };
}
