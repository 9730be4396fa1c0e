import { readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { queueTables, requestTables, requestWritesIn, requestWritesOutside } from "./request-writes";

const root = path.resolve(import.meta.dirname, "../..");
const tables = requestTables(readFileSync(path.join(root, "app/db/schema/index.ts"), "utf8"));

describe("a request's rows are written only from services/privacy-request", () => {
  it("counts as a request's tables those typed in the request's schema modules, and no other", () => {
    for (const table of [
      "privacy_request",
      "audit_event",
      "marketing_suppression",
      "status_link",
      "info_request",
      "reply_link",
      "request_delivery",
      "request_file",
      "file_chunk",
      "system_task",
    ]) {
      expect(tables).toContain(table);
    }
    for (const table of [
      "outbox",
      "webhook_delivery",
      "political_ad_complaint",
      "campaign_item",
      "internal_note",
      "data_system",
      "staff_account",
    ])
      expect(tables).not.toContain(table);
  });

  it("names the file and line of each Kysely write on a request's table, and not of a read or another table's write", () => {
    const source = [
      'const rows = await db.selectFrom("privacy_request").selectAll().execute();',
      'await db.deleteFrom("contact_message").execute();',
      "await trx",
      '  .updateTable("privacy_request as r")',
      "  .set({ assignee: null }).execute();",
      'await db.insertInto("system_task").values(row).execute();',
    ].join("\n");
    expect(requestWritesIn("app/services/case-work/x.server.ts", source, tables)).toEqual([
      { file: "app/services/case-work/x.server.ts", line: 4, table: "privacy_request", how: "updateTable" },
      { file: "app/services/case-work/x.server.ts", line: 6, table: "system_task", how: "insertInto" },
    ]);
  });

  it("finds raw SQL writes and a write whose table is not named literally", () => {
    const source = [
      'await sql`delete from ${sql.table("request_file")} where id = ${id}`.execute(db);',
      "await trx.updateTable(TABLE[kind]).set({ assignee }).execute();",
    ].join("\n");
    expect(requestWritesIn("app/x.ts", source, tables)).toEqual([
      { file: "app/x.ts", line: 2, table: "(a table not named literally)", how: "updateTable" },
      { file: "app/x.ts", line: 1, table: "request_file", how: "delete from" },
    ]);
  });

  it("reads the tables the durable queue may write from its types: the outbox's and the webhook deliveries', no request's", () => {
    const queue = readFileSync(path.join(root, "app/services/outbox/queue.server.ts"), "utf8");
    expect(queueTables(queue).sort()).toEqual(["outbox", "webhook_delivery"]);
    expect(queueTables('type QueueTables = Record<"outbox" | "privacy_request", Row>;')).toEqual([
      "outbox",
      "privacy_request",
    ]);
    expect(() => queueTables("type Other = 1;")).toThrow(/QueueTables/);
  });

  it("finds no write on a request's tables in app/ or server/ outside services/privacy-request and the migrations", () => {
    expect(requestWritesOutside(root)).toEqual([]);
  });
});
