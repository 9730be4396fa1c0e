/**
 * What the shared e2e server wrote, read the way an operator would: its
 * embedded database and its mail folder (the file transport's .eml files).
 */
import fs from "node:fs";
import path from "node:path";

import Database from "better-sqlite3";

import { decodeQuotedPrintable } from "../setup/test-smtp-server";
import { expect } from "./fixtures";

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

/**
 * Each mail file read once, decoded: the folder holds every mail of
 * the run, a thousand and more by its end, and each poll used to read them
 * all. A file is read again when its size changed (it was still being written).
 */
const decodedMails = new Map<string, { size: number; text: string }>();

/** The mails to one address, decoded, oldest first. */
export function mailsTo(address: string): string[] {
  const dir = path.join(process.env.E2E_DATA_DIR!, "mail");
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  return files
    .map((file) => {
      const location = path.join(dir, file);
      const known = decodedMails.get(location);
      if (known && known.size === fs.statSync(location).size) return known.text;
      const raw = fs.readFileSync(location);
      const text = decodeQuotedPrintable(raw.toString("utf8"));
      decodedMails.set(location, { size: raw.length, text });
      return text;
    })
    .filter((eml) => eml.includes(address));
}

/** Waits (up to 10 s: the outbox worker sends) for a mail to the address that holds the text. */
export async function mailTo(address: string, containing: string): Promise<string> {
  let found = "";
  await expect
    .poll(
      () => {
        found = mailsTo(address).find((eml) => eml.includes(containing)) ?? "";
        return found !== "";
        // The outbox is polled every 200 ms (MAIL_POLL_INTERVAL_MS): look as often, not after 1 s steps.
      },
      { timeout: 10_000, intervals: [100, 200] },
    )
    .toBe(true);
  return found;
}
