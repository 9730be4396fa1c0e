/**
 * The suppression feed: what objections produced, for the group's marketing
 * systems to honour. Rows never change once written (a repeated objection
 * adds nothing), so "added or changed since" is "created since". Pages
 * follow (created_at, id), so a consumer reading page after page sees each
 * row exactly once. Written here too, by an executed objection.
 */
import { randomUUID } from "node:crypto";

import type { Transaction } from "kysely";

import type { Db } from "~/db/db.server";
import type { Database } from "~/db/schema";
import type { PrivacyRequestTable } from "~/db/schema/privacy-requests";
import { countryCode, type Country, type CountryCode } from "~/domain/country";

import { storedDetails, suppressionIdentifier } from "./view.server";

export type SuppressionItem = {
  brandKey: string;
  channel: string;
  identifier: string;
  requestReference: string;
  country: CountryCode;
  createdAt: string;
};

export const FEED_PAGE_SIZE = { default: 500, max: 1000 } as const;

type Cursor = { createdAt: string; id: string };

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString("base64url");
}

/** The cursor a previous page gave, or null when it is not one of ours. */
export function decodeCursor(value: string): Cursor | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (Array.isArray(parsed) && parsed.length === 2 && parsed.every((part) => typeof part === "string")) {
      return { createdAt: parsed[0], id: parsed[1] };
    }
  } catch {
    // Not JSON: not ours.
  }
  return null;
}

export async function suppressionsSince(
  db: Db,
  query: { since?: string; country?: Country; cursor?: Cursor | null; limit: number },
): Promise<{ items: SuppressionItem[]; nextCursor: string | null }> {
  let select = db
    .selectFrom("marketing_suppression as s")
    .leftJoin("privacy_request as r", "r.id", "s.request_id")
    .select(["s.id", "s.brand_key", "s.channel", "s.identifier", "s.country", "s.created_at", "r.reference"])
    .orderBy("s.created_at")
    .orderBy("s.id")
    .limit(query.limit + 1);
  if (query.since) select = select.where("s.created_at", ">", query.since);
  if (query.country) select = select.where("s.country", "=", query.country);
  const cursor = query.cursor;
  if (cursor) {
    select = select.where((eb) =>
      eb.or([
        eb("s.created_at", ">", cursor.createdAt),
        eb.and([eb("s.created_at", "=", cursor.createdAt), eb("s.id", ">", cursor.id)]),
      ]),
    );
  }
  const rows = await select.execute();
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      brandKey: row.brand_key,
      channel: row.channel,
      identifier: row.identifier,
      requestReference: row.reference ?? "",
      country: countryCode(row.country),
      createdAt: row.created_at,
    })),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
  };
}

/** Writes an objection's suppressions (brand key × channel × identifier); a row that exists stays as it is. */
export async function writeSuppressions(
  db: Db | Transaction<Database>,
  request: PrivacyRequestTable,
  now: Date,
): Promise<number> {
  const { brandKeys, userInfo } = storedDetails(request);
  let written = 0;
  for (const channel of ["PHONE", "EMAIL", "POSTAL"] as const) {
    const identifier = suppressionIdentifier(channel, { email: request.email, phone: request.phone_number, userInfo });
    if (!identifier) continue;
    for (const brandKey of brandKeys) {
      const result = await db
        .insertInto("marketing_suppression")
        .values({
          id: randomUUID(),
          country: request.country,
          brand_key: brandKey,
          channel,
          identifier,
          request_id: request.id,
          created_at: now.toISOString(),
        })
        .onConflict((conflict) => conflict.columns(["country", "brand_key", "channel", "identifier"]).doNothing())
        .executeTakeFirst();
      written += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
  }
  return written;
}
