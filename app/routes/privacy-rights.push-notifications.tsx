import type { Route } from "./+types/privacy-rights.push-notifications";
import { PlaceholderPage } from "~/components/placeholder-page";
import { pageMeta } from "~/utils/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "pages.pushNotifications.title");

export default function Page() {
  return <PlaceholderPage titleKey="pages.pushNotifications.title" />;
}
