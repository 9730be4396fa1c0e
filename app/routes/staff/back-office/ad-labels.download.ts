import { parseWithZod } from "@conform-to/zod/v4";

import { siteContext } from "~/context";
import { getDb } from "~/db/instance.server";
import { countryCode } from "~/domain/country";
import { requireStaff } from "~/http/staff/guard.server";
import { labelsInPeriod, labelsZip } from "~/services/campaign/labels/labels.server";
import { jsonError, NO_STORE } from "~/utils/json-error";
import { publicOrigin } from "~/utils/public-origin.server";
import { adLabelsSchema } from "~/validation/ad-labels";

import type { Route } from "./+types/ad-labels.download";

/** The ZIP the labels page sends officers to; the page says why when there is none. */
export const middleware: Route.MiddlewareFunction[] = [requireStaff({ role: "officer", answer: "call" })];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const submission = parseWithZod(url.searchParams, { schema: adLabelsSchema });
  if (submission.status !== "success")
    return jsonError(400, "INVALID_PERIOD", {
      message: "'from' and 'to' must be days (yyyy-mm-dd), 'to' not before 'from'.",
      headers: NO_STORE,
    });
  const { country } = context.get(siteContext);
  const { from, to } = submission.value;
  const found = await labelsInPeriod(await getDb(), country, from, to);
  if (!found.ok)
    return jsonError(422, found.problem === "none" ? "NO_ADS" : "TOO_MANY_ADS", {
      message: `${found.count} ads in this period.`,
      headers: NO_STORE,
    });
  return new Response(new Uint8Array(await labelsZip(found.items, publicOrigin(country, url.origin))), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="labels-${countryCode(country).toLowerCase()}-${from}-${to}.zip"`,
      ...NO_STORE,
    },
  });
}
