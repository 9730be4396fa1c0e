import { siteContext } from "~/context";
import { robotsTxt } from "~/services/site/sitemap.server";
import { publicOrigin } from "~/utils/public-origin.server";

import type { Route } from "./+types/robots";

/** `GET /robots.txt`, per host. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { country } = context.get(siteContext);
  return new Response(robotsTxt(publicOrigin(country, new URL(request.url).origin)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
