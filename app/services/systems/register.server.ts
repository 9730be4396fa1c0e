/**
 * The register of systems that hold personal data (issue 41): saved all or
 * nothing, read by the fan-out and the back office. Secrets go in sealed and
 * never come out again except to sign (webhook-worker.server.ts).
 */
import type { Kysely, Selectable } from "kysely";
import type { Database } from "~/db/schema";
import type { DataSystemTable } from "~/db/schema-systems";
import type { Country } from "~/domain/country";
import type { RightType } from "~/domain/privacy-request";
import type { DataSystem } from "~/validation/data-system";
import { newCallbackToken, newWebhookSecret, sealSecret, tokenHash } from "./system-secrets.server";

export type SystemRow = Selectable<DataSystemTable>;

/** Credentials made for a webhook system that came without them: shown once, to be handed to the system's owners. */
export type IssuedCredentials = { systemId: string; secret?: string; callbackToken?: string };

const joined = (values: readonly string[]) => values.join(",");

function systemRights(row: Pick<SystemRow, "rights">): RightType[] {
  return row.rights.split(",") as RightType[];
}

/**
 * Adds or replaces systems in one transaction. A webhook system keeps the
 * secret and token it has unless new ones are given; one that has none yet
 * gets fresh ones, returned so the caller can show them once.
 */
export async function saveSystems(db: Kysely<Database>, systems: DataSystem[], now = new Date()): Promise<IssuedCredentials[]> {
  return db.transaction().execute(async (trx) => {
    const issued: IssuedCredentials[] = [];
    for (const system of systems) {
      const existing = await trx.selectFrom("data_system").select(["secret_sealed", "callback_token_hash"]).where("id", "=", system.id).executeTakeFirst();
      const webhook = system.channel === "webhook";
      const made: IssuedCredentials = { systemId: system.id };
      let secretSealed: string | null = null;
      let callbackTokenHash: string | null = null;
      if (webhook) {
        const secret = system.secret ?? (existing?.secret_sealed ? null : (made.secret = newWebhookSecret()));
        secretSealed = secret ? sealSecret(system.id, secret) : existing!.secret_sealed;
        const token = system.callbackToken ?? (existing?.callback_token_hash ? null : (made.callbackToken = newCallbackToken()));
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
        updated_at: now.toISOString(),
      };
      if (existing) await trx.updateTable("data_system").set(values).where("id", "=", system.id).execute();
      else await trx.insertInto("data_system").values({ id: system.id, ...values, created_at: now.toISOString() }).execute();
    }
    return issued;
  });
}

/** Active systems that take part in `right` in `country`, in a stable order. */
export async function systemsFor(db: Kysely<Database>, right: RightType, country: Country): Promise<SystemRow[]> {
  const rows = await db.selectFrom("data_system").selectAll().where("active", "=", 1).orderBy("id").execute();
  return rows.filter((row) => systemRights(row).includes(right) && row.countries.split(",").includes(country));
}
