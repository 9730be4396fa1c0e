import pg from "pg";

/** A PostgreSQL database of one e2e spec's own, made through the admin connection CI gives (TEST_DATABASE_URL). */
export type SpecDatabase = {
  url: string;
  /** Runs one statement on this database and gives its rows. */
  sql: <T extends pg.QueryResultRow>(text: string, values?: unknown[]) => Promise<T[]>;
  /** Drops it, even with a server still connected. */
  drop: () => Promise<void>;
};

async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** `prefix` names the spec; the process id and the time keep two runs apart. */
export async function createSpecDatabase(adminUrl: string, prefix: string): Promise<SpecDatabase> {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  await query(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    sql: (text, values) => query(url.toString(), text, values),
    drop: async () => {
      await query(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
