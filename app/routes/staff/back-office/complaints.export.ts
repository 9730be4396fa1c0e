import { getDb } from "~/db/instance.server";
import { requireStaff, signedInStaff } from "~/http/staff/guard.server";
import { listComplaints } from "~/services/complaint/back-office.server";
import { toCsv } from "~/services/csv.server";

import type { Route } from "./+types/complaints.export";
import { readComplaintFilter } from "./filters.server";

/** The filtered ad reports as CSV, safe to open in a spreadsheet (officers only). */
export const middleware: Route.MiddlewareFunction[] = [requireStaff({ role: "officer", answer: "call" })];

export async function loader({ request, context }: Route.LoaderArgs) {
  const filter = readComplaintFilter(new URL(request.url).searchParams, signedInStaff(context, "call"));
  const { complaints } = await listComplaints(await getDb(), filter, { all: true });
  const rows = complaints.map((row) => [
    row.reference,
    row.campaign_id,
    row.country,
    row.reason,
    row.state,
    row.name,
    row.email,
    row.explanation,
    row.locale,
    row.created_at,
    row.updated_at,
  ]);
  const csv = toCsv(
    [
      [
        "reference",
        "campaignId",
        "country",
        "reason",
        "state",
        "name",
        "email",
        "explanation",
        "locale",
        "createdAt",
        "updatedAt",
      ],
      ...rows,
    ],
    { bom: true },
  );
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="ad-reports-${new Date().toISOString().slice(0, 10)}.csv"`,
    },
  });
}
