import type { Route } from "./+types/home";
import { PlaceholderPage } from "~/components/placeholder-page";
import { pageMeta } from "~/utils/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "pages.home.title");

export default function Page() {
  return <PlaceholderPage titleKey="pages.home.title" />;
}
