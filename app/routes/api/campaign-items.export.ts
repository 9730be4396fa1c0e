import { getDb } from "~/db/instance.server";
import { bodyAnswer, readingRegister } from "~/http/campaign-answers.server";
import { invalidParameter } from "~/http/json-call.server";
import { allCampaigns, campaignsToCsv } from "~/services/campaign/register.server";
import { readCountryCode } from "~/validation/campaign";

import type { Route } from "./+types/campaign-items.export";

/**
 * A country's whole register in one file, for journalists and researchers:
 * `GET /api/campaign-items/export?countryCode=NL|BE&format=csv|json`, the
 * spec's field names.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const country = readCountryCode(params);
  if (!country) return invalidParameter("countryCode", "'countryCode' must be NL or BE.");
  const format = params.get("format") ?? "csv";
  if (format !== "csv" && format !== "json") return invalidParameter("format", "'format' must be csv or json.");
  return readingRegister(async () => {
    const items = await allCampaigns(await getDb(), country);
    const name = `politieke-advertenties-${country.toLowerCase()}.${format}`;
    const text =
      format === "csv" ? campaignsToCsv(items, { bom: true }) : JSON.stringify({ campaignItems: items }, null, 2);
    return bodyAnswer(request, text, {
      "Content-Type": format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
    });
  });
}
