import { sql, type Kysely } from "kysely";

/**
 * Every right of GDPR Art. 15–22. A request keeps its right's own answers
 * (`right_details`, JSON: a restriction's ground, the purposes objected
 * to, where a package goes); a restriction when it took effect and was
 * lifted; a package handed to another controller, how and when. A task
 * says what it asks of its system (`action`), and one system may have two
 * tasks for one request (restrict, then lift).
 */
const REQUEST_COLUMNS = ["right_details", "restricted_at", "lifted_at", "handed_over_at", "handed_over_how"];

/** What the tasks written so far asked, by their request's right. */
const ACTION_BY_RIGHT: Record<string, string> = {
  RIGHT_OF_ACCESS: "access",
  RECTIFICATION: "rectify",
  RIGHT_TO_BE_FORGOTTEN: "erase",
  OBJECTION: "suppress",
  REMOVAL_FROM_PUBLICATION: "remove-publication",
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of REQUEST_COLUMNS)
    await db.schema.alterTable("privacy_request").addColumn(column, "text").execute();
  await db.schema
    .alterTable("system_task")
    .addColumn("action", "text", (col) => col.notNull().defaultTo(""))
    .execute();
  for (const [right, action] of Object.entries(ACTION_BY_RIGHT)) {
    await sql`update system_task set action = ${action}
      where request_id in (select id from privacy_request where right_type = ${right})`.execute(db);
  }
  await db.schema.dropIndex("system_task_request").execute();
  await db.schema
    .createIndex("system_task_request")
    .on("system_task")
    .columns(["request_id", "system_id", "action"])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("system_task_request").execute();
  await db.schema.alterTable("system_task").dropColumn("action").execute();
  await db.schema
    .createIndex("system_task_request")
    .on("system_task")
    .columns(["request_id", "system_id"])
    .unique()
    .execute();
  for (const column of [...REQUEST_COLUMNS].reverse())
    await db.schema.alterTable("privacy_request").dropColumn(column).execute();
}
