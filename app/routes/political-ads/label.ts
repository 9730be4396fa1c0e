import { getConfig } from "~/config.server";
import { siteContext } from "~/context";
import { getDb } from "~/db/instance.server";
import { bodyAnswer, readingRegister } from "~/http/campaign-answers.server";
import { messageText } from "~/i18n/server-texts.server";
import { adLabel, LabelRendersBusy } from "~/services/campaign/labels/labels.server";
import { findCampaign } from "~/services/campaign/register.server";
import { NO_STORE } from "~/utils/json-error";
import { publicOrigin } from "~/utils/public-origin.server";

import type { Route } from "./+types/label";

/**
 * A visitor waits behind at most this many PNG renders (about half a
 * second); beyond, the label is refused at once with Retry-After, as the
 * overload guard refuses a page.
 */
const RENDERS_A_VISITOR_WAITS_FOR = 16;

/**
 * `/{lang}/political-ads/{id}/label.svg` and `.png`, the
 * ad's print label, in the ad's language; public and cached like the
 * register, rendered once per version. An ad this site
 * does not have: 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { country, locale } = context.get(siteContext);
  const url = new URL(request.url);
  const format = url.pathname.endsWith(".png") ? "png" : "svg";
  return readingRegister(async () => {
    const item = await findCampaign(await getDb(), country, params.id);
    if (!item)
      return new Response("No such political ad on this site.\n", {
        status: 404,
        headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" },
      });
    try {
      const label = await adLabel(item, publicOrigin(country, url.origin), format, {
        queueLimit: RENDERS_A_VISITOR_WAITS_FOR,
      });
      return bodyAnswer(
        request,
        label.body,
        {
          "Content-Type": format === "png" ? "image/png" : "image/svg+xml; charset=utf-8",
          "Content-Disposition": `inline; filename="label-${item.id}.${format}"`,
        },
        label.etag,
      );
    } catch (error) {
      if (!(error instanceof LabelRendersBusy)) throw error;
      const seconds = String(getConfig().OVERLOAD_RETRY_AFTER_SECONDS);
      return new Response(`${messageText(locale, "overload.retry", { seconds })}\n`, {
        status: 503,
        headers: { ...NO_STORE, "Retry-After": seconds, "Content-Type": "text/plain; charset=utf-8" },
      });
    }
  });
}
