import { getDb } from "~/db/instance.server";
import { parseCountry } from "~/domain/country";
import { requireStaff } from "~/http/staff/guard.server";
import { toCsv } from "~/services/csv.server";
import { decodeCursor, FEED_PAGE_SIZE, suppressionsSince } from "~/services/privacy-request/suppressions.server";

import type { Route } from "./+types/suppressions.export";

/** The suppression feed as one CSV for officers (`?since=&country=`), what the marketing systems read page by page. */
export const middleware: Route.MiddlewareFunction[] = [requireStaff({ role: "officer", answer: "call" })];

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const sinceParam = params.get("since");
  const since = sinceParam && !Number.isNaN(Date.parse(sinceParam)) ? new Date(sinceParam).toISOString() : undefined;
  const country = parseCountry(params.get("country"));
  const db = await getDb();
  const lines: string[][] = [];
  let cursor: ReturnType<typeof decodeCursor> = null;
  do {
    const page = await suppressionsSince(db, { since, country, cursor, limit: FEED_PAGE_SIZE.max });
    for (const item of page.items)
      lines.push([item.country, item.brandKey, item.channel, item.identifier, item.requestReference, item.createdAt]);
    cursor = page.nextCursor ? decodeCursor(page.nextCursor) : null;
  } while (cursor);
  const csv = toCsv([["country", "brandKey", "channel", "identifier", "requestReference", "createdAt"], ...lines], {
    bom: true,
  });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="suppressions-${new Date().toISOString().slice(0, 10)}.csv"`,
    },
  });
}
