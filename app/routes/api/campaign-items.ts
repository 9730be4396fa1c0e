import { getDb } from "~/db/instance.server";
import { jsonAnswer, readingRegister } from "~/http/campaign-answers.server";
import { invalidParameter } from "~/http/json-call.server";
import { listCampaigns } from "~/services/campaign/register.server";
import { summarise } from "~/services/campaign/summary.server";
import { readCampaignQuery, readCountryCode } from "~/validation/campaign";

import type { Route } from "./+types/campaign-items";

/**
 * Spec 7: `GET /api/campaign-items?countryCode=NL|BE&period&channel&text`
 * → `{ campaignItems, summary }`, newest first; `summary` is the filtered
 * set at a glance. A bad parameter is a 400 that names
 * it. Public data: cacheable for a minute, with an ETag.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const country = readCountryCode(params);
  if (!country) return invalidParameter("countryCode", "'countryCode' must be NL or BE.");
  const read = readCampaignQuery(params, country);
  if (!read.ok) return invalidParameter(read.parameter, read.message);
  return readingRegister(async () => {
    const campaignItems = await listCampaigns(await getDb(), { country, ...read.query });
    return jsonAnswer(request, { campaignItems, summary: summarise(campaignItems, country) });
  });
}
