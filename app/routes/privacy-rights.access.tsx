import type { Route } from "./+types/privacy-rights.access";
import { PlaceholderPage } from "~/components/placeholder-page";
import { pageMeta } from "~/utils/meta";

export default function Page() {
  return <PlaceholderPage titleKey="pages.access.title" />;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "pages.access.title");
