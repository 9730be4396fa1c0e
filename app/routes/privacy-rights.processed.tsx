import type { Route } from "./+types/privacy-rights.processed";
import { PlaceholderPage } from "~/components/placeholder-page";
import { pageMeta } from "~/utils/meta";

export default function Page() {
  return <PlaceholderPage titleKey="pages.processed.title" />;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "pages.processed.title");
