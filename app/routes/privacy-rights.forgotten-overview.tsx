import type { Route } from "./+types/privacy-rights.forgotten-overview";
import { PlaceholderPage } from "~/components/placeholder-page";
import { pageMeta } from "~/utils/meta";

export default function Page() {
  return <PlaceholderPage titleKey="pages.forgottenOverview.title" />;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "pages.forgottenOverview.title");
