import { data } from "react-router";

import { textsBundle } from "~/i18n/translations.server";

import type { Route } from "./+types/texts";

/**
 * `GET /texts/{locale}-{public|staff}-{hash}.json`: a locale's texts for the
 * browser (app/i18n/texts-store.ts). Named by their content, so
 * kept for a year by browsers and CDNs alike, whoever asks.
 */
export function loader({ request }: Route.LoaderArgs) {
  const bundle = textsBundle(new URL(request.url).pathname);
  if (!bundle) throw data("Not Found", { status: 404 });
  return new Response(bundle.json, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
