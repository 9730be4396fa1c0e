import type { Route } from "./+types/internal-privacy-rights.direct-marketing";
import { PlaceholderPage } from "~/components/placeholder-page";
import { pageMeta } from "~/utils/meta";

export default function Page() {
  return <PlaceholderPage titleKey="pages.internalDirectMarketing.title" />;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "pages.internalDirectMarketing.title");
