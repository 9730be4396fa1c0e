import type { Route } from "./+types/campaign-items.detail";
import { getDb } from "~/db/instance.server";
import { findCampaign } from "~/services/campaigns.server";
import { jsonAnswer, jsonError, readingRegister } from "~/utils/campaign-answers.server";
import { readCountryCode } from "~/validation/campaign";

/**
 * Spec 7: `GET /api/campaign-items/{id}?countryCode=` → one item, also the
 * detail page's download (`politieke-advertentie-{id}.json`).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const country = readCountryCode(new URL(request.url).searchParams);
  if (!country) return jsonError(400, "VALIDATION", "'countryCode' must be NL or BE.", "countryCode");
  return readingRegister(async () => {
    const item = await findCampaign(await getDb(), country, params.id);
    if (!item) return jsonError(404, "NOT_FOUND", `No campaign '${params.id}' in ${country}.`);
    return jsonAnswer(request, item, {
      "Content-Disposition": `attachment; filename="politieke-advertentie-${item.id}.json"`,
    });
  });
}
