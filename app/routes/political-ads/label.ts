import type { Route } from "./+types/label";
import { siteContext } from "~/context";
import { getDb } from "~/db/instance.server";
import { bodyAnswer, readingRegister } from "~/http/campaign-answers.server";
import { findCampaign } from "~/services/campaigns.server";
import { adLabel } from "~/services/political-ad-labels/labels.server";
import { NO_STORE } from "~/utils/json-error";
import { publicOrigin } from "~/utils/public-origin.server";

/**
 * Issue 27, item 2: `/{lang}/political-ads/{id}/label.svg` and `.png`, the
 * ad's print label, in the ad's language; public and cached like the
 * register. An ad this site does not have: 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { country } = context.get(siteContext);
  const url = new URL(request.url);
  const format = url.pathname.endsWith(".png") ? "png" : "svg";
  return readingRegister(async () => {
    const item = await findCampaign(await getDb(), country, params.id);
    if (!item) return new Response("No such political ad on this site.\n", { status: 404, headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" } });
    return bodyAnswer(request, adLabel(item, publicOrigin(country, url.origin), format), {
      "Content-Type": format === "png" ? "image/png" : "image/svg+xml; charset=utf-8",
      "Content-Disposition": `inline; filename="label-${item.id}.${format}"`,
    });
  });
}
