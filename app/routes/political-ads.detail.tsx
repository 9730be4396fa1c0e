import type { Route } from "./+types/political-ads.detail";
import { PlaceholderPage } from "~/components/placeholder-page";
import { pageMeta } from "~/utils/meta";

export default function Page() {
  return <PlaceholderPage titleKey="pages.politicalAdDetail.title" />;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "pages.politicalAdDetail.title");
