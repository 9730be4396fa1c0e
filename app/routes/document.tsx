import type { Route } from "./+types/document";
import { PlaceholderPage } from "~/components/placeholder-page";
import { pageMeta } from "~/utils/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "pages.document.title");

export default function Page() {
  return <PlaceholderPage titleKey="pages.document.title" />;
}
