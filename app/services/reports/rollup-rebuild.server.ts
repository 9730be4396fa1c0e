/**
 * The daily figures made again from the rows (docs/decisions/008-request-figures.md,
 * "Rollups"): after a migration that changes what they count, after rows
 * were written past the app (an import), or to prove they agree
 * (`npm run figures -- rebuild | check`). Each row adds what
 * figure-rollups.ts says, the same function the changes use.
 *
 * Rows the retention run deleted are gone, their figures are not: the days
 * up to the last one it deleted from are kept as they are (`keptThrough`),
 * and only the days after it are made again.
 */
import { PostgresAdapter, sql, type Kysely, type SqlBool } from "kysely";

import type { Db } from "~/db/db.server";
import type { Database } from "~/db/schema";
import {
  adReportRollups,
  requestRollups,
  ROLLUP_TABLE_NAMES,
  ROLLUP_TABLES,
  rollupSum,
  taskRollups,
  whenColumn,
  type RollupRow,
  type RollupTable,
} from "~/domain/figure-rollups";

import { AD_REPORT_FACTS, REQUEST_FACTS, TASK_FACTS } from "./rollup-writes.server";

/** Where each table's counts come from: the rows the retention run may delete share one mark. */
const SOURCE_OF: Record<RollupTable, "requests" | "tasks" | "ad_reports"> = {
  request_day: "requests",
  request_answer_days: "requests",
  request_answer_months: "requests",
  task_day: "tasks",
  task_answer_days: "tasks",
  ad_report_day: "ad_reports",
};
type Source = (typeof SOURCE_OF)[RollupTable];

const keptKey = (source: Source) => `figures_kept_through:${source}`;
const PAGE = 5_000;

/** The day up to which (included) a source's rollups outlive its deleted rows: never made again from the rows. */
async function keptThrough(db: Kysely<Database>, source: Source): Promise<string | null> {
  const row = await db.selectFrom("app_meta").select("value").where("key", "=", keptKey(source)).executeTakeFirst();
  return row?.value ?? null;
}

/** Said by the retention run, in the transaction that deletes rows made up to `day`. */
export async function keepFiguresThrough(trx: Kysely<Database>, source: Source, day: string, now: Date) {
  const current = await keptThrough(trx, source);
  if (current !== null && current >= day) return;
  await trx
    .insertInto("app_meta")
    .values({ key: keptKey(source), value: day, updated_at: now.toISOString() })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: day, updated_at: now.toISOString() }))
    .execute();
}

/** Every rollup row the rows add up to, page by page (keyset on the id, so a million rows never sit in memory at once). */
async function recountRows(trx: Kysely<Database>): Promise<RollupRow[]> {
  const sum = rollupSum();
  const add = (rows: RollupRow[]) => sum.add(rows);
  for (let after = ""; ;) {
    const page = await trx
      .selectFrom("privacy_request")
      .select(["id", ...REQUEST_FACTS])
      .where("id", ">", after)
      .orderBy("id")
      .limit(PAGE)
      .execute();
    add(page.flatMap(requestRollups));
    if (page.length < PAGE) break;
    after = page[page.length - 1].id;
  }
  for (let after = ""; ;) {
    const page = await trx
      .selectFrom("system_task as t")
      .innerJoin("privacy_request as r", "r.id", "t.request_id")
      .select(["t.id", ...TASK_FACTS])
      .where("t.id", ">", after)
      .orderBy("t.id")
      .limit(PAGE)
      .execute();
    add(page.flatMap(taskRollups));
    if (page.length < PAGE) break;
    after = page[page.length - 1].id;
  }
  add((await trx.selectFrom("political_ad_complaint").select(AD_REPORT_FACTS).execute()).flatMap(adReportRollups));
  return sum.rows();
}

/**
 * Each table's days (or months) made again from the rows: those after its
 * source's kept day (a month table keeps that day's month whole), or all.
 */
async function rebuiltAfter(trx: Kysely<Database>): Promise<Record<RollupTable, string | null>> {
  const kept = {} as Record<Source, string | null>;
  for (const source of new Set(Object.values(SOURCE_OF))) kept[source] = await keptThrough(trx, source);
  return Object.fromEntries(
    ROLLUP_TABLE_NAMES.map((table) => {
      const day = kept[SOURCE_OF[table]];
      return [table, day !== null && whenColumn(table) === "month" ? day.slice(0, 7) : day];
    }),
  ) as Record<RollupTable, string | null>;
}

const rebuilt = (table: RollupTable, after: string | null, row: Pick<RollupRow, "key">) =>
  after === null || String(row.key[whenColumn(table)]) > after;

