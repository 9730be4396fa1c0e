import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import pg from "pg";

import { openDatabase, type DatabaseHandle } from "~/db/db.server";

/** One database made for one test (or suite), and how to throw it away. */
export type TestDatabase = {
  handle: DatabaseHandle;
  /** Closes the connections, then deletes the file or drops the database. */
  dispose: () => Promise<void>;
};

export type DatabaseTarget = {
  name: "sqlite" | "postgres";
  /** A new, empty database each call: nothing is shared between two calls. */
  create: () => Promise<TestDatabase>;
};

let counter = 0;

const sqliteTarget: DatabaseTarget = {
  name: "sqlite",
  create: async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "db-test-"));
    const handle = openDatabase({ kind: "sqlite", file: path.join(dir, "test.sqlite") });
    return {
      handle,
      dispose: async () => {
        await handle.db.destroy();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

function postgresTarget(adminUrl: string): DatabaseTarget {
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  return {
    name: "postgres",
    create: async () => {
      // Unique per call and per worker process (files run in parallel).
      const name = `test_${process.pid}_${Date.now()}_${counter++}`;
      await admin(`create database ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const handle = openDatabase({ kind: "postgres", url: url.toString() });
      return {
        handle,
        dispose: async () => {
          await handle.db.destroy();
          await admin(`drop database if exists ${name} with (force)`);
        },
      };
    },
  };
}

/** The embedded default alone, for tests about it (a file in a folder of its own). */
export const sqliteDatabase = sqliteTarget;

/**
 * SQLite always, and PostgreSQL when TEST_DATABASE_URL is set (CI sets it):
 * the same tests run on both.
 */
export function databaseTargets(): DatabaseTarget[] {
  const adminUrl = process.env.TEST_DATABASE_URL;
  return adminUrl ? [sqliteTarget, postgresTarget(adminUrl)] : [sqliteTarget];
}
