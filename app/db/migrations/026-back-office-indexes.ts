import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * The back office with a million requests (`npm run bench:reports` with
 * BENCH_REQUESTS=1000000; p99 before → after, through the server, SQLite).
 *
 * The request list shows the soonest due first, requests without a due date
 * after, newest first among equals. Nothing held that order, so every page
 * sorted every request that passed its filters: page 1 354 → 33 ms, page 50
 * 382 → 32 ms, a page near the last 11.8 s → 115 ms. `privacy_request_list`
 * holds the order (the same expression as listRequests' ORDER BY, literals
 * and all); listRequests reads a page's references from it and only then
 * those 25 requests, so a deep page steps over the earlier ones in the index.
 *
 * A filter on one column (the state, the right, the country, the owner or
 * nobody) went through that column's own index and sorted all it found
 * (SQLite keeps no statistics, so it cannot know that "completed" is four
 * requests in five): completed page 50 476 → 73 ms, objections 368 → 47 ms,
 * Belgium 1411 → 54 ms, nobody's 456 → 61 ms. One index per filter, that
 * column then the list's order, gives them in order. Each index ends with
 * the other filters' columns and the reference, so filters together, and the
 * text filter (part of a reference), are tested on the index entry without
 * reading the request: completed + Belgium + objections 324 → 125 ms, the
 * text filter 408–430 → 168–271 ms.
 *
 * The request page lists the requests that may repeat this one (their
 * `duplicate_of` names it) and the answer's deliveries: both read the whole
 * table to find none (a random request's page 230 → 17 ms). A confirmed
 * request looks for an earlier one of the same right from the same address
 * (a possible duplicate), which read every request inside the confirmation's
 * transaction: the address and the right, indexed.
 *
 * PostgreSQL plans by its statistics and is served by the same indexes; on a
 * table just loaded (no page marked all-visible yet) an index-only read still
 * visits the table, until autovacuum has been. Its text filter (any part of
 * a reference) read the whole list index, 0.6 s at a million: a trigram
 * index (pg_trgm, shipped with PostgreSQL) finds the references holding the
 * part. Where the extension may not be created, the list goes without it.
 */
const LIST_ORDER = sql`(case when due_at is null then 1 else 0 end), due_at, created_at desc`;
const FILTERS = { state: "state", right: "right_type", country: "country", owner: "assignee" };
/** Behind the order, what the other filters test: an entry is kept or passed over without reading its request. */
const tested = (...columns: string[]) => sql.join(columns.map((column) => sql.id(column)));

export async function up(db: Kysely<unknown>): Promise<void> {
  const all = Object.values(FILTERS);
  await sql`create index privacy_request_list on privacy_request (${LIST_ORDER}, ${tested("reference", ...all)})`.execute(
    db,
  );
  for (const [name, column] of Object.entries(FILTERS)) {
    const others = all.filter((other) => other !== column);
    await sql`create index ${sql.id(`privacy_request_list_${name}`)} on privacy_request (${sql.id(column)}, ${LIST_ORDER}, ${tested("reference", ...others)})`.execute(
      db,
    );
  }
  await db.schema
    .createIndex("privacy_request_duplicate_of")
    .on("privacy_request")
    .columns(["duplicate_of", "created_at"])
    .execute();
  await db.schema.createIndex("request_delivery_request").on("request_delivery").column("request_id").execute();
  await db.schema
    .createIndex("privacy_request_email_right")
    .on("privacy_request")
    .columns(["email", "right_type"])
    .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) await referenceTrigrams(db);
}

/** The references' trigrams, in a savepoint: a refused extension leaves the migration's transaction as it was. */
async function referenceTrigrams(db: Kysely<unknown>) {
  await sql`savepoint reference_trigrams`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index privacy_request_reference_trigrams on privacy_request using gin (lower(reference) gin_trgm_ops)`.execute(
      db,
    );
    await sql`release savepoint reference_trigrams`.execute(db);
  } catch {
    await sql`rollback to savepoint reference_trigrams`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists privacy_request_reference_trigrams`.execute(db);
  await db.schema.dropIndex("privacy_request_email_right").execute();
  await db.schema.dropIndex("request_delivery_request").execute();
  await db.schema.dropIndex("privacy_request_duplicate_of").execute();
  for (const name of Object.keys(FILTERS).reverse())
    await db.schema.dropIndex(`privacy_request_list_${name}`).execute();
  await db.schema.dropIndex("privacy_request_list").execute();
}
