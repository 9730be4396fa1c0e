import type { Route } from "./+types/privacy-rights";
import { PlaceholderPage } from "~/components/placeholder-page";
import { pageMeta } from "~/utils/meta";

export default function Page() {
  return <PlaceholderPage titleKey="pages.privacyRights.title" />;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "pages.privacyRights.title");
