import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "~/db/db.server";

export type TestDatabase = {
  name: "sqlite" | "postgres";
  open: () => Promise<DatabaseHandle>;
  cleanup?: () => Promise<void>;
};

let counter = 0;

/**
 * A fresh SQLite file always, and a fresh PostgreSQL database when
 * TEST_DATABASE_URL is set (CI sets it): the same tests run on both.
 */
export function testDatabases(): TestDatabase[] {
  const targets: TestDatabase[] = [
    {
      name: "sqlite",
      open: async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "db-test-"));
        return openDatabase({ kind: "sqlite", file: path.join(dir, "test.sqlite") });
      },
    },
  ];
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `test_${process.pid}_${Date.now()}_${counter++}`;
    const admin = async (query: string) => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(query);
      } finally {
        await client.end();
      }
    };
    targets.push({
      name: "postgres",
      open: async () => {
        await admin(`create database ${name}`);
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        return openDatabase({ kind: "postgres", url: url.toString() });
      },
      cleanup: () => admin(`drop database if exists ${name} with (force)`),
    });
  }
  return targets;
}
