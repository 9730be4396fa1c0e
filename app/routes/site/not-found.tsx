import { notFound } from "~/utils/not-found";
import { loadAsDocument, STATIC_PAGE } from "~/utils/page-handle";

import type { Route } from "./+types/not-found";

/** A page of links only: no React. */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

// Everything under a language that no other route matches, /{lang}/not-found too.
export function loader({ request }: Route.LoaderArgs): never {
  notFound(request);
}

// Never rendered (the loader always throws); its presence keeps this a page
// route, so the 404 is answered with the page inside the layout.
export default function NotFoundRoute() {
  return null;
}
