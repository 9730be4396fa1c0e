/**
 * Bounded waits on PostgreSQL. Under overload requests queued for
 * one of the pool's connections for up to 25 s, and some were stored but
 * answered after the client had given up. The pool now refuses a query that
 * waited 3 s for a connection (before it stored anything), and the server
 * ends a statement after 10 s and a transaction left idle after 10 s.
 * Runs where TEST_DATABASE_URL names a PostgreSQL server.
 */
import { sql } from "kysely";
import type pg from "pg";
import { expect, it } from "vitest";

import { POSTGRES_POOL } from "~/db/db.server";

import { describeEachDatabase } from "../../tests/setup/unit-database";

describeEachDatabase("the database pool on $name", (database) => {
  it("on PostgreSQL: a statement and an idle transaction are bounded by the server", async ({ skip }) => {
    if (database.handle.kind !== "postgres")
      return skip("PostgreSQL only: SQLite runs each query at once, in the process");
    const shown = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(database.db);
    expect(shown.rows[0].statement_timeout).toBe("10s");
    const idle = await sql<{
      idle_in_transaction_session_timeout: string;
    }>`show idle_in_transaction_session_timeout`.execute(database.db);
    expect(idle.rows[0].idle_in_transaction_session_timeout).toBe("10s");
  });

  it("on PostgreSQL: a query that waits 3 s for a connection fails, and stores nothing", async ({ skip }) => {
    if (database.handle.kind !== "postgres") return skip("PostgreSQL only");
    const { pool } = database.handle as { pool: pg.Pool };
    // Every connection busy, as under overload.
    const held = await Promise.all(Array.from({ length: POSTGRES_POOL.max }, () => pool.connect()));
    try {
      const stored = database.db
        .insertInto("app_meta")
        .values({ key: "pool-test", value: "x", updated_at: new Date().toISOString() })
        .execute();
      // "timeout exceeded when trying to connect": refused, not queued until the client gives up.
      await expect(stored).rejects.toThrow(/timeout/i);
    } finally {
      held.forEach((client) => client.release());
    }
    const rows = await database.db.selectFrom("app_meta").select("key").where("key", "=", "pool-test").execute();
    expect(rows).toHaveLength(0);
  });
});
