/**
 * What the shared e2e server wrote, read the way an operator would: its
 * embedded database and its mail folder (the file transport's .eml files).
 */
import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import { expect } from "./fixtures";
import { decodeQuotedPrintable } from "../setup/test-smtp-server";

/** One statement on the server's database: the rows of a query, nothing for a change. */
export function sql<T>(statement: string, ...values: unknown[]): T[] {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, "app.sqlite"));
  try {
    const prepared = db.prepare(statement);
    return prepared.reader ? (prepared.all(...values) as T[]) : (prepared.run(...values), []);
  } finally {
    db.close();
  }
}

/** The mails to one address, decoded, oldest first. */
export function mailsTo(address: string): string[] {
  const dir = path.join(process.env.E2E_DATA_DIR!, "mail");
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  return files.map((file) => decodeQuotedPrintable(fs.readFileSync(path.join(dir, file), "utf8"))).filter((eml) => eml.includes(address));
}

/** Waits (up to 10 s: the outbox worker sends) for a mail to the address that holds the text. */
export async function mailTo(address: string, containing: string): Promise<string> {
  let found = "";
  await expect
    .poll(() => {
      found = mailsTo(address).find((eml) => eml.includes(containing)) ?? "";
      return found !== "";
    }, { timeout: 10_000 })
    .toBe(true);
  return found;
}
