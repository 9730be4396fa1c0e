import { countryCode } from "~/domain/country";
import { stringify } from "csv-stringify/sync";
import type { Route } from "./+types/requests.export";
import { getDb } from "~/db/instance.server";
import { isOverdue, listRequests, spreadsheetSafe } from "~/services/privacy-admin.server";
import { requireStaff } from "~/services/staff/guard.server";
import { readRequestFilter } from "./filters.server";

/** The filtered list as CSV, safe to open in a spreadsheet (officers only). */
export const middleware: Route.MiddlewareFunction[] = [requireStaff({ role: "officer", answer: "call" })];

export async function loader({ request }: Route.LoaderArgs) {
  const filter = readRequestFilter(new URL(request.url).searchParams);
  const now = new Date();
  const { requests } = await listRequests(await getDb(), filter, { all: true, now });
  const rows = requests.map((row) =>
    [row.reference, row.right_type, row.state, countryCode(row.country), row.locale, row.email ?? "", row.created_at, row.verified_at ?? "", row.due_at ?? "", isOverdue(row, now) ? "yes" : "no"].map(spreadsheetSafe),
  );
  const csv = stringify([["reference", "rightType", "state", "country", "locale", "email", "createdAt", "verifiedAt", "dueAt", "overdue"], ...rows]);
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="privacy-requests-${now.toISOString().slice(0, 10)}.csv"`,
    },
  });
}
