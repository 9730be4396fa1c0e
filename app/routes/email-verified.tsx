import type { Route } from "./+types/email-verified";
import { PlaceholderPage } from "~/components/placeholder-page";
import { pageMeta } from "~/utils/meta";

export default function Page() {
  return <PlaceholderPage titleKey="pages.emailVerified.title" />;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "pages.emailVerified.title");