/** The rows of `table` a rebuild makes again, as a condition. */
const rebuiltRows = (table: RollupTable, after: string | null) =>
  after === null ? sql<SqlBool>`1 = 1` : sql<SqlBool>`${sql.ref(whenColumn(table))} > ${after}`;

async function insertRows(trx: Kysely<Database>, table: RollupTable, rows: RollupRow[]) {
  const { key, counts } = ROLLUP_TABLES[table];
  const columns = [...key, ...counts];
  for (let start = 0; start < rows.length; start += 500) {
    const batch = rows.slice(start, start + 500);
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))}) values ${sql.join(
      batch.map(
        (row) =>
          sql`(${sql.join([...key.map((column) => row.key[column]), ...counts.map((column) => row.counts[column] ?? 0)])})`,
      ),
    )}`.execute(trx);
  }
}

export type RebuildReport = Record<RollupTable, { rows: number; keptThrough: string | null }>;

/** Makes the rollups again inside the caller's transaction (see `rebuildFigureRollups`). */
async function rebuildWithin(trx: Kysely<Database>): Promise<RebuildReport> {
  // The changes' upserts wait for the rebuild (readers do not): a change
  // committed before it is in the rows it reads, one after it adds its
  // difference to the counts it made.
  if (trx.getExecutor().adapter instanceof PostgresAdapter)
    await sql`lock table ${sql.join(ROLLUP_TABLE_NAMES.map((table) => sql.table(table)))} in exclusive mode`.execute(
      trx,
    );
  await markBuilt(trx, new Date());
  const after = await rebuiltAfter(trx);
  const rows = await recountRows(trx);
  const report = {} as RebuildReport;
  for (const table of ROLLUP_TABLE_NAMES) {
    await sql`delete from ${sql.table(table)} where ${rebuiltRows(table, after[table])}`.execute(trx);
    const mine = rows.filter((row) => row.table === table && rebuilt(table, after[table], row));
    await insertRows(trx, table, mine);
    report[table] = { rows: mine.length, keptThrough: after[table] };
  }
  return report;
}

export function rebuildFigureRollups(db: Db): Promise<RebuildReport> {
  return db.transaction().execute(rebuildWithin);
}

const BUILT = "figure_rollups_built_at";

/** The mark that the rollups were made from the rows: a start finds it and builds nothing. */
async function markBuilt(trx: Kysely<Database>, now: Date) {
  await trx
    .insertInto("app_meta")
    .values({ key: BUILT, value: now.toISOString(), updated_at: now.toISOString() })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: now.toISOString(), updated_at: now.toISOString() }))
    .execute();
}

/**
 * On start: the rollups are made from the rows once, the first time a
 * server starts with them (a fresh database has nothing to add up). The
 * mark is written first in the same transaction, so of several instances
 * starting at once one builds and the others, waiting on the mark, find it made.
 */
export async function buildFigureRollupsOnce(db: Db, now = new Date()): Promise<RebuildReport | null> {
  return db.transaction().execute(async (trx) => {
    const marked = await trx
      .insertInto("app_meta")
      .values({ key: BUILT, value: now.toISOString(), updated_at: now.toISOString() })
      .onConflict((oc) => oc.column("key").doNothing())
      .executeTakeFirst();
    return Number(marked.numInsertedOrUpdatedRows ?? 0) === 1 ? rebuildWithin(trx) : null;
  });
}

export type RollupDifference = {
  table: RollupTable;
  key: Record<string, string | number>;
  counts: Record<string, number>;
};

/**
 * Where the rollups and the rows disagree (rollups less rows, per key), on
 * the days a rebuild would make again; none when they agree. Ids and
 * counts only: nothing of a person.
 */
export async function checkFigureRollups(db: Db): Promise<RollupDifference[]> {
  return db.transaction().execute(async (trx) => {
    const after = await rebuiltAfter(trx);
    const stored: RollupRow[] = [];
    for (const table of ROLLUP_TABLE_NAMES) {
      const rows = await trx.selectFrom(table).selectAll().where(rebuiltRows(table, after[table])).execute();
      const { key, counts } = ROLLUP_TABLES[table];
      for (const row of rows as Array<Record<string, string | number>>)
        stored.push({
          table,
          key: Object.fromEntries(key.map((column) => [column, column === "days" ? Number(row[column]) : row[column]])),
          counts: Object.fromEntries(counts.map((column) => [column, Number(row[column])])),
        });
    }
    const counted = (await recountRows(trx)).filter((row) => rebuilt(row.table, after[row.table], row));
    const difference = rollupSum();
    difference.add(stored);
    difference.add(counted, -1);
    return difference.rows();
  });
}
