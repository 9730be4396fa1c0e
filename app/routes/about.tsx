import type { Route } from "./+types/about";
import { PlaceholderPage } from "~/components/placeholder-page";
import { pageMeta } from "~/utils/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "pages.about.title");

export default function Page() {
  return <PlaceholderPage titleKey="pages.about.title" />;
}
