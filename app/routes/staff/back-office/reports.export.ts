import { getDb } from "~/db/instance.server";
import { invalidParameter } from "~/http/json-call.server";
import { requireStaff } from "~/http/staff/guard.server";
import { figuresCsv } from "~/services/reports/figures-csv.server";
import { teamFigures } from "~/services/reports/team-figures.server";
import { reportPeriodSchema, thisYearSoFar } from "~/validation/report-period";

import type { Route } from "./+types/reports.export";

/** The reports page's figures as CSV, for the same period and country (officers only); a wrong period is a 400. */
export const middleware: Route.MiddlewareFunction[] = [requireStaff({ role: "officer", answer: "call" })];

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const asked =
    params.has("from") || params.has("to")
      ? Object.fromEntries(params)
      : { ...thisYearSoFar(), country: params.get("country") ?? "" };
  const parsed = reportPeriodSchema.safeParse({ ...asked, country: asked.country || undefined });
  if (!parsed.success)
    return invalidParameter(
      String(parsed.error.issues[0].path[0] ?? "from"),
      "Choose a period: from and to as yyyy-mm-dd, to not before from, at most three years apart; country nl, be or none.",
    );
  const { from, to, country = null } = parsed.data;
  const csv = figuresCsv(await teamFigures(await getDb(), { from, to, country }), country);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="privacy-figures-${from}-${to}.csv"`,
    },
  });
}
