import { sql, type Kysely } from "kysely";

/**
 * The webhooks' reach and health. A system whose webhook address leads into
 * a private network is paused (`paused_reason`, `paused_at`): its
 * deliveries wait until an officer gives it a public address. A system whose
 * receiver stopped answering is probed (`unreachable_since`, `probed_at`: at
 * most one probe per interval, whichever instance makes it). A delivery's
 * `last_error` becomes a category (timeout, refused, tls, dns, http:<status>…):
 * the texts kept so far named internal addresses and ports, and are
 * replaced by the category they show.
 */
const COLUMNS = ["paused_reason", "paused_at", "unreachable_since", "probed_at"];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of COLUMNS) await db.schema.alterTable("data_system").addColumn(column, "text").execute();
  await sql`
    update webhook_delivery set last_error = case
      when last_error like 'HTTP %' then 'http:' || substr(last_error, 6, 3)
      when last_error like '%ECONNREFUSED%' then 'refused'
      when last_error like '%ENOTFOUND%' or last_error like '%EAI_AGAIN%' then 'dns'
      when last_error like '%EHOSTUNREACH%' or last_error like '%ENETUNREACH%' then 'unreachable'
      when last_error like '%ECONNRESET%' or last_error like '%socket hang up%' or last_error like '%other side closed%' then 'reset'
      when lower(last_error) like '%timeout%' or lower(last_error) like '%timed out%' or lower(last_error) like '%abort%' then 'timeout'
      when lower(last_error) like '%certificate%' or last_error like '%CERT%' or last_error like '%TLS%' or last_error like '%SSL%' then 'tls'
      when last_error like '%no longer reached by webhook%' then 'not-webhook'
      else 'network'
    end
    where last_error is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [...COLUMNS].reverse()) await db.schema.alterTable("data_system").dropColumn(column).execute();
}
