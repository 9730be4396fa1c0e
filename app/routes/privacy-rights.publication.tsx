import type { Route } from "./+types/privacy-rights.publication";
import { PlaceholderPage } from "~/components/placeholder-page";
import { siteContext } from "~/context";
import { pageMeta } from "~/utils/meta";
import { notFound } from "~/utils/not-found";

// Spec 1: removal from a publication is offered only in Belgium.
export function loader({ context, request }: Route.LoaderArgs) {
  if (context.get(siteContext).country !== "be") notFound(request);
  return null;
}

export default function Page() {
  return <PlaceholderPage titleKey="pages.publication.title" />;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "pages.publication.title");
