import type { Route } from "./+types/privacy-rights.direct-marketing.communication-types";
import { PlaceholderPage } from "~/components/placeholder-page";
import { pageMeta } from "~/utils/meta";

export default function Page() {
  return <PlaceholderPage titleKey="pages.directMarketingCommunicationTypes.title" />;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "pages.directMarketingCommunicationTypes.title");
