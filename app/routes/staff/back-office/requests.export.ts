import { getDb } from "~/db/instance.server";
import { countryCode } from "~/domain/country";
import { isOverdue } from "~/domain/privacy-request";
import { requireStaff, signedInStaff } from "~/http/staff/guard.server";
import { toCsv } from "~/services/csv.server";
import { listRequests } from "~/services/privacy-request/back-office.server";

import type { Route } from "./+types/requests.export";
import { readRequestFilter } from "./filters.server";

/** The filtered list as CSV, safe to open in a spreadsheet (officers only). */
export const middleware: Route.MiddlewareFunction[] = [requireStaff({ role: "officer", answer: "call" })];

export async function loader({ request, context }: Route.LoaderArgs) {
  const filter = readRequestFilter(new URL(request.url).searchParams, signedInStaff(context, "call"));
  const now = new Date();
  const { requests } = await listRequests(await getDb(), filter, { all: true, now });
  const rows = requests.map((row) => [
    row.reference,
    row.right_type,
    row.state,
    countryCode(row.country),
    row.locale,
    row.email ?? "",
    row.created_at,
    row.verified_at ?? "",
    row.due_at ?? "",
    isOverdue(row, now) ? "yes" : "no",
  ]);
  const csv = toCsv(
    [
      ["reference", "rightType", "state", "country", "locale", "email", "createdAt", "verifiedAt", "dueAt", "overdue"],
      ...rows,
    ],
    { bom: true },
  );
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="privacy-requests-${now.toISOString().slice(0, 10)}.csv"`,
    },
  });
}
