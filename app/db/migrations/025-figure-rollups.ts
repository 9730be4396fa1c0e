import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * The privacy figures kept per day as they happen (decision 008, "Speed"):
 * at a million requests a year of figures read from the requests took five
 * seconds; read from these, a year is at most a few thousand rows whatever
 * the number of requests. The days to answer are kept per day and per
 * month: a year's histogram read per day is a hundred thousand rows at a
 * million requests, per month a tenth of that; a period's whole months are
 * read per month, the days at its ends per day. The state changes that move a figure write its
 * day's row in their own transaction; `npm run figures -- rebuild` (and the
 * first start after this migration) fills them from the rows.
 *
 * What is overdue now changes with the clock, not with a write: it is
 * counted live among the requests being worked on, which this index holds
 * whole (state and due date first, then what the figures group by), so the
 * count never reads the table.
 */
const OVERDUE = ["state", "due_at", "country", "right_type", "verified_at", "closed_at"];

export async function up(db: Kysely<unknown>): Promise<void> {
  // On SQLite each table is its primary key's b-tree (WITHOUT ROWID): a
  // period's rows are read in key order with their counts beside them,
  // never looked up one by one. PostgreSQL has no such clause.
  const clustered = db.getExecutor().adapter instanceof PostgresAdapter ? sql`` : sql`without rowid`;
  await db.schema
    .createTable("request_day")
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("country", "text", (col) => col.notNull())
    .addColumn("right_type", "text", (col) => col.notNull())
    .addColumn("received", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("extended", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("completed", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("rejected", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("within_deadline", "integer", (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("request_day_pk", ["day", "country", "right_type"])
    .modifyEnd(clustered)
    .execute();
  await db.schema
    .createTable("request_answer_days")
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("country", "text", (col) => col.notNull())
    .addColumn("right_type", "text", (col) => col.notNull())
    .addColumn("days", "integer", (col) => col.notNull())
    .addColumn("answered", "integer", (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("request_answer_days_pk", ["day", "country", "right_type", "days"])
    .modifyEnd(clustered)
    .execute();
  await db.schema
    .createTable("request_answer_months")
    .addColumn("month", "text", (col) => col.notNull())
    .addColumn("country", "text", (col) => col.notNull())
    .addColumn("right_type", "text", (col) => col.notNull())
    .addColumn("days", "integer", (col) => col.notNull())
    .addColumn("answered", "integer", (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("request_answer_months_pk", ["month", "country", "right_type", "days"])
    .modifyEnd(clustered)
    .execute();
  await db.schema
    .createTable("ad_report_day")
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("country", "text", (col) => col.notNull())
    .addColumn("reason", "text", (col) => col.notNull())
    .addColumn("state", "text", (col) => col.notNull())
    .addColumn("reports", "integer", (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("ad_report_day_pk", ["day", "country", "reason", "state"])
    .modifyEnd(clustered)
    .execute();
  await db.schema
    .createTable("task_day")
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("country", "text", (col) => col.notNull())
    .addColumn("system_id", "text", (col) => col.notNull())
    .addColumn("tasks", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("answered", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("still_open", "integer", (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("task_day_pk", ["day", "country", "system_id"])
    .modifyEnd(clustered)
    .execute();
  await db.schema
    .createTable("task_answer_days")
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("country", "text", (col) => col.notNull())
    .addColumn("system_id", "text", (col) => col.notNull())
    .addColumn("days", "integer", (col) => col.notNull())
    .addColumn("answered", "integer", (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("task_answer_days_pk", ["day", "country", "system_id", "days"])
    .modifyEnd(clustered)
    .execute();
  await db.schema.dropIndex("privacy_request_active_due").execute();
  await db.schema.createIndex("privacy_request_overdue").on("privacy_request").columns(OVERDUE).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("privacy_request_overdue").execute();
  await db.schema
    .createIndex("privacy_request_active_due")
    .on("privacy_request")
    .columns(["state", "due_at"])
    .execute();
  for (const table of [
    "task_answer_days",
    "task_day",
    "ad_report_day",
    "request_answer_months",
    "request_answer_days",
    "request_day",
  ])
    await db.schema.dropTable(table).execute();
}
