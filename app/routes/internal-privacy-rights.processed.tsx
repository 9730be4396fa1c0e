import type { Route } from "./+types/internal-privacy-rights.processed";
import { PlaceholderPage } from "~/components/placeholder-page";
import { pageMeta } from "~/utils/meta";

export default function Page() {
  return <PlaceholderPage titleKey="pages.internalProcessed.title" />;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "pages.internalProcessed.title");
