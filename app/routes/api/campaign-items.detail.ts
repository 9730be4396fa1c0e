import type { Route } from "./+types/campaign-items.detail";
import { getDb } from "~/db/instance.server";
import { findCampaign } from "~/services/campaigns.server";
import { jsonAnswer, readingRegister } from "~/http/campaign-answers.server";
import { invalidParameter } from "~/http/json-call.server";
import { NO_STORE, jsonError } from "~/utils/json-error";
import { readCountryCode } from "~/validation/campaign";

/**
 * Spec 7: `GET /api/campaign-items/{id}?countryCode=` → one item, also the
 * detail page's download (`politieke-advertentie-{id}.json`).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const country = readCountryCode(new URL(request.url).searchParams);
  if (!country) return invalidParameter("countryCode", "'countryCode' must be NL or BE.");
  return readingRegister(async () => {
    const item = await findCampaign(await getDb(), country, params.id);
    if (!item) return jsonError(404, "NOT_FOUND", { message: `No campaign '${params.id}' in ${country}.`, headers: NO_STORE });
    return jsonAnswer(request, item, {
      "Content-Disposition": `attachment; filename="politieke-advertentie-${item.id}.json"`,
    });
  });
}
