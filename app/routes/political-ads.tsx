import type { Route } from "./+types/political-ads";
import { PlaceholderPage } from "~/components/placeholder-page";
import { pageMeta } from "~/utils/meta";

export default function Page() {
  return <PlaceholderPage titleKey="pages.politicalAds.title" />;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "pages.politicalAds.title");
