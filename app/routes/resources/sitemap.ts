import { siteContext } from "~/context";
import { getDb } from "~/db/instance.server";
import { readingRegister } from "~/http/campaign-answers.server";
import { publicPagePaths, sitemapXml } from "~/services/site/sitemap.server";
import { publicOrigin } from "~/utils/public-origin.server";

import type { Route } from "./+types/sitemap";

/** `GET /sitemap.xml`, per host: every public page in each language of the country, the ads included. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { country } = context.get(siteContext);
  return readingRegister(async () => {
    const paths = await publicPagePaths(await getDb(), country);
    return new Response(sitemapXml(publicOrigin(country, new URL(request.url).origin), country, paths), {
      headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
    });
  });
}
