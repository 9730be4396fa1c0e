/**
 * The daily figures kept in the transaction of the change that moves
 * them (docs/decisions/008-request-figures.md, "Rollups"): each writer
 * hands the row as it read it, this reads it as it is now and adds the
 * difference to the day's counts. An upsert that adds, never one that
 * sets, so two transactions on one day's row both count: PostgreSQL locks
 * the row for the second until the first commits, SQLite writes one at a time.
 */
import { sql, type Kysely } from "kysely";

import type { Database } from "~/db/schema";
import {
  adReportRollups,
  requestRollups,
  ROLLUP_TABLES,
  rollupChange,
  taskRollups,
  type AdReportFacts,
  type RequestFacts,
  type RollupRow,
  type TaskFacts,
} from "~/domain/figure-rollups";

/** Adds each row's counts to its table's row with the same key, made at 0 when there is none. */
async function addToRollups(trx: Kysely<Database>, rows: readonly RollupRow[]): Promise<void> {
  for (const row of rows) {
    const { key, counts } = ROLLUP_TABLES[row.table];
    const columns = [...key, ...counts];
    const values = [...key.map((column) => row.key[column]), ...counts.map((column) => row.counts[column] ?? 0)];
    const table = sql.table(row.table);
    await sql`insert into ${table} (${sql.join(columns.map((column) => sql.ref(column)))})
      values (${sql.join(values)})
      on conflict (${sql.join(key.map((column) => sql.ref(column)))}) do update set ${sql.join(
        counts.map((column) => sql`${sql.ref(column)} = ${table}.${sql.ref(column)} + excluded.${sql.ref(column)}`),
      )}`.execute(trx);
  }
}

/** The columns the figures read of each row (the rebuild reads the same). */
export const REQUEST_FACTS = [
  "country",
  "right_type",
  "state",
  "verified_at",
  "closed_at",
  "due_at",
  "extended_at",
] as const;
export const TASK_FACTS = ["r.country", "t.system_id", "t.state", "t.created_at", "t.answered_at"] as const;
export const AD_REPORT_FACTS = ["country", "reason", "state", "created_at"] as const;

/** What the request's change (from `before`, null for a new one) adds to the figures. */
export async function rollRequestChange(
  trx: Kysely<Database>,
  requestId: string,
  before: RequestFacts | null,
): Promise<void> {
  const after = await trx
    .selectFrom("privacy_request")
    .select(REQUEST_FACTS)
    .where("id", "=", requestId)
    .executeTakeFirst();
  await addToRollups(trx, rollupChange(requestRollups(before), requestRollups(after)));
}

/** A task as its figures read it, with its request's country. */
export function taskFacts(trx: Kysely<Database>, taskId: string): Promise<TaskFacts | undefined> {
  return trx
    .selectFrom("system_task as t")
    .innerJoin("privacy_request as r", "r.id", "t.request_id")
    .select(TASK_FACTS)
    .where("t.id", "=", taskId)
    .executeTakeFirst();
}

/** What the task's change (from `before`, null for a new one) adds to the figures. */
export async function rollTaskChange(trx: Kysely<Database>, taskId: string, before: TaskFacts | null): Promise<void> {
  await addToRollups(trx, rollupChange(taskRollups(before), taskRollups(await taskFacts(trx, taskId))));
}

/** What the ad report's change (from `before`, null for a new one) adds to the figures. */
export async function rollAdReportChange(
  trx: Kysely<Database>,
  reportId: string,
  before: AdReportFacts | null,
): Promise<void> {
  const after = await trx
    .selectFrom("political_ad_complaint")
    .select(AD_REPORT_FACTS)
    .where("id", "=", reportId)
    .executeTakeFirst();
  await addToRollups(trx, rollupChange(adReportRollups(before), adReportRollups(after)));
}
