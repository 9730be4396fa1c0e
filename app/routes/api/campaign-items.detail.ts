import { getDb } from "~/db/instance.server";
import { jsonAnswer, readingRegister } from "~/http/campaign-answers.server";
import { invalidParameter } from "~/http/json-call.server";
import { findCampaign } from "~/services/campaign/register.server";
import { findNoticeVersion } from "~/services/campaign/versions.server";
import { jsonError, NO_STORE } from "~/utils/json-error";
import { readCountryCode } from "~/validation/campaign";

import type { Route } from "./+types/campaign-items.detail";

/**
 * Spec 7: `GET /api/campaign-items/{id}?countryCode=` → one item, also the
 * detail page's download (`politieke-advertentie-{id}.json`).
 * `&version=n` answers that version as it was published (`-v{n}` in the
 * file name); every answer carries its `version`.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const country = readCountryCode(query);
  if (!country) return invalidParameter("countryCode", "'countryCode' must be NL or BE.");
  const versionParam = query.get("version");
  if (versionParam !== null && !/^[1-9]\d{0,5}$/.test(versionParam))
    return invalidParameter("version", "'version' must be a whole number from 1.");
  return readingRegister(async () => {
    const db = await getDb();
    const item =
      versionParam === null
        ? await findCampaign(db, country, params.id)
        : await findNoticeVersion(db, country, params.id, Number(versionParam));
    if (!item) {
      const what =
        versionParam === null ? `campaign '${params.id}'` : `version ${versionParam} of campaign '${params.id}'`;
      return jsonError(404, "NOT_FOUND", { message: `No ${what} in ${country}.`, headers: NO_STORE });
    }
    return jsonAnswer(request, item, {
      "Content-Disposition": `attachment; filename="politieke-advertentie-${item.id}${versionParam === null ? "" : `-v${item.version}`}.json"`,
    });
  });
}
