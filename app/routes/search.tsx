import type { Route } from "./+types/search";
import { PlaceholderPage } from "~/components/placeholder-page";
import { pageMeta } from "~/utils/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "pages.search.title");

export default function Page() {
  return <PlaceholderPage titleKey="pages.search.title" />;
}
