import type { Route } from "./+types/phone";
import { PlaceholderPage } from "~/components/placeholder-page";
import { pageMeta } from "~/utils/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "pages.phone.title");

export default function Page() {
  return <PlaceholderPage titleKey="pages.phone.title" />;
}
