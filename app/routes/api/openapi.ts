import { siteContext } from "~/context";
import { bodyAnswer } from "~/http/campaign-answers.server";
import { openApiText } from "~/http/openapi/document.server";

import type { Route } from "./+types/openapi";

/**
 * `GET /api/openapi.json`, the public calls as OpenAPI 3.1
 * (app/http/openapi/). Public and cacheable like the register, with an ETag;
 * any site's page may read it (server/register-cors.ts).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { country } = context.get(siteContext);
  return bodyAnswer(request, openApiText(country, new URL(request.url).origin), {
    "Content-Type": "application/json; charset=utf-8",
  });
}
