import { sql, type Kysely } from "kysely";

/**
 * The privacy team's day. Who owns a request or an ad report, the
 * team's internal notes, the keyed hashes a search matches an address or a
 * phone number by (never the term itself), the staff who may be given work,
 * and two moments the figures count from: when a request was closed and
 * when its deadline was extended (until now only in the audit trail, which
 * is too slow to count 100,000 requests by).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of [
    "assignee",
    "assigned_at",
    "owner_reminded_at",
    "email_key",
    "phone_key",
    "closed_at",
    "extended_at",
  ]) {
    await db.schema.alterTable("privacy_request").addColumn(column, "text").execute();
  }
  for (const column of ["assignee", "assigned_at", "email_key"]) {
    await db.schema.alterTable("political_ad_complaint").addColumn(column, "text").execute();
  }
  await sql`update privacy_request set closed_at = (
      select max(audit_event.at) from audit_event
      where audit_event.request_id = privacy_request.id and audit_event.to_state in ('COMPLETED', 'REJECTED', 'CLOSED'))
    where state in ('COMPLETED', 'REJECTED', 'CLOSED')`.execute(db);
  // An objection carried out at once has no audit event of its own with a state: it closed when it was verified.
  await sql`update privacy_request set closed_at = coalesce(verified_at, created_at)
    where state in ('COMPLETED', 'REJECTED', 'CLOSED') and closed_at is null`.execute(db);
  await sql`update privacy_request set extended_at = (
      select min(audit_event.at) from audit_event
      where audit_event.request_id = privacy_request.id and audit_event.action = 'EXTENDED')`.execute(db);

  await db.schema
    .createIndex("privacy_request_assignee")
    .on("privacy_request")
    .columns(["assignee", "state"])
    .execute();
  await db.schema.createIndex("privacy_request_email_key").on("privacy_request").column("email_key").execute();
  await db.schema.createIndex("privacy_request_phone_key").on("privacy_request").column("phone_key").execute();
  await db.schema
    .createIndex("privacy_request_verified")
    .on("privacy_request")
    .columns(["country", "verified_at"])
    .execute();
  await db.schema
    .createIndex("privacy_request_closed")
    .on("privacy_request")
    .columns(["country", "closed_at"])
    .execute();
  await db.schema
    .createIndex("privacy_request_active_due")
    .on("privacy_request")
    .columns(["state", "due_at"])
    .execute();
  await db.schema
    .createIndex("complaint_assignee")
    .on("political_ad_complaint")
    .columns(["assignee", "state"])
    .execute();
  await db.schema.createIndex("complaint_email_key").on("political_ad_complaint").column("email_key").execute();
  await db.schema.createIndex("complaint_campaign").on("political_ad_complaint").column("campaign_id").execute();
  await db.schema
    .createIndex("complaint_country_created")
    .on("political_ad_complaint")
    .columns(["country", "created_at"])
    .execute();

  await db.schema
    .createTable("internal_note")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("request_id", "text", (col) => col.references("privacy_request.id").onDelete("cascade"))
    .addColumn("complaint_id", "text", (col) => col.references("political_ad_complaint.id").onDelete("cascade"))
    .addColumn("author", "text", (col) => col.notNull())
    .addColumn("at", "text", (col) => col.notNull())
    .addColumn("body", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("internal_note_request").on("internal_note").column("request_id").execute();
  await db.schema.createIndex("internal_note_complaint").on("internal_note").column("complaint_id").execute();

  await db.schema
    .createTable("staff_member")
    .addColumn("email", "text", (col) => col.primaryKey())
    .addColumn("role", "text", (col) => col.notNull())
    .addColumn("last_signed_in_at", "text", (col) => col.notNull())
    .execute();
  // Local accounts can be given work before their first sign-in.
  await sql`insert into staff_member (email, role, last_signed_in_at) select email, role, created_at from staff_account`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("staff_member").execute();
  await db.schema.dropTable("internal_note").execute();
}
