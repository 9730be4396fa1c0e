import type { Route } from "./+types/privacy-rights.direct-marketing.brands";
import { PlaceholderPage } from "~/components/placeholder-page";
import { pageMeta } from "~/utils/meta";

export default function Page() {
  return <PlaceholderPage titleKey="pages.directMarketingBrands.title" />;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "pages.directMarketingBrands.title");
